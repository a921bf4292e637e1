import { readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../sandbox/index'
import type { AccountStatus } from '../shared/domain/account'
import type { Voice } from '../shared/domain/voice'
import type { Result } from '../shared/errors'
import { startSandbox } from '../sandbox/index'
import type { MainRuntimeOptions } from './runtime'
import { APP_SENDER, createTestRuntime } from './test-support'
import { createTestPlatform } from './testing/test-platform'
import { createManualClock } from './testing/manual-clock'
import { MOVE_QUESTION_COOLDOWN_MS, MOVE_QUESTION_MAX_REFUSALS } from './core/account/move-question'

/**
 * The saved key goes only to the service it was saved for, through the real dispatcher, the real
 * handlers and real HTTP: a listener on another origin (127.0.0.1, another port) must never see it.
 */

const KEY = 'plain-test-key-bound_key_4242'
const noEmit = () => {}

/** A stand-in for someone else's server: records every request's headers, answers an empty list. */
interface Listener {
  baseUrl: string
  seen: { path: string; authorization: string | undefined }[]
  close(): Promise<void>
}

async function startListener(): Promise<Listener> {
  const seen: Listener['seen'] = []
  const server: Server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization })
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('{"voices": [], "next_cursor": null, "has_more": false}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

let sandbox: Sandbox
let listener: Listener
let cleanups: (() => Promise<void>)[] = []

beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0, keys: { paid: KEY } })
})
afterAll(async () => {
  await sandbox.stop()
})
afterEach(async () => {
  for (const cleanup of cleanups) await cleanup()
  cleanups = []
})

async function setup(overrides: Partial<MainRuntimeOptions> = {}) {
  listener = await startListener()
  const { ports, recorder } = createTestPlatform({ unansweredDialogs: 'cancel' })
  const env = await createTestRuntime({ platform: ports, ...overrides })
  cleanups.push(env.cleanup, () => listener.close())
  const call = env.runtime.dispatch
  const signIn = async (baseUrl: string) => {
    expect(await call('account:setBaseUrl', { baseUrl }, APP_SENDER, noEmit)).toMatchObject({
      ok: true,
    })
    expect(await call('account:setApiKey', { apiKey: KEY }, APP_SENDER, noEmit)).toMatchObject({
      ok: true,
    })
  }
  const listVoices = async () =>
    (await call('voices:list', { refresh: true }, APP_SENDER, noEmit)) as Result<Voice[]>
  const setBaseUrl = async (baseUrl: string) =>
    (await call('account:setBaseUrl', { baseUrl }, APP_SENDER, noEmit)) as Result<AccountStatus>
  return { ...env, recorder, signIn, listVoices, setBaseUrl }
}

describe('the saved key goes only where it was saved for', () => {
  it('pointing the base URL at another origin never sends the key there', async () => {
    const { signIn, listVoices, setBaseUrl, recorder, userDataDir, logLines } = await setup()
    await signIn(sandbox.baseUrl)
    const before = await listVoices()
    expect(before.ok && before.data.length).toBeGreaterThan(0)

    // The page (or script injected into it) reroutes the service address.
    const moved = await setBaseUrl(listener.baseUrl)
    expect(moved).toMatchObject({
      ok: true,
      data: {
        baseUrl: listener.baseUrl,
        credential: 'apiKey',
        keyFor: { origin: sandbox.baseUrl, usable: false },
      },
    })
    // Main asked the user natively, naming both hosts; nobody said yes.
    const asked = recorder.dialogs.filter((d) => d.kind === 'confirm')
    expect(asked).toHaveLength(1)
    expect(asked[0]?.message).toContain(new URL(listener.baseUrl).host)
    expect(asked[0]?.message).toContain(new URL(sandbox.baseUrl).host)

    const after = await listVoices()
    expect(after).toEqual({
      ok: false,
      error: {
        code: 'AUTH_MISSING',
        retryable: false,
        message: `The saved key belongs to ${new URL(sandbox.baseUrl).host}. Enter the key for ${new URL(listener.baseUrl).host} in Account. You chose not to send it to ${new URL(listener.baseUrl).host}; VoiceDesk does not ask again until it restarts.`,
      },
    })
    expect(listener.seen.filter((r) => r.authorization !== undefined)).toEqual([])
    const everything =
      JSON.stringify([moved, after]) +
      logLines.join('\n') +
      (await readFile(join(userDataDir, 'settings.json'), 'utf8'))
    expect(everything).not.toContain(KEY)
  })

  it('no input field can confirm the move: extra input is refused or ignored', async () => {
    const { signIn, listVoices, runtime } = await setup()
    await signIn(sandbox.baseUrl)
    const forged = (await runtime.dispatch(
      'account:setBaseUrl',
      { baseUrl: listener.baseUrl, confirmed: true, confirmMove: true },
      APP_SENDER,
      noEmit,
    )) as Result<AccountStatus>
    // The schema drops the unknown fields: the address changes, the key stays where it was.
    expect(forged).toMatchObject({
      ok: true,
      data: { baseUrl: listener.baseUrl, keyFor: { origin: sandbox.baseUrl, usable: false } },
    })
    expect(await listVoices()).toMatchObject({ ok: false, error: { code: 'AUTH_MISSING' } })
    expect(listener.seen.filter((r) => r.authorization !== undefined)).toEqual([])
  })

  it('when the user confirms natively, the key moves to the new address', async () => {
    const { signIn, listVoices, setBaseUrl, recorder } = await setup()
    await signIn(sandbox.baseUrl)
    recorder.answerNextConfirm(true)
    const moved = await setBaseUrl(listener.baseUrl)
    expect(moved).toMatchObject({ ok: true, data: { keyFor: { usable: true } } })
    expect(await listVoices()).toEqual({ ok: true, data: [] })
    expect(listener.seen.map((r) => r.authorization)).toEqual([`Bearer ${KEY}`])
  })

  it('when the user declines, the key stays with its service and works there again', async () => {
    const { signIn, listVoices, setBaseUrl, recorder } = await setup()
    await signIn(sandbox.baseUrl)
    recorder.answerNextConfirm(false)
    await setBaseUrl(listener.baseUrl)
    expect(await listVoices()).toMatchObject({ ok: false, error: { code: 'AUTH_MISSING' } })
    expect(listener.seen).toEqual([])
    await setBaseUrl(sandbox.legacyBaseUrl)
    const back = await listVoices()
    expect(back.ok && back.data.length).toBeGreaterThan(0)
  })

  it('the current and legacy addresses are one trust group: the key works on both, no question', async () => {
    // The same sandbox under two origins: 127.0.0.1 (current) and localhost (legacy).
    const port = new URL(sandbox.baseUrl).port
    const legacy = `http://localhost:${port}/legacy`
    const { signIn, listVoices, setBaseUrl, recorder } = await setup({
      trustGroups: [[sandbox.baseUrl, legacy]],
    })
    await signIn(sandbox.baseUrl)
    const moved = await setBaseUrl(legacy)
    expect(moved).toMatchObject({ ok: true, data: { keyFor: { usable: true } } })
    expect(recorder.dialogs).toEqual([])
    sandbox.clearRequestLog()
    const listed = await listVoices()
    expect(listed.ok && listed.data.length).toBeGreaterThan(0)
    expect(sandbox.requestLog({ pathPrefix: '/v1/voices' }).some((e) => e.legacy)).toBe(true)
  })
})

describe('the "send the key elsewhere?" question cannot be raised without limit', () => {
  it('one question per cooldown, none after three refusals: repeated asks raise no native dialog', async () => {
    const clock = createManualClock()
    const { signIn, setBaseUrl, recorder } = await setup({ clock })
    await signIn(sandbox.baseUrl)
    const confirms = () => recorder.dialogs.filter((d) => d.kind === 'confirm').length
    const sandboxHost = new URL(sandbox.baseUrl).host

    await setBaseUrl('https://one.example')
    expect(confirms()).toBe(1)
    // Asked again at once, about another address: answered "no" without a dialog.
    const held = await setBaseUrl('https://two.example')
    expect(confirms()).toBe(1)
    expect(held).toMatchObject({ ok: true, data: { keyFor: { usable: false } } })
    expect(held.ok && held.data.notices).toContainEqual({
      kind: 'key-elsewhere',
      message:
        "Your key was saved for a service on this computer, and VoiceDesk is now set to use two.example, so it does not send the key there. Go back to the key's address, or paste the key for this one.",
      details: `Saved for: ${sandboxHost}. Set now: two.example. VoiceDesk did not ask about sending it there: it asks at most once every 30 seconds, and not at all after three refusals until it restarts.`,
    })

    clock.advance(MOVE_QUESTION_COOLDOWN_MS)
    await setBaseUrl('https://three.example')
    clock.advance(MOVE_QUESTION_COOLDOWN_MS)
    await setBaseUrl('https://four.example')
    expect(confirms()).toBe(3)

    // Three refusals in a row: however long the page waits, no more dialogs this session, and a
    // queued "yes" is never consumed.
    recorder.answerNextConfirm(true)
    for (let i = 0; i < 20; i += 1) {
      clock.advance(MOVE_QUESTION_COOLDOWN_MS * 10)
      const moved = await setBaseUrl(`https://host-${i}.example`)
      expect(moved).toMatchObject({ ok: true, data: { keyFor: { origin: sandbox.baseUrl } } })
    }
    expect(confirms()).toBe(3)
    expect(MOVE_QUESTION_MAX_REFUSALS).toBe(3)
  })
})
