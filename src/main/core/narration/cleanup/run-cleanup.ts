import type { Worker } from 'node:worker_threads'
import type { CleanupSettings } from '../../../../shared/domain/cleanup-rules'
import { AppError } from '../../../../shared/errors'
import type { Clock } from '../../clock'
import { systemClock } from '../../clock'
import { startWorkerEntry } from '../offload/worker-entry'
import type { CleanupBlock, CleanupResult } from './apply-cleanup'
import { applyCleanup, cleanupPasses, dropEmptied } from './apply-cleanup'
import type { TextPass } from './built-in-rules'

/** Longest one pass of the clean-up may run over a whole manuscript before it is stopped. */
export const PASS_TIME_BOUND_MS = 5000

/** Starts the clean-up thread with its input; null when this build has no entry for one. */
export type CleanupWorkerFactory = () => Worker | null

/** The bundled `cleanup-worker.js` beside main's bundle, else the source under tsx. */
export const defaultCleanupWorker: CleanupWorkerFactory = () =>
  startWorkerEntry('cleanup-worker', import.meta.url)

export interface RunCleanupOptions {
  clock?: Clock
  signal?: AbortSignal
  /** How long one pass may run (default {@link PASS_TIME_BOUND_MS}). */
  passTimeMs?: number
  createWorker?: CleanupWorkerFactory
}

type Message = { pass: number } | { done: CleanupResult<CleanupBlock> } | { failed: string }

/**
 * Runs the clean-up rules on a worker thread with a time bound on each pass (see cleanup-worker.ts
 * for why): a pass that runs over is stopped with the thread, and the error names its rule and what
 * to do. Cancelling ends the thread too. Nothing is changed unless every pass finished. Without a
 * worker entry (never in the app) the rules with no user pattern run here; a user's rule is
 * refused rather than run unbounded on main.
 */
export async function runCleanup<B extends CleanupBlock>(
  blocks: readonly B[],
  settings: CleanupSettings,
  options: RunCleanupOptions = {},
): Promise<CleanupResult<B>> {
  const passes = cleanupPasses(settings)
  if (passes.length === 0) return { blocks: [...blocks], reports: [] }
  const plain = blocks.map((b) => ({
    text: b.text,
    ...(b.ssml !== undefined ? { ssml: b.ssml } : {}),
    ...(b.chapter !== undefined ? { chapter: b.chapter } : {}),
    ...(b.marks !== undefined ? { marks: b.marks } : {}),
  }))
  const factory = options.createWorker ?? defaultCleanupWorker
  const worker = factory()
  if (worker === null) {
    if (settings.rules.some((rule) => rule.enabled)) {
      throw new AppError(
        'INTERNAL',
        'VoiceDesk could not start its clean-up thread, so your own rules were not run. Try again; if it keeps failing, report it.',
      )
    }
    const here = applyCleanup(blocks, settings)
    return { blocks: dropEmptied(blocks, here.blocks), reports: here.reports }
  }
  const result = await awaitWorker(worker, { blocks: plain, settings }, passes, options)
  // The thread had plain copies: its blocks, one for each sent, take back their other fields.
  const merged = blocks.map((block, i) => {
    const cleaned = result.blocks[i]
    if (cleaned === undefined) return block
    return {
      ...block,
      text: cleaned.text,
      ...(cleaned.chapter !== undefined ? { chapter: cleaned.chapter } : {}),
      ...(cleaned.marks !== undefined ? { marks: cleaned.marks } : {}),
    }
  })
  return { blocks: dropEmptied(blocks, merged), reports: result.reports }
}

function tooSlow(label: string, bound: number): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    `The clean-up rule "${label}" ran for more than ${Math.round(bound / 1000)} seconds on this manuscript and was stopped; nothing was changed. Simplify its pattern (a repeat inside a repeat, such as (a+)+, can take forever) or turn the rule off.`,
    { details: { fields: { rule: label } } },
  )
}

/** Sends the input to the thread and waits for its result, one time bound per pass. */
function awaitWorker(
  worker: Worker,
  input: { blocks: CleanupBlock[]; settings: CleanupSettings },
  passes: readonly TextPass[],
  options: RunCleanupOptions,
): Promise<CleanupResult<CleanupBlock>> {
  const clock = options.clock ?? systemClock
  const bound = options.passTimeMs ?? PASS_TIME_BOUND_MS
  return new Promise<CleanupResult<CleanupBlock>>((resolve, reject) => {
    let cancelTimer = (): void => {}
    const finish = (error: Error | null, value?: CleanupResult<CleanupBlock>): void => {
      cancelTimer()
      options.signal?.removeEventListener('abort', onAbort)
      worker.removeAllListeners()
      void worker.terminate()
      if (error) reject(error)
      else resolve(value as CleanupResult<CleanupBlock>)
    }
    const onAbort = (): void =>
      finish(new AppError('CANCELLED', 'The clean-up was cancelled; nothing was changed.'))
    if (options.signal?.aborted) return onAbort()
    options.signal?.addEventListener('abort', onAbort, { once: true })
    worker.on('message', (message: Message) => {
      if ('pass' in message) {
        cancelTimer()
        const pass = passes[message.pass]
        cancelTimer = clock.setTimer(() => finish(tooSlow(pass?.label ?? 'A rule', bound)), bound, {
          keepAlive: true,
        })
      } else if ('done' in message) finish(null, message.done)
      else
        finish(
          new AppError('INTERNAL', `The clean-up stopped: ${message.failed} Nothing was changed.`),
        )
    })
    worker.postMessage(input)
    worker.on('error', (error) =>
      finish(
        new AppError(
          'INTERNAL',
          `The clean-up thread stopped (${error.message}). Nothing was changed; try again.`,
        ),
      ),
    )
    worker.on('exit', () =>
      finish(
        new AppError(
          'INTERNAL',
          'The clean-up thread stopped before it finished. Nothing was changed; try again.',
        ),
      ),
    )
  })
}
