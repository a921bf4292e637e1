import { Worker } from 'node:worker_threads'
import type { RenderJob, RenderResult } from './render.js'

interface PoolWorker {
  worker: Worker
  busy: boolean
  ready: Promise<void>
}

interface Task {
  id: number
  job: RenderJob
  resolve: (result: RenderResult) => void
  reject: (error: Error) => void
}

type WorkerMessage =
  { ready: true } | { id: number; result: RenderResult } | { id: number; error: string }

// Run from TypeScript sources (tsx, Vitest), the worker needs tsx's loader registered inside the
// worker before its entry is imported; from compiled JavaScript it loads directly.
function spawn(warmUp: boolean): Worker {
  const source = import.meta.url.endsWith('.ts') ? 'synth-worker.ts' : 'synth-worker.js'
  const entry = new URL(`./${source}`, import.meta.url).href
  if (source.endsWith('.js')) return new Worker(new URL(entry), { workerData: { warmUp } })
  const boot = `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(entry)}); })
    .catch((error) => { throw error; });`
  return new Worker(boot, { eval: true, workerData: { warmUp } })
}

/** A fixed set of worker threads that render synthesis jobs; jobs queue when all are busy. */
export class SynthPool {
  private readonly workers: PoolWorker[] = []
  private readonly queue: Task[] = []
  private readonly running = new Map<number, { task: Task; slot: PoolWorker }>()
  private nextId = 1

  constructor(size: number, warmUp: boolean) {
    for (let i = 0; i < size; i++) this.workers.push(this.start(warmUp))
  }

  /** Resolves once every worker has loaded, or rejects if one cannot start. */
  async ready(): Promise<void> {
    await Promise.all(this.workers.map((slot) => slot.ready))
  }

  /** Renders a job on the next free worker. */
  render(job: RenderJob): Promise<RenderResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, resolve, reject })
      this.dispatch()
    })
  }

  /** Terminates the workers; queued and running jobs fail. */
  async stop(): Promise<void> {
    const error = new Error('synthesis pool stopped')
    for (const task of this.queue.splice(0)) task.reject(error)
    for (const { task } of this.running.values()) task.reject(error)
    this.running.clear()
    await Promise.all(this.workers.map((slot) => slot.worker.terminate()))
  }

  private start(warmUp: boolean): PoolWorker {
    const worker = spawn(warmUp)
    worker.unref()
    let markReady: () => void = () => undefined
    let failReady: (error: Error) => void = () => undefined
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve
      failReady = reject
    })
    const slot: PoolWorker = { worker, busy: true, ready }
    worker.on('message', (message: WorkerMessage) => {
      if ('ready' in message) {
        slot.busy = false
        markReady()
      } else {
        const entry = this.running.get(message.id)
        this.running.delete(message.id)
        slot.busy = false
        if ('result' in message) entry?.task.resolve(message.result)
        else entry?.task.reject(new Error(message.error))
      }
      this.dispatch()
    })
    worker.on('error', (error) => {
      failReady(error)
      for (const [id, entry] of this.running) {
        if (entry.slot !== slot) continue
        this.running.delete(id)
        entry.task.reject(error)
      }
    })
    return slot
  }

  private dispatch(): void {
    for (const slot of this.workers) {
      if (slot.busy) continue
      const task = this.queue.shift()
      if (!task) return
      slot.busy = true
      this.running.set(task.id, { task, slot })
      slot.worker.postMessage({ id: task.id, job: task.job })
    }
  }
}
