import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { AccountStatus } from '../../../shared/domain/account'
import type { Result } from '../../../shared/errors'
import { SETTINGS_FILE } from '../../core/settings/settings-store'
import { APP_SENDER, createTestRuntime } from '../../test-support'

// The service cannot say which plan an account is on, so Account asks once, after the first
// accepted key. The answer is kept with the settings: it is not asked again, not even after a
// restart, and the development sandbox never asks.

type Env = Awaited<ReturnType<typeof createTestRuntime>>

function callOf(env: Env) {
  return async (channel: string, input?: unknown): Promise<AccountStatus> => {
    const result: Result<unknown> = await env.runtime.dispatch(channel, input, APP_SENDER, () => {})
    if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`)
    return result.data as AccountStatus
  }
}

describe('the plan question', () => {
  it('is open until a plan is chosen, and stays answered after a restart', async () => {
    const first = await createTestRuntime()
    onTestFinished(() => first.cleanup())
    const call = callOf(first)
    await call('account:setBaseUrl', { baseUrl: 'https://tts.example' })
    const signedIn = await call('account:setApiKey', { apiKey: 'sk_plan_question_1234' })
    expect(signedIn.planAnswered).toBe(false)
    expect(signedIn.plan).toBe('free')
    // "No, keep Free": the same plan as before, but now an answer.
    const kept = await call('account:setPlan', { plan: 'free' })
    expect(kept).toMatchObject({ plan: 'free', planAnswered: true })
    await first.runtime.dispose()

    const second = await createTestRuntime({ userDataDir: first.userDataDir })
    onTestFinished(() => second.runtime.dispose())
    const again = await callOf(second)('account:getStatus')
    expect(again).toMatchObject({ plan: 'free', planAnswered: true })
  })

  it('counts a paid plan saved by an older build as answered, and a fresh Free as not', async () => {
    const fresh = await createTestRuntime()
    onTestFinished(() => fresh.cleanup())
    expect((await callOf(fresh)('account:getStatus')).planAnswered).toBe(false)

    // A settings file from before the question existed: the plan, and no answer flag.
    const dir = await mkdtemp(join(tmpdir(), 'voicedesk-plan-'))
    onTestFinished(() => rm(dir, { recursive: true, force: true }))
    await writeFile(join(dir, SETTINGS_FILE), JSON.stringify({ version: 1, plan: 'paid' }))
    const older = await createTestRuntime({ userDataDir: dir })
    onTestFinished(() => older.runtime.dispose())
    expect(await callOf(older)('account:getStatus')).toMatchObject({
      plan: 'paid',
      planAnswered: true,
    })
  })
})
