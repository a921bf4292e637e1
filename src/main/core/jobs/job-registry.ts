import { randomUUID } from 'node:crypto'
import { AppError } from '../../../shared/errors'

/** What a running job sees: its id, its cancellation signal, and a throttled progress reporter. */
export interface JobContext<P> {
  id: string
  signal: AbortSignal
  /**
   * Reports progress; delivered at most once per throttle interval, the latest value wins.
   * `immediately` delivers it now (with anything held before it dropped): for a change the user
   * must see even when a newer value follows within the interval, such as a pause.
   */
  progress(value: P, options?: { immediately?: boolean }): void
}

export interface StartJobOptions<P, T> {
  kind: string
  /** The window (web contents id) that started the job; its jobs are cancelled when it closes. */
  ownerId: number
  run: (job: JobContext<P>) => Promise<T>
  /** Receives throttled progress. The final value is always delivered before `onSettled`. */
  onProgress?: (value: P) => void
  /** Receives the outcome once, after the last progress. */
  onSettled?: (outcome: { ok: true; value: T } | { ok: false; error: unknown }) => void
  /** Minimum time between two progress deliveries. Default 100 ms. */
  throttleMs?: number
}

/** A started job: its id and its outcome. */
export interface JobTicket<T> {
  id: string
  done: Promise<T>
}

interface RunningJob {
  kind: string
  ownerId: number
  controller: AbortController
}

/**
 * The main process's long work (renders, preview streams, downloads, conversation watches): each
 * job has an id, an AbortController and throttled progress, and is cancelled when its window goes.
 */
export class JobRegistry {
  private readonly jobs = new Map<string, RunningJob>()

  /** Starts a job; `run` receives the signal that `cancel` aborts. */
  start<P, T>(options: StartJobOptions<P, T>): JobTicket<T> {
    const id = randomUUID()
    const controller = new AbortController()
    this.jobs.set(id, { kind: options.kind, ownerId: options.ownerId, controller })
    const throttleMs = options.throttleMs ?? 100

    let pending: { value: P } | null = null
    let lastSent = 0
    let timer: NodeJS.Timeout | null = null
    const flush = (): void => {
      if (timer !== null) clearTimeout(timer)
      timer = null
      if (pending === null) return
      const { value } = pending
      pending = null
      lastSent = Date.now()
      options.onProgress?.(value)
    }
    const progress = (value: P, progressOptions?: { immediately?: boolean }): void => {
      pending = { value }
      const wait = lastSent + throttleMs - Date.now()
      if (wait <= 0 || progressOptions?.immediately === true) flush()
      else timer ??= setTimeout(flush, wait)
    }

    const done = (async () => {
      try {
        const value = await options.run({ id, signal: controller.signal, progress })
        // A job that returns after being cancelled stopped early: its value is not a result.
        if (controller.signal.aborted) throw new AppError('CANCELLED', 'Cancelled.')
        flush()
        options.onSettled?.({ ok: true, value })
        return value
      } catch (error) {
        flush()
        // Why rewrite aborts: whatever a cancelled operation threw (AbortError, a socket reset),
        // the user asked for it, so it is reported as CANCELLED and never as a failure.
        const outcome =
          controller.signal.aborted && !(error instanceof AppError && error.code !== 'CANCELLED')
            ? new AppError('CANCELLED', 'Cancelled.')
            : error
        options.onSettled?.({ ok: false, error: outcome })
        throw outcome
      } finally {
        this.jobs.delete(id)
      }
    })()
    // The ticket's promise is observed by callers that care; never leave it unhandled.
    done.catch(() => undefined)
    return { id, done }
  }

  /** Cancels a job. Only its owner may cancel it; returns false for an unknown id or another owner. */
  cancel(id: string, ownerId?: number): boolean {
    const job = this.jobs.get(id)
    if (job === undefined || (ownerId !== undefined && job.ownerId !== ownerId)) return false
    job.controller.abort()
    return true
  }

  /** Cancels every job a window started (the window closed or reloaded). */
  cancelOwnedBy(ownerId: number): number {
    let count = 0
    for (const job of this.jobs.values()) {
      if (job.ownerId === ownerId) {
        job.controller.abort()
        count += 1
      }
    }
    return count
  }

  /** Cancels everything (app quit). */
  cancelAll(): void {
    for (const job of this.jobs.values()) job.controller.abort()
  }

  /** Ids and kinds of the running jobs. */
  running(): { id: string; kind: string; ownerId: number }[] {
    return [...this.jobs].map(([id, job]) => ({ id, kind: job.kind, ownerId: job.ownerId }))
  }
}
