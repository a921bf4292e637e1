import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { z } from 'zod'
import type { RenderEstimate } from '../../../shared/domain/narration'
import type { Project } from '../../../shared/domain/script'
import type { AppErrorData } from '../../../shared/errors'
import { AppError } from '../../../shared/errors'
import type { PieceCache } from './piece-cache'
import type { PlanOptions, PlanTask, PlanTaskResult } from './plan-tasks'
import { estimateOfPieces, runPlanTask, unpackPlan } from './plan-tasks'
import type { RenderPlan } from './render-plan'

/**
 * Scripts with less text than this (UTF-16 units, all blocks together) are planned on the calling
 * thread: that takes under about 10 ms, less than handing the script to the planning thread and
 * back costs in the worst case. Larger ones go to the planning thread, so main's event loop (IPC,
 * render progress) never waits for them. bench/plan-responsiveness.ts measures both sides.
 */
export const OFF_MAIN_MIN_CHARS = 16_384

/** The text a plan of `project` reads: what its cost grows with. */
export function planSize(project: Project): number {
  let n = 0
  for (const block of project.blocks) n += block.text.length
  return n
}

interface Reply {
  id: number
  ok: boolean
  result?: unknown
  error?: AppErrorData
  zodIssues?: z.core.$ZodIssue[]
}

interface Waiting {
  task: PlanTask
  resolve(result: unknown): void
  reject(error: Error): void
}

let worker: Worker | null = null
let unavailable = false
let nextId = 0
const waiting = new Map<number, Waiting>()

/** Where the tsx loader's API is, read from its package exports (source runs only). */
function tsxApiUrl(): string {
  const require = createRequire(import.meta.url)
  const manifestPath = require.resolve('tsx/package.json')
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>
  }
  const api = manifest.exports['./esm/api']?.import.default ?? './dist/esm/api/index.mjs'
  return new URL(api, pathToFileURL(manifestPath)).href
}

/**
 * The planning thread's entry: the bundled `plan-worker.js` beside main's bundle (or its chunks
 * folder) in the app; the TypeScript source, compiled by tsx inside the thread, under the CLI
 * and the tests. Relative names are variables so the bundler leaves them alone.
 */
function createWorker(): Worker | null {
  for (const name of ['./plan-worker.js', '../plan-worker.js']) {
    const url = new URL(name, import.meta.url)
    if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return new Worker(url)
  }
  const source = new URL(['./plan-worker', 'ts'].join('.'), import.meta.url)
  if (source.protocol !== 'file:' || !existsSync(fileURLToPath(source))) return null
  const boot = `const { workerData } = require('node:worker_threads')
import(workerData.tsx).then((tsx) => { tsx.register(); return import(workerData.entry) })`
  return new Worker(boot, { eval: true, workerData: { tsx: tsxApiUrl(), entry: source.href } })
}

function start(): Worker | null {
  if (worker || unavailable) return worker
  try {
    const w = createWorker()
    if (w === null) {
      unavailable = true
      return null
    }
    w.unref()
    let answered = false
    w.on('message', (reply: Reply) => {
      answered = true
      const pending = waiting.get(reply.id)
      if (!pending) return
      waiting.delete(reply.id)
      if (reply.ok) pending.resolve(reply.result)
      else if (reply.zodIssues) pending.reject(new z.ZodError(reply.zodIssues))
      else pending.reject(AppError.fromData(reply.error ?? unexpected()))
      if (waiting.size === 0) w.unref()
    })
    const stopped = (error: Error): void => {
      if (worker === w) worker = null
      const pending = [...waiting.values()]
      waiting.clear()
      // A thread that never answered could not load its entry (a packaging problem): plan here
      // from now on rather than fail every plan. One that stopped later fails what it held.
      if (!answered) unavailable = true
      for (const p of pending) {
        if (answered) p.reject(error)
        else settleHere(p)
      }
    }
    w.on('error', stopped)
    w.on('exit', () => stopped(AppError.fromData(unexpected())))
    worker = w
  } catch {
    unavailable = true
  }
  return worker
}

function settleHere(p: Waiting): void {
  try {
    p.resolve(runPlanTask(p.task))
  } catch (error) {
    p.reject(error instanceof Error ? error : new Error(String(error)))
  }
}

function unexpected(): AppErrorData {
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
 * SSML) arrive as the same AppError either way.
 */
export async function runOffMain<T extends PlanTask>(
  task: T,
  size: number,
): Promise<PlanTaskResult<T>> {
  const w = size >= OFF_MAIN_MIN_CHARS ? start() : null
  if (w === null) return runPlanTask(task)
  const id = nextId++
  return new Promise<PlanTaskResult<T>>((resolve, reject) => {
    waiting.set(id, { task, resolve: (r) => resolve(r as PlanTaskResult<T>), reject })
    w.ref()
    w.postMessage({ id, task })
  })
}

/** {@link planRender}, off main's event loop for a large script (see {@link runOffMain}). */
export async function planRenderOffMain(
  project: Project,
  options: PlanOptions = {},
): Promise<RenderPlan> {
  return unpackPlan(await runOffMain({ kind: 'plan', project, options }, planSize(project)))
}

/** What a render of `project` will cost, planned off main's event loop for a large script. */
export async function estimateRenderOffMain(
  project: Project,
  cache: Pick<PieceCache, 'has'>,
  options: PlanOptions = {},
): Promise<RenderEstimate> {
  const pieces = await runOffMain({ kind: 'pieces', project, options }, planSize(project))
  return estimateOfPieces(pieces, cache)
}

/** A new project from an imported `.txt`/Markdown script, read off main when it is large. */
export async function importScriptOffMain(fileName: string, text: string): Promise<Project> {
  return runOffMain({ kind: 'import', fileName, text }, text.length)
}
