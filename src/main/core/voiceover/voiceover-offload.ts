import type { Worker } from 'node:worker_threads'
import { startWorkerEntry } from '../narration/offload/worker-entry'
import type { AppErrorData } from '../../../shared/errors'
import { AppError } from '../../../shared/errors'
import type { VoiceoverTask, VoiceoverTaskResult } from './voiceover-tasks'
import { runVoiceoverTask } from './voiceover-tasks'

type Message = { ready: true } | { id: number; ok: boolean; result?: unknown; error?: AppErrorData }

interface Pending {
  resolve(result: unknown): void
  reject(error: Error): void
}

/** Starts the voice-over thread; null when this build has no entry for one. */
export type VoiceoverWorkerFactory = () => Worker | null

let createWorker: VoiceoverWorkerFactory = defaultVoiceoverWorker
let worker: Worker | null = null
let unavailable = false
let nextId = 0
const pending = new Map<number, Pending>()

/** For tests: how the thread is started (forgets a thread that could not start). */
export function configureVoiceoverThread(factory: VoiceoverWorkerFactory): void {
  createWorker = factory
  unavailable = false
}

/**
 * The thread's entry: the bundled `voiceover-worker.js` beside main's bundle in the app; the
 * TypeScript source, compiled by tsx inside the thread, under the CLI and the tests. Relative
 * names are variables so the bundler leaves them alone.
 */
export function defaultVoiceoverWorker(): Worker | null {
  return startWorkerEntry('voiceover-worker', import.meta.url)
}

function start(): Worker | null {
  if (worker || unavailable) return worker
  let thread: Worker | null
  try {
    thread = createWorker()
  } catch {
    thread = null
  }
  if (thread === null) {
    unavailable = true
    return null
  }
  const w = thread
  w.unref()
  w.on('message', (message: Message) => {
    if ('ready' in message) return
    const waiting = pending.get(message.id)
    if (!waiting) return
    pending.delete(message.id)
    if (pending.size === 0) w.unref()
    if (message.ok) waiting.resolve(message.result)
    else waiting.reject(AppError.fromData(message.error ?? stopped()))
  })
  const end = (): void => {
    if (worker === w) worker = null
    // Why the tasks are not re-run here: whatever stopped the thread would stop main too.
    for (const waiting of pending.values()) waiting.reject(AppError.fromData(stopped()))
    pending.clear()
  }
  w.on('error', end)
  w.on('exit', end)
  worker = w
  return w
}

function stopped(): AppErrorData {
  return {
    code: 'INTERNAL',
    message:
      'VoiceDesk could not prepare the voice-over: its worker thread stopped. Try again; if it keeps failing, report it.',
    retryable: true,
  }
}

/**
 * Runs a voice-over task on its thread (tasks queue there, one at a time), or here when no
 * thread can be started. Errors arrive as the same AppError either way.
 */
export async function runVoiceoverOffMain<T extends VoiceoverTask>(
  task: T,
): Promise<VoiceoverTaskResult<T>> {
  const w = start()
  if (w === null) return (await runVoiceoverTask(task)) as VoiceoverTaskResult<T>
  return new Promise<VoiceoverTaskResult<T>>((resolve, reject) => {
    const id = nextId++
    pending.set(id, { resolve: (r) => resolve(r as VoiceoverTaskResult<T>), reject })
    w.ref()
    w.postMessage({ id, task })
  })
}
