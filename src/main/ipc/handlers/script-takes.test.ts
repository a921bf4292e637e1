import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Project, ScriptBlock } from '../../../shared/domain/script'
import type {
  BlockAudio,
  BlockMark,
  OpenedDocument,
  RegeneratedTake,
} from '../../../shared/domain/script-workspace'
import type { Result } from '../../../shared/errors'
import type { Sandbox } from '../../../sandbox/index'
import { startSandbox } from '../../../sandbox/index'
import { metaOf } from '../../core/script-workspace/open-document'
import { useTempDirs } from '../../testing/temp-dir'
import type { SentEvent } from '../../testing/dispatch-runtime'
import { dataOf, dispatchRuntime, PLAIN_WAV } from '../../testing/dispatch-runtime'

// A block's regenerated takes through the real dispatcher against the sandbox: a new take pays
// for that block alone, earlier takes stay in the cache, and the render uses the chosen one.

const tempDir = useTempDirs('vd-ipc-takes-')
const WAV = PLAIN_WAV
const FIRST = 'The first line of the chapter.'
const SECOND = 'A second line, the one that sounded wrong.'

let sandbox: Sandbox
let dir: string
beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0, warmUp: false, demoKeys: true })
  dir = await tempDir()
})
afterAll(async () => {
  await sandbox.stop()
})

type Call = (channel: string, input: unknown) => Promise<Result<unknown>>

/** The speech requests the sandbox answered since the last clear, by their input. */
function spokenInputs(): string[] {
  return sandbox
    .requestLog({ pathPrefix: '/v1/audio/speech' })
    .map((entry) => (typeof entry.body?.input === 'string' ? entry.body.input : '?'))
}

/** A two-block script in main, as the page's sync sends it. */
async function twoBlocks(
  call: Call,
): Promise<{ docId: string; revision: number; blocks: ScriptBlock[] }> {
  const opened = data<OpenedDocument>(await call('script:new', undefined))
  const first = { ...opened.project.blocks[0]!, text: FIRST }
  const second = { ...first, id: 'second-block', text: SECOND }
  const project: Project = {
    ...opened.project,
    defaults: { ...opened.project.defaults, voiceId: 'olivia' },
    blocks: [first, second],
  }
  const { revision } = data<{ revision: number }>(
    await call('script:saveDraft', {
      docId: opened.docId,
      changes: { meta: metaOf(project), order: [first.id, second.id], blocks: [first, second] },
    }),
  )
  return { docId: opened.docId, revision, blocks: [first, second] }
}

/** Sends one block's new content; the revision main is at after it. */
async function edit(call: Call, docId: string, block: ScriptBlock): Promise<number> {
  return data<{ revision: number }>(
    await call('script:saveDraft', { docId, changes: { blocks: [block] } }),
  ).revision
}

/** Renders the script to `name` and waits for its end. */
async function render(
  call: Call,
  env: Awaited<ReturnType<typeof dispatchRuntime>>,
  docId: string,
  revision: number,
  name: string,
): Promise<void> {
  const before = env.sent.filter((s) => s.channel === 'script:renderEnded').length
  env.recorder.answerNextSave(join(dir, name))
  data(await call('script:startRender', { docId, revision, settings: WAV }))
  const ended = await vi.waitUntil(
    () => env.sent.filter((s: SentEvent) => s.channel === 'script:renderEnded')[before],
    { timeout: 30_000, interval: 20 },
  )
  expect(ended.payload).toMatchObject({ ok: true })
}

const data = dataOf

describe('regenerating a block', () => {
  it('pays for that block alone, keeps the earlier take, and the render uses the chosen take from the cache', async () => {
    const env = await dispatchRuntime(sandbox)
    const { call } = env
    const { docId, revision, blocks } = await twoBlocks(call)
    await render(call, env, docId, revision, 'first.wav')

    sandbox.clearRequestLog()
    const made = data<RegeneratedTake>(
      await call('script:regenerateBlock', { docId, revision, blockId: 'second-block' }),
    )
    expect(made).toMatchObject({ take: 2, chosen: false })
    expect(made.seconds).toBeGreaterThan(0.5)
    // Only the regenerated block went to the service.
    expect(spokenInputs()).toEqual([SECOND])

    const listed = data<RegeneratedTake[]>(
      await call('script:blockTakes', { docId, revision, blockId: 'second-block' }),
    )
    expect(listed.map((t) => [t.take, t.chosen])).toEqual([
      [2, false],
      [1, true],
    ])

    // Choosing take 2 is an edit of the block; the render then finds it in the cache.
    const chosen = await edit(call, docId, { ...blocks[1]!, take: 2 })
    const marks = data<Record<string, BlockMark>>(
      await call('script:blockStates', { docId, blockIds: ['second-block'] }),
    )
    expect(marks['second-block']?.state).toBe('cached')
    sandbox.clearRequestLog()
    await render(call, env, docId, chosen, 'second.wav')
    expect(spokenInputs()).toEqual([])

    // Back to the first take: still kept, still free.
    const back = await edit(call, docId, blocks[1]!)
    await render(call, env, docId, back, 'third.wav')
    expect(spokenInputs()).toEqual([])
    const audio = data<BlockAudio>(
      await call('script:takeAudio', { docId, revision: back, blockId: 'second-block', take: 2 }),
    )
    expect(audio.durationMs).toBeCloseTo(made.seconds! * 1000, 0)
    expect(spokenInputs()).toEqual([])
  })

  it('two regenerations at once make two takes, each paid once', async () => {
    const env = await dispatchRuntime(sandbox)
    const { docId, revision } = await twoBlocks(env.call)
    sandbox.clearRequestLog()
    const both = await Promise.all([
      env.call('script:regenerateBlock', { docId, revision, blockId: 'second-block' }),
      env.call('script:regenerateBlock', { docId, revision, blockId: 'second-block' }),
    ])
    expect(both.map((r) => data<RegeneratedTake>(r).take).sort()).toEqual([2, 3])
    expect(spokenInputs()).toEqual([SECOND, SECOND])
    const listed = data<RegeneratedTake[]>(
      await env.call('script:blockTakes', { docId, revision, blockId: 'second-block' }),
    )
    // The first take was never made: only the two regenerated ones are kept.
    expect(listed.map((t) => t.take)).toEqual([3, 2])
  })

  it('keeps at most five takes in the list, the chosen one always among them', async () => {
    const env = await dispatchRuntime(sandbox)
    const { docId, revision, blocks } = await twoBlocks(env.call)
    for (let i = 0; i < 6; i++) {
      data(await env.call('script:regenerateBlock', { docId, revision, blockId: 'second-block' }))
    }
    const chosen = await edit(env.call, docId, { ...blocks[1]!, take: 2 })
    const listed = data<RegeneratedTake[]>(
      await env.call('script:blockTakes', { docId, revision: chosen, blockId: 'second-block' }),
    )
    expect(listed.map((t) => t.take)).toEqual([7, 6, 5, 4, 2])
    expect(listed.find((t) => t.chosen)?.take).toBe(2)
  })

  it("after a restart, a regeneration makes a new take instead of handing back the last session's", async () => {
    const before = await dispatchRuntime(sandbox)
    const first = await twoBlocks(before.call)
    const made = data<RegeneratedTake>(
      await before.call('script:regenerateBlock', {
        docId: first.docId,
        revision: first.revision,
        blockId: 'second-block',
      }),
    )
    expect(made.take).toBe(2)

    // The app starts again on the same data: the cache is there, the memory of takes is not.
    const after = await dispatchRuntime(sandbox, before)
    const { docId, revision } = await twoBlocks(after.call)
    const listedBefore = data<RegeneratedTake[]>(
      await after.call('script:blockTakes', { docId, revision, blockId: 'second-block' }),
    )
    expect(listedBefore.map((t) => t.take)).toEqual([2])
    sandbox.clearRequestLog()
    const again = data<RegeneratedTake>(
      await after.call('script:regenerateBlock', { docId, revision, blockId: 'second-block' }),
    )
    expect(again.take).toBe(3)
    expect(spokenInputs()).toEqual([SECOND])
  })

  it('says in plain words why a block cannot be regenerated, and refuses a take number that is no take', async () => {
    const env = await dispatchRuntime(sandbox)
    const { docId, blocks } = await twoBlocks(env.call)
    const empty = await edit(env.call, docId, { ...blocks[0]!, text: '' })
    expect(
      await env.call('script:regenerateBlock', { docId, revision: empty, blockId: blocks[0]!.id }),
    ).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', message: 'There is nothing to say in this block yet.' },
    })
    expect(
      await env.call('script:takeAudio', {
        docId,
        revision: empty,
        blockId: 'second-block',
        take: 0,
      }),
    ).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } })
    expect(
      await env.call('script:takeAudio', {
        docId,
        revision: empty,
        blockId: 'second-block',
        take: 4,
      }),
    ).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
  })
})
