import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { RenderResult } from '../../../shared/domain/narration'
import type { ScriptBlock } from '../../../shared/domain/script'
import type { OpenedDocument } from '../../../shared/domain/script-workspace'
import type { AppErrorData } from '../../../shared/errors'
import type { Sandbox } from '../../../sandbox/index'
import { startSandbox } from '../../../sandbox/index'
import { metaOf } from '../../core/script-workspace/open-document'
import { dataOf, dispatchRuntime, PLAIN_WAV } from '../../testing/dispatch-runtime'
import { useTempDirs } from '../../testing/temp-dir'

// An emotion mark is part of the project, compiled to the service's style element only when
// planned: on one sentence it changes exactly that block's request and sound, taking it off gives
// back what was cached, and a voice whose data lists no emotions is refused before anything is sent.

const tempDir = useTempDirs('vd-ipc-marks-')
const WAV = PLAIN_WAV
const TEXTS = [
  'The lighthouse keeper counted ships.',
  'Nobody answered the radio that evening.',
  'Night came early in the winter.',
]
const ANGRY = { kind: 'emotion', start: 0, end: TEXTS[1]!.length, value: 'angry' } as const

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0, warmUp: false, demoKeys: true })
})
afterAll(async () => {
  await sandbox.stop()
})

function speechInputs(): string[] {
  return sandbox
    .requestLog({ pathPrefix: '/v1/audio/speech' })
    .filter((e) => e.status === 200)
    .map((e) => String(e.body?.input))
}

type Call = Awaited<ReturnType<typeof dispatchRuntime>>['call']

/**
 * A new script whose blocks are made from the first one by `make`, George as the default voice,
 * saved as a draft; returns the document and its revision.
 */
async function scriptWith(
  call: Call,
  make: (first: ScriptBlock) => ScriptBlock[],
): Promise<{ docId: string; blocks: ScriptBlock[]; revision: number }> {
  const opened = dataOf<OpenedDocument>(await call('script:new', undefined))
  const blocks = make(opened.project.blocks[0]!)
  const project = {
    ...opened.project,
    defaults: { ...opened.project.defaults, voiceId: 'george' },
    blocks,
  }
  const { revision } = dataOf<{ revision: number }>(
    await call('script:saveDraft', {
      docId: opened.docId,
      changes: { meta: metaOf(project), order: blocks.map((b) => b.id), blocks },
    }),
  )
  return { docId: opened.docId, blocks, revision }
}

describe('an emotion mark on one sentence', () => {
  it('changes exactly its block request and audio, and a voice without emotions is refused first', async () => {
    const dir = await tempDir()
    const { call, recorder, sent } = await dispatchRuntime(sandbox)
    const made = await scriptWith(call, (first) =>
      TEXTS.map((text, i) => ({ ...first, id: `b${i}`, text })),
    )
    const opened = { docId: made.docId }
    const { blocks } = made
    let { revision } = made
    const save = async (block: ScriptBlock): Promise<void> => {
      ;({ revision } = dataOf<{ revision: number }>(
        await call('script:saveDraft', { docId: opened.docId, changes: { blocks: [block] } }),
      ))
    }
    const render = async (name: string): Promise<{ result: RenderResult; size: number }> => {
      sent.length = 0
      recorder.answerNextSave(join(dir, name))
      dataOf(await call('script:startRender', { docId: opened.docId, revision, settings: WAV }))
      const ended = await vi.waitUntil(() => sent.find((s) => s.channel === 'script:renderEnded'), {
        timeout: 90_000,
        interval: 20,
      })
      const payload = ended.payload as { ok: boolean; finished: { result: RenderResult } }
      expect(payload.ok).toBe(true)
      return { result: payload.finished.result, size: (await stat(join(dir, name))).size }
    }

    sandbox.clearRequestLog()
    const plain = await render('plain.wav')
    expect(speechInputs()).toEqual(TEXTS)

    sandbox.clearRequestLog()
    await save({ ...blocks[1]!, marks: [ANGRY] })
    const angry = await render('angry.wav')
    expect(speechInputs()).toEqual([
      `<speak><speechify:style emotion="angry">${TEXTS[1]}</speechify:style></speak>`,
    ])
    expect(angry.result.cachedCharacters).toBe(TEXTS[0]!.length + TEXTS[2]!.length)
    // Angry speaks faster in the sandbox: the file is shorter, by that sentence alone.
    expect(angry.size).toBeLessThan(plain.size)

    // The mark taken off (as undo does): the first render's audio comes back from the cache.
    sandbox.clearRequestLog()
    await save(blocks[1]!)
    const again = await render('again.wav')
    expect(speechInputs()).toEqual([])
    expect(again.size).toBe(plain.size)

    // Liam's voice data lists no emotions: refused before any request, naming block and voice.
    sandbox.clearRequestLog()
    await save({ ...blocks[1]!, voiceId: 'liam', marks: [ANGRY] })
    recorder.answerNextSave(join(dir, 'refused.wav'))
    const refused = await call('script:startRender', {
      docId: opened.docId,
      revision,
      settings: WAV,
    })
    expect(refused.ok).toBe(false)
    const error = (refused as { error: AppErrorData }).error
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.message).toContain('Block 2 asks for an angry delivery, but Liam has no emotions')
    expect(error.details?.preflight?.[0]).toMatchObject({ kind: 'emotion', block: 2 })
    const preview = await call('script:preview', { docId: opened.docId, revision, blockId: 'b1' })
    expect(preview.ok).toBe(false)
    expect((preview as { error: AppErrorData }).error.message).toContain('Liam has no emotions')
    expect(sandbox.requestLog({ pathPrefix: '/v1/audio' })).toEqual([])
  }, 240_000)

  it('reads the style tags of a block written in SSML too: refused before any request when its voice lacks the emotion', async () => {
    const dir = await tempDir()
    const { call, recorder } = await dispatchRuntime(sandbox)
    const ssml = `<speak><speechify:style emotion='terrified'>${TEXTS[1]}</speechify:style></speak>`
    const { docId, revision } = await scriptWith(call, (first) => [
      { ...first, id: 'b0', text: TEXTS[0]! },
      { ...first, id: 'b1', text: ssml, ssml: true, voiceId: 'liam' },
    ])
    const opened = { docId }
    sandbox.clearRequestLog()
    recorder.answerNextSave(join(dir, 'refused.wav'))
    const refused = await call('script:startRender', {
      docId: opened.docId,
      revision,
      settings: WAV,
    })
    expect(refused.ok).toBe(false)
    const error = (refused as { error: AppErrorData }).error
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.message).toContain(
      "Block 2's SSML asks for a terrified delivery, but Liam has no emotions. Take the style tag out",
    )
    expect(error.details?.preflight?.[0]).toMatchObject({ kind: 'emotion', block: 2 })
    expect(sandbox.requestLog({ pathPrefix: '/v1/audio' })).toEqual([])
  }, 120_000)
})
