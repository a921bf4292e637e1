import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { AccountStatus } from '../../../shared/domain/account'
import type { Result } from '../../../shared/errors'
import { SETTINGS_FILE } from '../../core/settings/settings-store'
import { createManualClock } from '../../testing/manual-clock'
import { APP_SENDER, createTestRuntime } from '../../test-support'

// The out-of-credit banner's "Add credit on the website": the page saves the address of the
// user's account page (https, checked in main), and a channel that takes no address opens only
// that saved one, through the platform's openExternal port (a recorder here).

const PAGE = 'https://voices.example/account/billing'

async function runtimeWithPort(options: { defaultAccountPage?: string } = {}) {
  // A manual clock: the link pace (one a second) is counted on it, never on real time.
  const clock = createManualClock()
  const env = await createTestRuntime({ clock, ...options })
  onTestFinished(env.cleanup)
  const call = (channel: string, input?: unknown): Promise<Result<unknown>> =>
    env.runtime.dispatch(channel, input, APP_SENDER, () => {})
  return { ...env, clock, call }
}

function fieldProblem(result: Result<unknown>): string | undefined {
  if (result.ok) throw new Error('expected a refusal')
  expect(result.error.code).toBe('VALIDATION_FAILED')
  return result.error.details?.fields?.accountPage
}

describe('account:setAccountPage', () => {
  it.each([
    ['plain http', 'http://voices.example/account', 'The address must start with https://.'],
    ['javascript:', 'javascript:alert(1)', 'The address must start with https://.'],
    ['file:', 'file:///etc/passwd', 'The address must start with https://.'],
    ['a custom scheme', 'voicedesk://account', 'The address must start with https://.'],
    [
      'a user name in the address',
      'https://me:pw@voices.example/account',
      'Remove the user name or password from the address.',
    ],
    [
      'this computer',
      'https://localhost/account',
      'Enter the voice service’s website, not an address on this computer or your network.',
    ],
    [
      'a numeric address',
      'https://192.168.1.1/account',
      'Enter the voice service’s website, not an address on this computer or your network.',
    ],
    [
      'words that are no address',
      'my account page',
      'That address has spaces in it. Copy it again from your browser.',
    ],
  ])('refuses %s, in words at the field, and saves nothing', async (_what, url, problem) => {
    const { call, userDataDir } = await runtimeWithPort()
    expect(fieldProblem(await call('account:setAccountPage', { url }))).toBe(problem)
    const status = await call('account:getStatus')
    expect(status.ok && (status.data as AccountStatus).accountPage).toBe(null)
    const file = await readFile(join(userDataDir, SETTINGS_FILE), 'utf8').catch(() => '')
    expect(file).not.toContain(url)
  })

  it('saves an https page with the account settings and tells the window', async () => {
    const { call, userDataDir } = await runtimeWithPort()
    const saved = await call('account:setAccountPage', { url: `  ${PAGE}  ` })
    expect(saved.ok && (saved.data as AccountStatus).accountPage).toBe(PAGE)
    const settings = JSON.parse(await readFile(join(userDataDir, SETTINGS_FILE), 'utf8')) as {
      accountPage: string
    }
    expect(settings.accountPage).toBe(PAGE)
    // An empty field forgets it.
    const cleared = await call('account:setAccountPage', { url: '' })
    expect(cleared.ok && (cleared.data as AccountStatus).accountPage).toBe(null)
  })
})

describe('account:openAccountPage', () => {
  it('opens nothing while no page is saved, and says what to do', async () => {
    const { call, opened } = await runtimeWithPort()
    const result = await call('account:openAccountPage')
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.code).toBe('NOT_FOUND')
      expect(result.error.message).toContain('Add its address first')
    }
    expect(opened).toEqual([])
  })

  it('opens only the saved page, never an address the page sends', async () => {
    const { call, opened, clock } = await runtimeWithPort()
    await call('account:setAccountPage', { url: PAGE })
    for (const url of ['https://elsewhere.example/', 'javascript:alert(1)', 'file:///etc/passwd']) {
      const asked = await call('account:openAccountPage', { url })
      expect(asked.ok).toBe(false)
      if (!asked.ok) expect(asked.error.code).toBe('VALIDATION_FAILED')
    }
    expect(opened).toEqual([])

    expect((await call('account:openAccountPage')).ok).toBe(true)
    expect(opened).toEqual([PAGE])
    clock.advance(1_000)
    expect((await call('account:openAccountPage')).ok).toBe(true)
    expect(opened).toEqual([PAGE, PAGE])
  })

  it('opens the build’s own billing page when the user saved none; a saved page wins', async () => {
    const BUILT_IN = 'https://voice.example/billing'
    const { call, opened, clock } = await runtimeWithPort({ defaultAccountPage: BUILT_IN })
    const status = await call('account:getStatus')
    expect(status.ok && (status.data as AccountStatus).builtInAccountPage).toBe(BUILT_IN)
    expect(status.ok && (status.data as AccountStatus).accountPage).toBe(null)
    // Nothing the page sends is opened, the built-in page included only when asked without one.
    const asked = await call('account:openAccountPage', { url: 'https://elsewhere.example/' })
    expect(asked.ok).toBe(false)
    expect(opened).toEqual([])
    expect((await call('account:openAccountPage')).ok).toBe(true)
    expect(opened).toEqual([BUILT_IN])

    await call('account:setAccountPage', { url: PAGE })
    clock.advance(1_000)
    expect((await call('account:openAccountPage')).ok).toBe(true)
    expect(opened).toEqual([BUILT_IN, PAGE])
    // Forgetting the saved page falls back to the build's.
    await call('account:setAccountPage', { url: '' })
    clock.advance(1_000)
    expect((await call('account:openAccountPage')).ok).toBe(true)
    expect(opened).toEqual([BUILT_IN, PAGE, BUILT_IN])
  })

  it.each(['http://voice.example/billing', 'javascript:alert(1)', 'https://localhost/billing'])(
    'refuses to start with a built-in billing page that breaks the rule (%s)',
    async (page) => {
      await expect(createTestRuntime({ defaultAccountPage: page })).rejects.toThrow(
        /https|this computer/,
      )
    },
  )

  it('refuses a page written into the settings file by hand that is not https', async () => {
    const first = await runtimeWithPort()
    await first.call('account:setAccountPage', { url: PAGE })
    const path = join(first.userDataDir, SETTINGS_FILE)
    const settings = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>
    for (const edited of ['javascript:alert(1)', 'file:///etc/passwd', 'http://voices.example/']) {
      await writeFile(path, JSON.stringify({ ...settings, accountPage: edited }))
      const env = await createTestRuntime({ userDataDir: first.userDataDir })
      const result = await env.runtime.dispatch(
        'account:openAccountPage',
        undefined,
        APP_SENDER,
        () => {},
      )
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error.message).toContain('cannot be opened')
      expect(env.opened).toEqual([])
      await env.cleanup()
    }
  })
})
