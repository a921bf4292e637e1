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
 * to do. A cancel answers at once (see awaitWorker); a finished thread is kept for the next run.
 * Nothing is changed unless every pass finished. Without a
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
  const worker = takeWorker(factory)
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
  const result = await awaitWorker(worker, { blocks: plain, settings }, passes, options, factory)
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

/**
 * Threads that finished a clean-up, waiting for the next one, by the factory that made them. Why
 * kept: a preview runs again after every change to the rules, and starting a thread for each
 * (loading its code, from source under the tests) kept the preview waiting for seconds on a busy
 * machine. A thread is ended whenever one of its passes runs over its bound, so a kept thread is
 * never one that is stuck.
 */
const idle = new Map<CleanupWorkerFactory, Worker[]>()

/** How many finished threads are kept per factory (one preview and one test field at a time). */
const MAX_IDLE = 2

type Listener = (...args: unknown[]) => void

/** The listeners this module put on each thread, so it can take off its own and no other. */
const listeners = new WeakMap<Worker, [string, Listener][]>()

function listen(worker: Worker, event: 'message' | 'error' | 'exit', handler: Listener): void {
  const own = listeners.get(worker) ?? []
  own.push([event, handler])
  listeners.set(worker, own)
  worker.on(event, handler)
}

/**
 * Takes this module's listeners off a thread. Why not removeAllListeners(): the Worker's own
 * listeners (which start its message port when a "message" listener is added) would go too.
 */
function detach(worker: Worker): void {
  for (const [event, handler] of listeners.get(worker) ?? []) worker.off(event, handler)
  listeners.delete(worker)
}

function takeWorker(factory: CleanupWorkerFactory): Worker | null {
  const kept = idle.get(factory)?.pop()
  if (kept === undefined) return factory()
  detach(kept)
  kept.ref()
  return kept
}

function keepWorker(factory: CleanupWorkerFactory, worker: Worker): void {
  detach(worker)
  const kept = idle.get(factory) ?? []
  if (kept.length >= MAX_IDLE) {
    void worker.terminate()
    return
  }
  const forget = (): void => {
    const at = kept.indexOf(worker)
    if (at >= 0) kept.splice(at, 1)
  }
  // A kept thread that stops leaves the pool; it holds the process open only while it works.
  listen(worker, 'exit', forget)
  listen(worker, 'error', forget)
  worker.unref()
  kept.push(worker)
  idle.set(factory, kept)
}

/**
 * Sends the input to the thread and waits for its result, one time bound per pass. A cancel
 * answers at once; the thread finishes its pass within the same bound (or is ended by it) and is
 * then kept for the next clean-up, since a newer preview cancels the one before at every change.
 */
function awaitWorker(
  worker: Worker,
  input: { blocks: CleanupBlock[]; settings: CleanupSettings },
  passes: readonly TextPass[],
  options: RunCleanupOptions,
  factory: CleanupWorkerFactory,
): Promise<CleanupResult<CleanupBlock>> {
  const clock = options.clock ?? systemClock
  const bound = options.passTimeMs ?? PASS_TIME_BOUND_MS
  return new Promise<CleanupResult<CleanupBlock>>((resolve, reject) => {
    let cancelTimer = (): void => {}
    let answered = false
    const answer = (error: Error | null, value?: CleanupResult<CleanupBlock>): void => {
      if (answered) return
      answered = true
      options.signal?.removeEventListener('abort', onAbort)
      if (error) reject(error)
      else resolve(value as CleanupResult<CleanupBlock>)
    }
    /** The thread's work is over: kept when it finished, ended otherwise. */
    const release = (finished: boolean): void => {
      cancelTimer()
      if (finished) keepWorker(factory, worker)
      else {
        detach(worker)
        void worker.terminate()
      }
    }
    const onAbort = (): void =>
      answer(new AppError('CANCELLED', 'The clean-up was cancelled; nothing was changed.'))
    if (options.signal?.aborted) {
      keepWorker(factory, worker)
      return onAbort()
    }
    options.signal?.addEventListener('abort', onAbort, { once: true })
    listen(worker, 'message', (posted) => {
      const message = posted as Message
      if ('pass' in message) {
        cancelTimer()
        const pass = passes[message.pass]
        cancelTimer = clock.setTimer(
          () => {
            release(false)
            answer(tooSlow(pass?.label ?? 'A rule', bound))
          },
          bound,
          { keepAlive: true },
        )
      } else if ('done' in message) {
        release(true)
        answer(null, message.done)
      } else {
        release(true)
        answer(
          new AppError('INTERNAL', `The clean-up stopped: ${message.failed} Nothing was changed.`),
        )
      }
    })
    listen(worker, 'error', (thrown) => {
      const error = thrown as Error
      release(false)
      answer(
        new AppError(
          'INTERNAL',
          `The clean-up thread stopped (${error.message}). Nothing was changed; try again.`,
        ),
      )
    })
    listen(worker, 'exit', () => {
      release(false)
      answer(
        new AppError(
          'INTERNAL',
          'The clean-up thread stopped before it finished. Nothing was changed; try again.',
        ),
      )
    })
    worker.postMessage(input)
  })
}
