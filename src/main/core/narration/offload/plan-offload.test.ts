import { Worker } from 'node:worker_threads'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ZodError } from 'zod'
import {
  createProject,
  MAX_BLOCK_TEXT,
  PROJECT_FILE_FORMAT,
} from '../../../../shared/domain/script'
import type { Project } from '../../../../shared/domain/script'
import { projectFromScriptText } from '../../script-workspace/script-text'
import type { LogLevel } from '../../log/logger'
import { createLogger, silentLogger } from '../../log/logger'
import type { PlanWorkerFactory } from './plan-offload'
import {
  checkRenderOffMain,
  configurePlanning,
  defaultPlanWorker,
  estimateRenderOffMain,
  importScriptOffMain,
  parseProjectFileOffMain,
  OFF_MAIN_MIN_CHARS,
  planRenderOffMain,
} from './plan-offload'
import { importDocumentOffMain } from './document-offload'
import { importDocument } from '../import/import-document'
import { parseProjectFile } from '../import/project-file'
import { docxOf } from '../../../testing/test-documents'
import { estimateRender } from '../render/render-job'
import { planRender } from '../plan/render-plan'

const SENTENCE = 'The boat drifted past the old stone bridge, and nobody remembered why! '

function longText(chars: number): string {
  return SENTENCE.repeat(Math.ceil(chars / SENTENCE.length))
}

function project(text: string, voiceId: string | null = 'george'): Project {
  return createProject({
    blocks: [
      { id: 'long', text },
      { id: 'short', text: 'A short <b> & "quoted" line.' },
    ],
    lexicon: [{ term: 'bridge', alias: 'span' }],
    defaults: voiceId === null ? {} : { voiceId },
  })
}

/**
 * Runs `work` and counts the event-loop turns main takes while it is pending: none when the work
 * runs here, to the end, before main turns once.
 */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0
  let done = false
  const spin = (): void => {
    if (done) return
    turns += 1
    setImmediate(spin)
  }
  setImmediate(spin)
  try {
    return { value: await work(), turns }
  } finally {
    done = true
  }
}

/** Kinds of the tasks handed to a planning thread, in order (see {@link spyingWorker}). */
const handed: string[] = []

/** The real planning thread, recording what main hands it: proof a task ran there, not here. */
const spyingWorker: PlanWorkerFactory = () => {
  const w = defaultPlanWorker()
  if (w === null) return null
  const post = w.postMessage.bind(w)
  w.postMessage = (
    message: { task: { kind: string } },
    transfer?: Parameters<Worker['postMessage']>[1],
  ) => {
    handed.push(message.task.kind)
    post(message, transfer)
  }
  return w
}

/** Runs `work` and gives the kinds of the tasks it handed to the planning thread. */
async function handedDuring<T>(work: () => Promise<T>): Promise<{ value: T; tasks: string[] }> {
  handed.length = 0
  const value = await work()
  return { value, tasks: [...handed] }
}

beforeAll(() => configurePlanning({ createWorker: spyingWorker }))
afterAll(() => configurePlanning({ createWorker: defaultPlanWorker }))

describe('planning off main', () => {
  it('plans a large script on the planning thread, equal to the plan made here', async () => {
    const big = project(longText(OFF_MAIN_MIN_CHARS * 4))
    const { value: plan, tasks } = await handedDuring(() => planRenderOffMain(big))
    expect(tasks).toEqual(['plan'])
    expect(plan).toEqual(planRender(big))
    expect(plan.pieces.some((p) => p.request.input.includes('<sub alias="span">'))).toBe(true)
  })

  it('plans a small script on main (cheaper than a round trip)', async () => {
    const small = project('Just one sentence here.')
    const { value: plan, turns } = await turnsDuring(() => planRenderOffMain(small))
    expect(turns).toBe(0)
    expect(plan).toEqual(planRender(small))
  })

  it('estimates a large script there, equal to the estimate made here', async () => {
    const big = project(longText(OFF_MAIN_MIN_CHARS * 2))
    const plan = planRender(big)
    const cache = { has: (hash: string) => hash === plan.pieces[1]?.hash }
    const { value: estimate, tasks } = await handedDuring(() => estimateRenderOffMain(big, cache))
    expect(tasks).toEqual(['pieces'])
    expect(estimate).toEqual(estimateRender(big, cache))
    expect(estimate.cachedPieces).toBeGreaterThan(0)
  })

  it('gives the same error from the planning thread as from main', async () => {
    const voiceless = project(longText(OFF_MAIN_MIN_CHARS * 2), null)
    const here = (() => {
      try {
        planRender(voiceless)
        return null
      } catch (error) {
        return error
      }
    })()
    expect(here).toMatchObject({ code: 'VALIDATION_FAILED' })
    await expect(planRenderOffMain(voiceless)).rejects.toMatchObject({
      name: 'AppError',
      code: (here as { code: string }).code,
      message: (here as Error).message,
    })
  })

  it('refuses an over-long imported block with the same schema error as here', async () => {
    const text = 'x '.repeat(MAX_BLOCK_TEXT / 2 + 1)
    const here = (() => {
      try {
        return projectFromScriptText('huge.txt', text)
      } catch (error) {
        return error
      }
    })()
    expect(here).toBeInstanceOf(ZodError)
    const there = await importScriptOffMain('huge.txt', text).catch((error: unknown) => error)
    expect(there).toBeInstanceOf(ZodError)
    expect((there as ZodError).issues).toEqual((here as ZodError).issues)
  })

  it('imports a long text file there, as the import here does', async () => {
    const text = Array.from({ length: 400 }, (_, i) => `Paragraph ${i}. ${SENTENCE}`).join('\n\n')
    expect(text.length).toBeGreaterThan(OFF_MAIN_MIN_CHARS)
    const { value, tasks } = await handedDuring(() => importScriptOffMain('book.txt', text))
    expect(tasks).toEqual(['import'])
    expect(value).toEqual(projectFromScriptText('book.txt', text))
  })
})

/** A thread that says it loaded, then exits on its first task, as a crash would. */
const crashingWorker = (): Worker =>
  new Worker(
    `const { parentPort } = require('node:worker_threads')
parentPort.postMessage({ ready: true })
parentPort.on('message', () => process.exit(7))`,
    { eval: true },
  )

/** A thread whose entry fails to load (a packaging problem). */
const unloadableWorker = (): Worker =>
  new Worker(`throw new Error('entry missing')`, { eval: true })

function recordingLogger(): {
  lines: { level: LogLevel; message: string }[]
  logger: typeof silentLogger
} {
  const lines: { level: LogLevel; message: string }[] = []
  const sink = (line: string): void => {
    lines.push(JSON.parse(line) as { level: LogLevel; message: string })
  }
  return { lines, logger: createLogger({ sink, level: 'debug' }) }
}

describe('opening a saved project off main', () => {
  it('parses and validates a large project file there, as here', async () => {
    const saved = project(longText(OFF_MAIN_MIN_CHARS * 4))
    const text = JSON.stringify(saved)
    const { value, tasks } = await handedDuring(() =>
      parseProjectFileOffMain('/tmp/book.voicedesk', text),
    )
    expect(tasks).toEqual(['projectFile'])
    expect(value).toEqual(parseProjectFile('/tmp/book.voicedesk', text))
  })

  it('names a damaged large project file with the same error as here', async () => {
    const text = `{"format": "${PROJECT_FILE_FORMAT}", "blocks": "${'x'.repeat(OFF_MAIN_MIN_CHARS)}`
    const here = (() => {
      try {
        parseProjectFile('/tmp/book.voicedesk', text)
        return null
      } catch (error) {
        return error
      }
    })()
    expect(here).toMatchObject({ code: 'VALIDATION_FAILED' })
    await expect(parseProjectFileOffMain('/tmp/book.voicedesk', text)).rejects.toMatchObject({
      name: 'AppError',
      code: 'VALIDATION_FAILED',
      message: (here as Error).message,
      details: (here as { details: unknown }).details,
    })
  })
})

describe('importing a manuscript off main', () => {
  it('reads even a small DOCX on the planning thread, as the import here does', async () => {
    const docx = await docxOf([
      { style: 'Heading1', runs: ['One'] },
      { runs: ['A ', { text: 'short', italic: true }, ' book.'] },
    ])
    const { value, tasks } = await handedDuring(() => importDocumentOffMain('short.docx', docx))
    expect(tasks).toEqual(['document'])
    expect(value).toEqual(await importDocument('short.docx', docx))
    expect(value.project.blocks[0]).toMatchObject({
      chapter: 'One',
      text: 'A short book.',
      ssml: false,
      marks: [{ kind: 'emphasis', start: 2, end: 7, value: 'moderate' }],
    })
  })

  it('names a refused EPUB with the same error as here', async () => {
    const here = await importDocument('broken.epub', Buffer.from('not a zip')).catch(
      (error: unknown) => error,
    )
    expect(here).toMatchObject({ code: 'VALIDATION_FAILED' })
    const { value, tasks } = await handedDuring(() =>
      importDocumentOffMain('broken.epub', Buffer.from('not a zip')).catch(
        (error: unknown) => error,
      ),
    )
    expect(tasks).toEqual(['document'])
    expect(value).toMatchObject({
      name: 'AppError',
      code: 'VALIDATION_FAILED',
      message: (here as Error).message,
    })
  })
})

describe('planning thread failures', () => {
  afterEach(() => {
    configurePlanning({ logger: silentLogger, createWorker: spyingWorker })
  })

  it('fails the task a crashed thread held, never re-runs it on main, and starts a fresh thread next', async () => {
    const { lines, logger } = recordingLogger()
    const started: string[] = []
    const factory: PlanWorkerFactory = () => {
      started.push(started.length === 0 ? 'crashing' : 'real')
      return started.length === 1 ? crashingWorker() : spyingWorker()
    }
    configurePlanning({ logger, createWorker: factory })
    const big = project(longText(OFF_MAIN_MIN_CHARS * 2))
    const failure = await planRenderOffMain(big).catch((error: unknown) => error)
    expect(failure).toMatchObject({ name: 'AppError', code: 'INTERNAL', retryable: true })
    expect((failure as Error).message).toMatch(/planning thread stopped/)
    expect(
      lines.some((l) => l.level === 'error' && /planning thread stopped/.test(l.message)),
    ).toBe(true)
    const { value: plan, tasks } = await handedDuring(() => planRenderOffMain(big))
    expect(plan).toEqual(planRender(big))
    expect(tasks).toEqual(['plan'])
    expect(started).toEqual(['crashing', 'real'])
  })

  it('plans on main, and says so, when the thread never loads', async () => {
    const { lines, logger } = recordingLogger()
    let starts = 0
    configurePlanning({
      logger,
      createWorker: () => {
        starts += 1
        return unloadableWorker()
      },
    })
    const big = project(longText(OFF_MAIN_MIN_CHARS * 2))
    expect(await planRenderOffMain(big)).toEqual(planRender(big))
    expect(lines.some((l) => l.level === 'warn' && /failed to load/.test(l.message))).toBe(true)
    const { value, turns } = await turnsDuring(() => planRenderOffMain(big))
    expect(value).toEqual(planRender(big))
    expect(turns).toBe(0)
    expect(starts).toBe(1)
  })
})

describe('superseded planning', () => {
  it('drops a waiting estimate when a newer one with its key arrives; the running one finishes', async () => {
    const big = project(longText(OFF_MAIN_MIN_CHARS * 2))
    const cache = { has: () => false }
    const expected = estimateRender(big, cache)
    const running = estimateRenderOffMain(big, cache, {}, 'estimate')
    const stale = estimateRenderOffMain(big, cache, {}, 'estimate').catch((e: unknown) => e)
    const other = estimateRenderOffMain(big, cache, {}, 'another')
    const latest = estimateRenderOffMain(big, cache, {}, 'estimate')
    expect(await stale).toMatchObject({ name: 'AppError', code: 'CANCELLED' })
    expect(await running).toEqual(expected)
    expect(await other).toEqual(expected)
    expect(await latest).toEqual(expected)
  })
})

describe('render check and plan on main', () => {
  it('checks a large script there and names a block without a voice', async () => {
    const big = project(longText(OFF_MAIN_MIN_CHARS * 2))
    const { value, tasks } = await handedDuring(() => checkRenderOffMain(big))
    // Only what the checks before a render read comes back: the voices used, costs and pauses.
    const plan = planRender(big)
    expect(value).toEqual({
      uses: [
        {
          voiceId: 'george',
          model: null,
          language: null,
          source: { kind: 'default' },
          blocks: [0, 1],
          blockCount: 2,
        },
      ],
      pieces: plan.pieces.map((p) => ({ hash: p.hash, billableCharacters: p.billableCharacters })),
      pauseMs: plan.blocks.reduce((sum, b) => sum + b.pauseAfterMs, 0),
    })
    expect(tasks).toEqual(['check'])
    await expect(
      checkRenderOffMain(project(longText(OFF_MAIN_MIN_CHARS * 2), null)),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Block 1 has no voice. Choose a default voice or give the block one.',
    })
  })

  it("builds a piece's spans only when they are read", async () => {
    const big = project(longText(OFF_MAIN_MIN_CHARS * 4))
    const plan = await planRenderOffMain(big)
    const expected = planRender(big)
    const piece = plan.pieces[1]
    const descriptor = piece && Object.getOwnPropertyDescriptor(piece, 'spans')
    expect(descriptor !== undefined && !('value' in descriptor)).toBe(true)
    expect(piece?.spans).toEqual(expected.pieces[1]?.spans)
    expect(piece?.spans).toBe(piece?.spans)
    expect(plan.blocks.map((b) => b.text)).toEqual(big.blocks.map((b) => b.text))
  })
})
