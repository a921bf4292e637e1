import type { Worker } from 'node:worker_threads'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import * as lexiconModule from '../../../../shared/domain/lexicon'
import type { RenderEstimate } from '../../../../shared/domain/narration'
import type { LexiconEntry, Project } from '../../../../shared/domain/script'
import type { BlockMark } from '../../../../shared/domain/script-workspace'
import { APP_SENDER, createTestRuntime } from '../../../test-support'
import type { PlanWorkerFactory } from '../offload/plan-offload'
import { configurePlanning, defaultPlanWorker, OFF_MAIN_MIN_CHARS } from '../offload/plan-offload'

// The real compiler, counted: every compile on this thread goes through it.
vi.mock('../../../../shared/domain/lexicon', async (importOriginal) => {
  const actual = await importOriginal<typeof lexiconModule>()
  return { ...actual, compileLexicon: vi.fn(actual.compileLexicon) }
})
const compiles = vi.mocked(lexiconModule.compileLexicon)

/**
 * Kinds of the tasks handed to the planning thread (proof a task ran there, not here), and
 * whether each carried its lexicon's entries or only named a lexicon the thread already holds.
 */
const handed: string[] = []
const carried: ('entries' | 'id only' | 'none')[] = []
const spyingWorker: PlanWorkerFactory = () => {
  const w = defaultPlanWorker()
  if (w === null) return null
  const post = w.postMessage.bind(w)
  w.postMessage = (
    message: { task: { kind: string }; lexicon?: { entries?: unknown[] } },
    transfer?: Parameters<Worker['postMessage']>[1],
  ) => {
    handed.push(message.task.kind)
    const { lexicon } = message
    carried.push(lexicon === undefined ? 'none' : lexicon.entries ? 'entries' : 'id only')
    post(message, transfer)
  }
  return w
}
beforeAll(() => configurePlanning({ createWorker: spyingWorker }))
afterAll(() => configurePlanning({ createWorker: defaultPlanWorker }))

let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups) await cleanup()
  cleanups = []
})

const BLOCKS = 60

/** A script of {@link BLOCKS} blocks open in a runtime, each naming "SQL" once, with a voice. */
async function openScript(lexicon: LexiconEntry[]) {
  const env = await createTestRuntime()
  cleanups.push(env.cleanup)
  const call = async <T>(channel: string, input: unknown): Promise<T> => {
    const result = await env.runtime.dispatch(channel, input, APP_SENDER, () => undefined)
    if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`)
    return result.data as T
  }
  const text = Array.from({ length: BLOCKS }, (_, i) => `Block ${i} stores SQL rows.`).join('\n\n')
  const opened = await call<{ docId: string; project: Project }>('script:importDropped', {
    fileName: 'rows.txt',
    text,
  })
  const meta = (entries: LexiconEntry[]) => ({
    title: opened.project.title,
    defaults: { ...opened.project.defaults, voiceId: 'olivia' },
    cast: opened.project.cast,
    lexicon: entries,
    publishing: opened.project.publishing,
  })
  const saveMeta = (entries: LexiconEntry[]) =>
    call<{ revision: number }>('script:saveDraft', {
      docId: opened.docId,
      changes: { meta: meta(entries), blocks: [] },
    })
  const { revision } = await saveMeta(lexicon)
  return { call, saveMeta, docId: opened.docId, revision, blocks: opened.project.blocks }
}

/** Billable characters of the script as spoken with "SQL" read as `alias`. */
function spokenCost(alias: string): number {
  let n = 0
  for (let i = 0; i < BLOCKS; i++) n += [...`Block ${i} stores ${alias} rows.`].length
  return n
}

describe('the lexicon of an open script', () => {
  it('is compiled once per version across every block a check and an estimate plan', async () => {
    const lexicon = [{ term: 'SQL', alias: 'sequel', matchCase: false }]
    const { call, saveMeta, docId, revision, blocks } = await openScript(lexicon)
    compiles.mockClear()

    const states = await call<Record<string, BlockMark>>('script:blockStates', { docId })
    expect(Object.values(states)).toEqual(Array.from({ length: BLOCKS }, () => ({ state: 'new' })))
    const estimate = await call<RenderEstimate>('script:estimate', {
      docId,
      revision,
      format: 'wav',
    })
    expect(estimate).toMatchObject({ requests: BLOCKS, billableCharacters: spokenCost('sequel') })
    expect(compiles).toHaveBeenCalledTimes(1)

    // The window sends the project's settings again, an equal copy: still the same version.
    await saveMeta(lexicon.map((entry) => ({ ...entry })))
    await call('script:blockStates', { docId, blockIds: [blocks[3]?.id] })
    expect(compiles).toHaveBeenCalledTimes(1)

    // A new version is compiled once, and what it says is heard in every block.
    const next = await saveMeta([...lexicon, { term: 'rows', alias: 'records', matchCase: false }])
    await call('script:blockStates', { docId })
    const after = await call<RenderEstimate>('script:estimate', {
      docId,
      revision: next.revision,
      format: 'wav',
    })
    expect(compiles).toHaveBeenCalledTimes(2)
    expect(after.billableCharacters).toBe(spokenCost('sequel') + BLOCKS * ('records'.length - 4))
  })

  it('is compiled on the planning thread, not main, when it is large', async () => {
    const lexicon = Array.from({ length: 2_000 }, (_, i) => ({
      term: `term${i}x`,
      alias: `alias number ${i}`,
      matchCase: false,
    }))
    lexicon.push({ term: 'SQL', alias: 'sequel', matchCase: false })
    expect(lexicon.reduce((n, e) => n + e.term.length + e.alias.length, 0)).toBeGreaterThan(
      OFF_MAIN_MIN_CHARS,
    )
    const { call, docId, revision, blocks } = await openScript(lexicon)
    compiles.mockClear()
    handed.length = 0
    carried.length = 0

    const states = await call<Record<string, BlockMark>>('script:blockStates', { docId })
    expect(Object.keys(states)).toEqual(blocks.map((b) => b.id))
    expect(Object.values(states).every((s) => s.state === 'new')).toBe(true)
    const estimate = await call<RenderEstimate>('script:estimate', {
      docId,
      revision,
      format: 'wav',
    })
    expect(estimate).toMatchObject({ requests: BLOCKS, billableCharacters: spokenCost('sequel') })
    expect(handed).toEqual(['blockHashes', 'pieces'])
    // The 2,001 entries crossed once; the estimate only named them.
    expect(carried).toEqual(['entries', 'id only'])
    expect(compiles).not.toHaveBeenCalled()
  })
})
