import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { RenderResult } from '../../../shared/domain/narration'
import type { OpenedDocument, RenderStatus } from '../../../shared/domain/script-workspace'
import type { UsageReport } from '../../../shared/domain/usage'
import type { Sandbox } from '../../../sandbox/index'
import { startSandbox } from '../../../sandbox/index'
import { metaOf } from '../../core/script-workspace/open-document'
import { dataOf, dispatchRuntime, PLAIN_WAV } from '../../testing/dispatch-runtime'
import { useTempDirs } from '../../testing/temp-dir'

// What the window is told of a render in a person's words: progress by the script's blocks (not
// the pieces the service is asked for), and what the render used, with the part that came from
// the cache (not billed again) counted apart from what the service billed.

const tempDir = useTempDirs('vd-ipc-render-words-')
const WAV = PLAIN_WAV
const TEXTS = [
  'The lighthouse keeper counted ships.',
  'Night came early in the winter.',
  'Nobody answered the radio that evening.',
]

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0, warmUp: false, demoKeys: true })
})
afterAll(async () => {
  await sandbox.stop()
})

describe('a render as the window follows it', () => {
  it('counts progress in blocks and reports the characters used, with those from the cache apart', async () => {
    const dir = await tempDir()
    const { call, recorder, sent } = await dispatchRuntime(sandbox)
    const opened = dataOf<OpenedDocument>(await call('script:new', undefined))
    const first = opened.project.blocks[0]!
    let blocks = TEXTS.map((text, i) => ({ ...first, id: `b${i}`, text }))
    const project = {
      ...opened.project,
      title: 'The Lighthouse',
      defaults: { ...opened.project.defaults, voiceId: 'olivia' },
      blocks,
    }
    let { revision } = dataOf<{ revision: number }>(
      await call('script:saveDraft', {
        docId: opened.docId,
        changes: { meta: metaOf(project), order: blocks.map((b) => b.id), blocks },
      }),
    )

    const render = async (
      name: string,
    ): Promise<{ result: RenderResult; statuses: RenderStatus[] }> => {
      sent.length = 0
      recorder.answerNextSave(join(dir, name))
      dataOf(await call('script:startRender', { docId: opened.docId, revision, settings: WAV }))
      const ended = await vi.waitUntil(() => sent.find((s) => s.channel === 'script:renderEnded'), {
        timeout: 90_000,
        interval: 20,
      })
      const payload = ended.payload as { ok: boolean; finished: { result: RenderResult } }
      expect(payload.ok).toBe(true)
      const statuses = sent
        .filter((s) => s.channel === 'script:renderProgress')
        .map((s) => s.payload as RenderStatus)
      return { result: payload.finished.result, statuses }
    }
    const length = (text: string): number => [...text].length

    const once = await render('first.wav')
    const counted = once.statuses.map((s) => s.progress).filter((p) => p.blocksTotal > 0)
    expect(counted.length).toBeGreaterThan(0)
    expect(new Set(counted.map((p) => p.blocksTotal))).toEqual(new Set([TEXTS.length]))
    const done = counted.map((p) => p.blocksDone)
    expect(done).toEqual([...done].sort((a, b) => a - b))
    expect(done.at(-1)).toBe(TEXTS.length)
    expect(once.result.billableCharacters).toBe(TEXTS.reduce((n, t) => n + length(t), 0))
    expect(once.result.cachedCharacters).toBe(0)

    // One block changed: only it is billed; the two others are used again from the cache.
    const changed = 'Somebody answered the radio at last.'
    blocks = blocks.map((b, i) => (i === 2 ? { ...b, text: changed } : b))
    ;({ revision } = dataOf<{ revision: number }>(
      await call('script:saveDraft', { docId: opened.docId, changes: { blocks: [blocks[2]] } }),
    ))
    const usageBefore = dataOf<UsageReport>(await call('account:usage', undefined))
    const again = await render('second.wav')
    expect(again.result.billableCharacters).toBe(length(changed))
    expect(again.result.cachedCharacters).toBe(length(TEXTS[0]!) + length(TEXTS[1]!))
    // What the summary says was billed is what Account's usage grew by.
    const usageAfter = dataOf<UsageReport>(await call('account:usage', undefined))
    expect(usageAfter.months[0]!.characters - (usageBefore.months[0]?.characters ?? 0)).toBe(
      again.result.billableCharacters,
    )
  }, 240_000)
})
