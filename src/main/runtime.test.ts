import { createTestPlatform } from './testing/test-platform'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RuntimeEvent } from './runtime'
import { APP_SENDER, createTestRuntime } from './test-support'

const KEY = 'plain-test-key-runtime_9876'
const noEmit = () => {}
let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups) await cleanup()
  cleanups = []
})

async function setup(overrides: Parameters<typeof createTestRuntime>[0] = {}) {
  const env = await createTestRuntime(overrides)
  cleanups.push(env.cleanup)
  return env
}

describe('createMainRuntime', () => {
  it('answers app:getInfo', async () => {
    const { runtime } = await setup({
      build: { name: 'VoiceDesk', version: '1.2.3', development: true },
    })
    expect(await runtime.dispatch('app:getInfo', undefined, APP_SENDER, noEmit)).toEqual({
      ok: true,
      data: {
        name: 'VoiceDesk',
        version: '1.2.3',
        platform: process.platform,
        development: true,
        usingSandbox: false,
      },
    })
  })

  it('a closed window takes its jobs with it, and only its own', async () => {
    const { runtime } = await setup()
    const waitForCancel = ({ signal }: { signal: AbortSignal }) =>
      new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve('stopped')))
    const closing = runtime.services.jobs.start({ kind: 'test', ownerId: 41, run: waitForCancel })
    const staying = runtime.services.jobs.start({ kind: 'test', ownerId: 42, run: waitForCancel })
    runtime.windowClosed(41)
    await expect(closing.done).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(runtime.services.jobs.running().map((job) => job.id)).toEqual([staying.id])
    runtime.windowClosed(42)
    await expect(staying.done).rejects.toMatchObject({ code: 'CANCELLED' })
  })

  it('opens only guarded http(s) links through the platform port', async () => {
    const { runtime, opened } = await setup()
    expect(
      await runtime.dispatch(
        'app:openExternal',
        { url: ' https://Example.com/a ' },
        APP_SENDER,
        noEmit,
      ),
    ).toEqual({ ok: true, data: undefined })
    const refused = await runtime.dispatch(
      'app:openExternal',
      { url: 'file:///etc/passwd' },
      APP_SENDER,
      noEmit,
    )
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } })
    expect(opened).toEqual(['https://example.com/a'])
  })

  it('app:openExternal refuses local addresses and paces links on the runtime clock', async () => {
    const { createManualClock } = await import('./testing/manual-clock')
    const clock = createManualClock()
    const { runtime, opened } = await setup({ clock })
    const open = (url: string) => runtime.dispatch('app:openExternal', { url }, APP_SENDER, noEmit)
    for (const url of ['http://127.0.0.1:8080/', 'http://0x7f.1/', 'http://router.local/']) {
      expect(await open(url)).toMatchObject({
        ok: false,
        error: { code: 'VALIDATION_FAILED', message: expect.stringMatching(/local network/) },
      })
    }
    expect(await open('https://example.com/one')).toEqual({ ok: true, data: undefined })
    expect(await open('https://example.com/two')).toMatchObject({
      ok: false,
      error: { code: 'RATE_LIMITED', retryable: true },
    })
    clock.advance(1000)
    expect(await open('https://example.com/three')).toEqual({ ok: true, data: undefined })
    expect(opened).toEqual(['https://example.com/one', 'https://example.com/three'])
  })

  it('broadcasts account:changed to every window and never returns or logs the key', async () => {
    const { runtime, logLines, userDataDir } = await setup()
    const seen: RuntimeEvent[] = []
    runtime.onEvent((e) => seen.push(e))
    await runtime.dispatch(
      'account:setBaseUrl',
      { baseUrl: 'https://tts.example' },
      APP_SENDER,
      noEmit,
    )
    const set = await runtime.dispatch('account:setApiKey', { apiKey: KEY }, APP_SENDER, noEmit)
    expect(set).toMatchObject({ ok: true, data: { credential: 'apiKey', keyHint: '…9876' } })
    const verified = await runtime.dispatch('account:verify', undefined, APP_SENDER, noEmit)
    expect(verified).toMatchObject({ ok: true, data: { voiceCount: 3 } })
    const forgot = await runtime.dispatch('account:forget', undefined, APP_SENDER, noEmit)
    expect(forgot).toMatchObject({ ok: true, data: { credential: 'none' } })
    expect(seen.map((e) => e.channel)).toEqual([
      'account:changed',
      'account:changed',
      'account:changed',
      'account:changed',
    ])
    const second = seen[1]
    expect(second?.channel === 'account:changed' && second.payload.credential).toBe('apiKey')
    const everything = JSON.stringify([set, verified, forgot, seen]) + logLines.join('\n')
    expect(everything).not.toContain(KEY)
    expect(await readFile(join(userDataDir, 'settings.json'), 'utf8')).not.toContain(KEY)
  })

  it('keeps the theme choice in the settings file and tells every window when it changes', async () => {
    const { runtime, userDataDir } = await setup()
    const seen: RuntimeEvent[] = []
    runtime.onEvent((e) => seen.push(e))
    expect(await runtime.dispatch('app:getTheme', undefined, APP_SENDER, noEmit)).toEqual({
      ok: true,
      data: 'system',
    })
    expect(await runtime.dispatch('app:setTheme', { theme: 'dark' }, APP_SENDER, noEmit)).toEqual({
      ok: true,
      data: 'dark',
    })
    // The View menu goes through the same setter.
    await runtime.setTheme('light')
    expect(seen).toEqual([
      { channel: 'app:themeChanged', payload: { theme: 'dark' } },
      { channel: 'app:themeChanged', payload: { theme: 'light' } },
    ])
    const onDisk = JSON.parse(await readFile(join(userDataDir, 'settings.json'), 'utf8')) as {
      theme: string
    }
    expect(onDisk.theme).toBe('light')
    const refused = await runtime.dispatch('app:setTheme', { theme: 'sepia' }, APP_SENDER, noEmit)
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } })
    expect(await runtime.dispatch('app:getTheme', undefined, APP_SENDER, noEmit)).toEqual({
      ok: true,
      data: 'light',
    })
  })

  it("reports each window's menu state to main", async () => {
    const states: unknown[] = []
    const { runtime } = await setup({
      onMenuState: (ownerId, state) => states.push({ ownerId, state }),
    })
    expect(
      await runtime.dispatch('app:setMenuState', { scriptOpen: true }, APP_SENDER, noEmit),
    ).toEqual({ ok: true, data: undefined })
    expect(states).toEqual([{ ownerId: APP_SENDER.webContentsId, state: { scriptOpen: true } }])
  })

  it('starts the sandbox only when no credential is configured, and stops it on dispose', async () => {
    const stop = vi.fn(() => Promise.resolve())
    const startSandbox = vi.fn(() =>
      Promise.resolve({ baseUrl: 'http://127.0.0.1:4999', apiKey: 'sk_sandbox_1111', stop }),
    )
    const { runtime } = await setup({ startSandbox })
    expect(startSandbox).toHaveBeenCalledTimes(1)
    expect(runtime.services.account.getStatus()).toMatchObject({
      credential: 'sandbox',
      baseUrl: 'http://127.0.0.1:4999',
    })
    expect(await runtime.dispatch('app:getInfo', undefined, APP_SENDER, noEmit)).toMatchObject({
      data: { usingSandbox: true },
    })
    await runtime.dispose()
    expect(stop).toHaveBeenCalledTimes(1)
  })

  it('does not start the sandbox when a credential is configured', async () => {
    const first = await setup()
    await first.runtime.services.settings.update(() => ({ credential: 'apiKey' }))
    await first.runtime.services.secrets.set('api-key', KEY)
    const startSandbox = vi.fn(() => Promise.resolve(null))
    const { createMainRuntime } = await import('./runtime')
    const runtime = await createMainRuntime({
      userDataDir: first.userDataDir,
      secretStore: first.runtime.services.secrets,
      platform: createTestPlatform().ports,
      appOrigins: () => true,
      startSandbox,
    })
    expect(startSandbox).not.toHaveBeenCalled()
    expect(runtime.services.account.getStatus().credential).toBe('apiKey')
    await runtime.dispose()
  })

  it('verifies the sandbox credential through the real upstream client by default', async () => {
    const { startSandbox } = await import('../sandbox/index')
    const sandbox = await startSandbox({ synthThreads: 0, demoKeys: true })
    try {
      const { runtime } = await setup({
        verifyCredential: undefined,
        sandbox: { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.paid },
      })
      const result = await runtime.dispatch('account:verify', undefined, APP_SENDER, noEmit)
      expect(result).toMatchObject({ ok: true, data: { voiceCount: expect.any(Number) } })
      expect(runtime.services.account.getStatus()).toMatchObject({
        credential: 'sandbox',
        verifiedAt: expect.any(String),
      })
    } finally {
      await sandbox.stop()
    }
  })

  it('follows a conversation on the clock it is given: the next read comes as that clock moves a second', async () => {
    const { startSandbox } = await import('../sandbox/index')
    const { createManualClock } = await import('./testing/manual-clock')
    // One clock for both sides, as the e2e host shares it: the call progresses as the test says.
    const clock = createManualClock()
    const sandbox = await startSandbox({
      synthThreads: 0,
      warmUp: false,
      conversationCount: 0,
      liveConversationEveryMs: 0,
      clock,
    })
    cleanups.push(() => sandbox.stop())
    const { runtime } = await setup({
      clock,
      sandbox: { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.paid },
    })
    const live = sandbox.startConversation({ turns: 3, turnIntervalMs: 400, startDelayMs: 500 })
    const events: string[] = []
    const opened = await runtime.dispatch('conversations:open', { id: live.id }, APP_SENDER, (c) =>
      events.push(c),
    )
    expect(opened).toMatchObject({ ok: true, data: { conversation: { status: 'pending' } } })
    // The follow waits its second on this clock (on the system clock, the manual one sees no wait).
    expect(clock.delays).toContain(1_000)
    const nextRead = sandbox.nextRequest({ pathPrefix: `/v1/conversations/${live.id}` })
    clock.advance(1_000)
    expect(await nextRead).toMatchObject({ status: 200 })
    await vi.waitFor(() => expect(events).toContain('conversations:event'))
  })

  it('reports a reset settings file as a notice in the account status', async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises')
    const { tmpdir } = await import('node:os')
    const dir = await mkdtemp(join(tmpdir(), 'voicedesk-reset-'))
    await writeFile(join(dir, 'settings.json'), '{broken')
    const { runtime } = await setup({ userDataDir: dir })
    const status = await runtime.dispatch('account:getStatus', undefined, APP_SENDER, noEmit)
    expect(status).toMatchObject({ ok: true, data: { notices: [{ kind: 'settings-reset' }] } })
    await rm(dir, { recursive: true, force: true })
  })
})
