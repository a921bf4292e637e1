import { PLAIN_WAV } from '../../testing/dispatch-runtime'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { OpenedDocument } from '../../../shared/domain/script-workspace'
import type { UsageReport } from '../../../shared/domain/usage'
import { USAGE_PREVIEWS } from '../../../shared/domain/usage'
import type { Result } from '../../../shared/errors'
import type { Sandbox } from '../../../sandbox/index'
import { startSandbox } from '../../../sandbox/index'
import { metaOf } from '../../core/script-workspace/open-document'
import { APP_SENDER, createTestRuntime } from '../../test-support'
import { createTestPlatform } from '../../testing/test-platform'
import { useTempDirs } from '../../testing/temp-dir'
import type { Emit } from '../dispatch'

// Usage is counted where synthesis succeeds: a render against the sandbox adds what the service
// billed under the script's title, and a re-render served from the cache adds nothing.

const tempDir = useTempDirs('vd-ipc-usage-')
const WAV = PLAIN_WAV

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0, warmUp: false, demoKeys: true })
})
afterAll(async () => {
  await sandbox.stop()
})

function data<T>(result: Result<unknown>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.data as T
}

describe('account:usage', () => {
  it('adds a render’s billable characters under the script’s title, and 0 for a cached re-render', async () => {
    const dir = await tempDir()
    const { ports, recorder } = createTestPlatform({ unansweredDialogs: 'cancel' })
    const env = await createTestRuntime({
      platform: ports,
      sandbox: { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.paid },
    })
    onTestFinished(env.cleanup)
    const sent: { channel: string; payload: unknown }[] = []
    const emit: Emit = (channel, payload) => void sent.push({ channel, payload })
    const call = (channel: string, input: unknown): Promise<Result<unknown>> =>
      env.runtime.dispatch(channel, input, APP_SENDER, emit)

    expect(data<UsageReport>(await call('account:usage', undefined))).toEqual({ months: [] })

    const opened = data<OpenedDocument>(await call('script:new', undefined))
    const block = { ...opened.project.blocks[0]!, text: 'The lighthouse keeper counted ships.' }
    const project = {
      ...opened.project,
      title: 'The Lighthouse',
      defaults: { ...opened.project.defaults, voiceId: 'olivia' },
      blocks: [block],
    }
    const { revision } = data<{ revision: number }>(
      await call('script:saveDraft', {
        docId: opened.docId,
        changes: { meta: metaOf(project), blocks: [block] },
      }),
    )

    const render = async (
      name: string,
    ): Promise<{ billableCharacters: number; requests: number }> => {
      sent.length = 0
      recorder.answerNextSave(join(dir, name))
      data(await call('script:startRender', { docId: opened.docId, revision, settings: WAV }))
      const ended = await vi.waitUntil(() => sent.find((s) => s.channel === 'script:renderEnded'), {
        timeout: 30_000,
        interval: 20,
      })
      const payload = ended.payload as {
        ok: boolean
        finished: { result: { billableCharacters: number; requests: number } }
      }
      expect(payload.ok).toBe(true)
      return payload.finished.result
    }

    const first = await render('first.wav')
    expect(first.requests).toBeGreaterThan(0)
    expect(first.billableCharacters).toBe([...block.text].length)
    const afterFirst = data<UsageReport>(await call('account:usage', undefined))
    expect(afterFirst.months).toHaveLength(1)
    expect(afterFirst.months[0]).toMatchObject({
      characters: first.billableCharacters,
      projects: [{ project: 'The Lighthouse', characters: first.billableCharacters }],
    })

    const second = await render('second.wav')
    expect(second.requests).toBe(0)
    expect(data<UsageReport>(await call('account:usage', undefined))).toEqual(afterFirst)
  })

  it('counts a voice tried in Voices with the user’s own text under Previews', async () => {
    const env = await createTestRuntime({
      sandbox: { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.paid },
    })
    onTestFinished(env.cleanup)
    const sent: { channel: string; payload: unknown }[] = []
    const emit: Emit = (channel, payload) => void sent.push({ channel, payload })
    const call = (channel: string, input: unknown): Promise<Result<unknown>> =>
      env.runtime.dispatch(channel, input, APP_SENDER, emit)
    const text = 'Hello from the lighthouse.'

    const { jobId } = data<{ jobId: string }>(
      await call('voices:tryText', { voiceId: 'olivia', text }),
    )
    const ended = await vi.waitUntil(
      () =>
        sent.find(
          (s) =>
            s.channel === 'voices:tryEnded' && (s.payload as { jobId: string }).jobId === jobId,
        ),
      { timeout: 30_000, interval: 20 },
    )
    expect((ended.payload as { ok: boolean }).ok).toBe(true)
    const report = data<UsageReport>(await call('account:usage', undefined))
    expect(report.months).toHaveLength(1)
    expect(report.months[0]?.projects).toEqual([
      { project: USAGE_PREVIEWS, characters: [...text].length },
    ])
  })

  it('says the account is out of credit once the service refuses speech for it, until it speaks again', async () => {
    const env = await createTestRuntime({
      sandbox: { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.paid },
    })
    onTestFinished(env.cleanup)
    onTestFinished(() => {
      sandbox.setAccount('paid', { outOfCredit: false })
    })
    const sent: { channel: string; payload: unknown }[] = []
    const emit: Emit = (channel, payload) => void sent.push({ channel, payload })
    const call = (channel: string, input: unknown): Promise<Result<unknown>> =>
      env.runtime.dispatch(channel, input, APP_SENDER, emit)
    const tryVoice = async (text: string): Promise<{ ok: boolean }> => {
      const { jobId } = data<{ jobId: string }>(
        await call('voices:tryText', { voiceId: 'olivia', text }),
      )
      const ended = await vi.waitUntil(
        () =>
          sent.find(
            (s) =>
              s.channel === 'voices:tryEnded' && (s.payload as { jobId: string }).jobId === jobId,
          ),
        { timeout: 30_000, interval: 20 },
      )
      return ended.payload as { ok: boolean }
    }

    sandbox.setAccount('paid', { outOfCredit: true })
    expect((await tryVoice('No credit for this line.')).ok).toBe(false)
    const refused = data<UsageReport>(await call('account:usage', undefined))
    expect(refused.months).toEqual([])
    expect(Date.parse(refused.outOfCreditAt ?? '')).not.toBeNaN()

    // "I've added credit" forgets the refusal; a line still refused notes it again.
    const added = data<UsageReport>(await call('account:creditAdded', undefined))
    expect(added.outOfCreditAt).toBeUndefined()
    expect(data<UsageReport>(await call('account:usage', undefined)).outOfCreditAt).toBeUndefined()
    expect((await tryVoice('Still no credit.')).ok).toBe(false)
    const again = data<UsageReport>(await call('account:usage', undefined))
    expect(Date.parse(again.outOfCreditAt ?? '')).not.toBeNaN()

    sandbox.setAccount('paid', { outOfCredit: false })
    expect((await tryVoice('Credit again.')).ok).toBe(true)
    const spoken = data<UsageReport>(await call('account:usage', undefined))
    expect(spoken.outOfCreditAt).toBeUndefined()
    expect(spoken.months[0]?.characters).toBe('Credit again.'.length)
  })
})
