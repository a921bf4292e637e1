import type { Worker } from 'node:worker_threads'
import { startWorkerEntry } from './worker-entry'
import { z } from 'zod'
import type { RenderEstimate } from '../../../../shared/domain/narration'
import type { Project } from '../../../../shared/domain/script'
import type { AppErrorData } from '../../../../shared/errors'
import { AppError } from '../../../../shared/errors'
import type { Logger } from '../../log/logger'
import { silentLogger } from '../../log/logger'
import type { ImportProgress, ImportUnit } from '../import/import-pdf'
import type { PieceCache } from '../fetch/piece-cache'
import type { BlockHashes, PlanOptions, PlanTask, PlanTaskResult } from './plan-tasks'
import { estimateOfPieces, runPlanTask, unpackPlan } from './plan-tasks'
import type { LexiconFileRead } from '../../../../shared/domain/lexicon-layers'
import { LexiconSender } from './lexicon-hand-over'
import type { RenderPlan } from '../plan/render-plan'
import type { PlanSummary } from '../plan/voice-uses'

/**
 * Scripts with less text than this (UTF-16 units, all blocks together) are planned on the calling
 * thread: that takes under about 10 ms, less than handing the script to the planning thread and
 * back costs in the worst case. Larger ones go to the planning thread, so main's event loop (IPC,
 * render progress) never waits for them. bench/plan-responsiveness.ts measures both sides.
 */
export const OFF_MAIN_MIN_CHARS = 16_384

/**
 * The text a plan of `project` reads: what its cost grows with. The lexicon counts too: the first
 * plan with a new version of it compiles it, which at 10,000 entries is a stall of its own.
 */
export function planSize(project: Project): number {
  let n = lexiconSize(project)
  for (const block of project.blocks) n += block.text.length
  return n
}

/** The lexicon's share of {@link planSize}: the length of its terms and aliases. */
export function lexiconSize(project: Pick<Project, 'lexicon'>): number {
  let n = 0
  for (const entry of project.lexicon) n += entry.term.length + entry.alias.length
  return n
}

/**
 * What the planning thread posts: `ready` once its entry has loaded, then one reply per task,
 * and for an import, its progress before that.
 */
type Message =
  | { ready: true }
  | { id: number; progress: { done: number; total: number; unit?: ImportUnit } }
  | {
      id: number
      ok: boolean
      result?: unknown
      error?: AppErrorData
      zodIssues?: z.core.$ZodIssue[]
    }

interface Waiting {
  id: number
  task: PlanTask
  /** Tasks with the same key replace each other while they wait (see {@link runOffMain}). */
  supersede: string | null
  hooks: ImportProgress
  resolve(result: unknown): void
  reject(error: Error): void
}

/** Starts a planning thread; null when this build has no entry for one. */
export type PlanWorkerFactory = () => Worker | null

let logger: Logger = silentLogger
let createWorker: PlanWorkerFactory = defaultPlanWorker
let worker: Worker | null = null
let unavailable = false
let nextId = 0
/** Tasks not yet handed to the thread, in order; the thread holds at most one at a time. */
const queue: Waiting[] = []
let current: Waiting | null = null
/** What the current thread holds of the lexicons sent with its tasks. */
const lexicons = new LexiconSender()

/**
 * Sets where the planning thread's fallback and crashes are logged and, for tests, how the
 * thread is started. Forgets a thread that could not start, so the next task tries again.
 */
export function configurePlanning(options: {
  logger?: Logger
  createWorker?: PlanWorkerFactory
}): void {
  if (options.logger) logger = options.logger
  if (options.createWorker) {
    createWorker = options.createWorker
    if (worker !== null && current === null && queue.length === 0) {
      const old = worker
      worker = null
      old.removeAllListeners()
      void old.terminate()
    }
  }
  unavailable = false
}

/**
 * The planning thread's entry: the bundled `plan-worker.js` beside main's bundle (or its chunks
 * folder) in the app; the TypeScript source, compiled by tsx inside the thread, under the CLI
 * and the tests. Relative names are variables so the bundler leaves them alone.
 */
export function defaultPlanWorker(): Worker | null {
  return startWorkerEntry('plan-worker', import.meta.url)
}

function start(): Worker | null {
  if (worker || unavailable) return worker
  let w: Worker | null
  try {
    w = createWorker()
  } catch (error) {
    w = null
    logger.warn('planning thread could not start; planning on the main thread', {
      error: String(error),
    })
  }
  if (w === null) {
    unavailable = true
    return null
  }
  const thread = w
  thread.unref()
  let ready = false
  thread.on('message', (message: Message) => {
    if ('ready' in message) {
      ready = true
      return
    }
    const pending = current
    if (pending?.id !== message.id) return
    if ('progress' in message) {
      const { done, total, unit } = message.progress
      pending.hooks.onProgress?.(done, total, unit)
      return
    }
    current = null
    if (message.ok) pending.resolve(message.result)
    else if (message.zodIssues) pending.reject(new z.ZodError(message.zodIssues))
    else pending.reject(AppError.fromData(message.error ?? stopped()))
    pump()
  })
  let ended = false
  const end = (cause: string): void => {
    if (ended) return
    ended = true
    if (worker === thread) worker = null
    const held = current
    current = null
    if (!ready) {
      // Why plan here from now on: a thread that never loaded its entry is a packaging problem
      // that every new thread would meet again; main still plans, only less smoothly.
      unavailable = true
      logger.warn('planning thread failed to load; planning on the main thread', { cause })
      for (const p of [...(held ? [held] : []), ...queue.splice(0)]) settleHere(p)
      return
    }
    // Why not re-run the task here: whatever stopped the thread (memory, a bug) would then stop
    // or freeze main. Tasks still queued go to a fresh thread, as does the next task.
    logger.error('planning thread stopped', { cause, failedTasks: held ? 1 : 0 })
    held?.reject(AppError.fromData(stopped()))
    if (queue.length === 0) return
    if (start() !== null) pump()
    else for (const p of queue.splice(0)) settleHere(p)
  }
  thread.on('error', (error) => end(error.message))
  thread.on('exit', (code) => end(`exit code ${code}`))
  worker = thread
  lexicons.forget()
  return thread
}

/** Hands the next queued task to the thread when it holds none. */
function pump(): void {
  if (worker === null || current !== null) return
  const next = queue.shift()
  if (next === undefined) {
    worker.unref()
    return
  }
  current = next
  worker.ref()
  worker.postMessage({ id: next.id, ...lexicons.prepare(next.task) })
  const thread = worker
  // Why a message and not terminate(): the thread stops the import between two pages and
  // answers CANCELLED, and stays up for the next task.
  next.hooks.signal?.addEventListener('abort', () => thread.postMessage({ cancel: next.id }), {
    once: true,
  })
}

function settleHere(p: Waiting): void {
  try {
    p.resolve(runPlanTask(p.task, p.hooks))
  } catch (error) {
    p.reject(error instanceof Error ? error : new Error(String(error)))
  }
}

function stopped(): AppErrorData {
  return {
    code: 'INTERNAL',
    message:
      'VoiceDesk could not plan the script: its planning thread stopped. Try again; if it keeps failing, report it.',
    retryable: true,
  }
}

/**
 * Runs a planning task on the planning thread when `size` is at least {@link OFF_MAIN_MIN_CHARS},
 * else (or when no thread can be started) here. Errors of the task (a block without a voice, bad
 * SSML) arrive as the same AppError either way. The thread runs one task at a time; a task given
 * a `supersede` key drops the tasks with that key still waiting for the thread (they end
 * CANCELLED), so a long estimate asked for again does not queue up stale work behind it. `hooks`
 * hear an import's progress and cancel it (while it waits, or between two pages).
 */
export async function runOffMain<T extends PlanTask>(
  task: T,
  size: number,
  supersede: string | null = null,
  hooks: ImportProgress = {},
): Promise<PlanTaskResult<T>> {
  const w = size >= OFF_MAIN_MIN_CHARS ? start() : null
  if (w === null) return runPlanTask(task, hooks)
  if (supersede !== null) {
    for (let i = queue.length - 1; i >= 0; i--) {
      const stale = queue[i]
      if (stale?.supersede !== supersede) continue
      queue.splice(i, 1)
      stale.reject(
        new AppError('CANCELLED', 'A newer request replaced this one before it was planned.'),
      )
    }
  }
  return new Promise<PlanTaskResult<T>>((resolve, reject) => {
    const resolveAs = (r: unknown): void => resolve(r as PlanTaskResult<T>)
    const waiting: Waiting = { id: nextId++, task, supersede, hooks, resolve: resolveAs, reject }
    queue.push(waiting)
    hooks.signal?.addEventListener(
      'abort',
      () => {
        const at = queue.indexOf(waiting)
        if (at < 0) return
        queue.splice(at, 1)
        reject(new AppError('CANCELLED', 'The import was cancelled before it started.'))
      },
      { once: true },
    )
    pump()
  })
}

/** {@link planRender}, off main's event loop for a large script (see {@link runOffMain}). */
export async function planRenderOffMain(
  project: Project,
  options: PlanOptions = {},
): Promise<RenderPlan> {
  return unpackPlan(
    await runOffMain({ kind: 'plan', project, options }, planSize(project)),
    project,
  )
}

/**
 * Checks that `project` can be planned (every block has a voice, its SSML is valid), off main's
 * event loop for a large script; throws the same error {@link planRender} would. Returns only
 * what the checks before a render read of the plan (voices used, piece costs, pauses).
 */
export async function checkRenderOffMain(
  project: Project,
  options: PlanOptions = {},
): Promise<PlanSummary> {
  return runOffMain({ kind: 'check', project, options }, planSize(project))
}

/**
 * Each block of `project` planned alone, on the planning thread (main only when no thread can
 * start): its piece hashes, or null when no voice resolves for it.
 */
export async function blockHashesOffMain(project: Project): Promise<BlockHashes[]> {
  return runOffMain({ kind: 'blockHashes', project }, Number.POSITIVE_INFINITY)
}

/**
 * What a render of `project` will cost, planned off main's event loop for a large script. A newer
 * estimate with the same `supersede` key drops this one while it still waits (see runOffMain).
 */
export async function estimateRenderOffMain(
  project: Project,
  cache: Pick<PieceCache, 'has'>,
  options: PlanOptions = {},
  supersede: string | null = null,
): Promise<RenderEstimate> {
  const task = { kind: 'pieces', project, options } as const
  const pieces = await runOffMain(task, planSize(project), supersede)
  return estimateOfPieces(pieces, cache)
}

/**
 * A saved `.voicedesk` project from its file's text, parsed and validated off main when it is
 * large; a damaged or newer file gives the same VALIDATION_FAILED as parseProjectFile.
 */
export async function parseProjectFileOffMain(path: string, text: string): Promise<Project> {
  return runOffMain({ kind: 'projectFile', path, text }, text.length)
}

/** A new project from an imported `.txt`/Markdown script, read off main when it is large. */
export async function importScriptOffMain(fileName: string, text: string): Promise<Project> {
  return runOffMain({ kind: 'import', fileName, text }, text.length)
}

/**
 * A pronunciation file (PLS or CSV, see readLexiconBytes) read into entries, off main's event
 * loop when it is large; a refused file gives the same VALIDATION_FAILED on either thread.
 */
export async function readLexiconOffMain(
  fileName: string,
  bytes: Uint8Array,
): Promise<LexiconFileRead> {
  return runOffMain({ kind: 'lexiconFile', fileName, bytes }, bytes.byteLength)
}
