import { describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { JobRegistry } from './job-registry'

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

describe('JobRegistry', () => {
  it('runs a job, delivers its last progress before the outcome, and forgets it', async () => {
    const registry = new JobRegistry()
    const seen: string[] = []
    const ticket = registry.start<number, string>({
      kind: 'test',
      ownerId: 1,
      throttleMs: 10_000,
      run: (job) => {
        job.progress(1)
        job.progress(2)
        job.progress(3)
        return Promise.resolve('done')
      },
      onProgress: (value) => seen.push(`progress ${value}`),
      onSettled: (outcome) => seen.push(outcome.ok ? `ok ${outcome.value}` : 'failed'),
    })
    expect(registry.running().map((j) => j.id)).toEqual([ticket.id])
    await expect(ticket.done).resolves.toBe('done')
    // The first value goes out at once; 2 is superseded by 3, which is flushed before settling.
    expect(seen).toEqual(['progress 1', 'progress 3', 'ok done'])
    expect(registry.running()).toEqual([])
  })

  it('delivers a value marked immediately at once, inside the throttle interval', async () => {
    const registry = new JobRegistry()
    const seen: string[] = []
    const ticket = registry.start<string, string>({
      kind: 'test',
      ownerId: 1,
      throttleMs: 10_000,
      run: (job) => {
        job.progress('running')
        job.progress('held')
        job.progress('paused', { immediately: true })
        job.progress('running again')
        return Promise.resolve('done')
      },
      onProgress: (value) => seen.push(value),
    })
    await ticket.done
    // 'held' was superseded by the pause; the pause was not superseded by what followed.
    expect(seen).toEqual(['running', 'paused', 'running again'])
  })

  it('cancel aborts the signal and reports CANCELLED whatever the job threw', async () => {
    const registry = new JobRegistry()
    const started = deferred<void>()
    const ticket = registry.start({
      kind: 'test',
      ownerId: 7,
      run: (job) =>
        new Promise((_resolve, reject) => {
          started.resolve()
          job.signal.addEventListener('abort', () => reject(new Error('socket hang up')))
        }),
    })
    await started.promise
    expect(registry.cancel(ticket.id, 8)).toBe(false)
    expect(registry.cancel(ticket.id, 7)).toBe(true)
    const error = await ticket.done.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('CANCELLED')
  })

  it('keeps a real failure as it is, and cancels every job of a closed window', async () => {
    const registry = new JobRegistry()
    const failing = registry.start({
      kind: 'test',
      ownerId: 1,
      run: () => Promise.reject(new AppError('DISK', 'The disk is full.')),
    })
    await expect(failing.done).rejects.toMatchObject({ code: 'DISK' })

    const waits = [1, 1, 2].map((ownerId) =>
      registry.start({
        kind: 'wait',
        ownerId,
        run: (job) =>
          new Promise((resolve) => job.signal.addEventListener('abort', () => resolve('stopped'))),
      }),
    )
    expect(registry.cancelOwnedBy(1)).toBe(2)
    await expect(waits[0]!.done).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(registry.running().map((j) => j.ownerId)).toEqual([2])
    registry.cancelAll()
    await expect(waits[2]!.done).rejects.toMatchObject({ code: 'CANCELLED' })
  })
})
