import { renderSpeech, warmUpEngine, type RenderJob, type RenderResult } from './render.js'
import { SynthPool } from './synth-pool.js'

/**
 * Renders synthesis jobs on worker threads (or the main thread when threads are off or cannot
 * start), with an LRU cache of finished renders and sharing of identical renders in progress.
 */
export class SynthService {
  private pool: SynthPool | null = null
  private readonly cache = new Map<string, RenderResult>()
  private readonly inProgress = new Map<string, Promise<RenderResult>>()
  private cachedBytes = 0

  constructor(
    threads: number,
    private readonly cacheBytes: number,
    private readonly log: (line: string) => void,
    private readonly warmUp: boolean,
  ) {
    if (threads <= 0) return
    try {
      this.pool = new SynthPool(threads, warmUp)
    } catch (error) {
      // Same fallback as a worker that fails to load: synthesis on the main thread.
      log(
        `synthesis workers unavailable (${error instanceof Error ? error.message : String(error)})`,
      )
    }
  }

  /** Waits for the workers; falls back to main-thread synthesis if they cannot start. */
  async ready(): Promise<void> {
    if (!this.pool) {
      if (this.warmUp) await warmUpEngine()
      return
    }
    try {
      await this.pool.ready()
    } catch (error) {
      this.log(
        `synthesis workers unavailable (${error instanceof Error ? error.message : String(error)}); synthesizing on the main thread`,
      )
      const pool = this.pool
      this.pool = null
      await pool.stop()
      if (this.warmUp) await warmUpEngine()
    }
  }

  /** Renders a job, from cache when the same job was rendered before. */
  render(job: RenderJob): Promise<RenderResult> {
    const key = JSON.stringify(job)
    const cached = this.cache.get(key)
    if (cached) {
      this.cache.delete(key)
      this.cache.set(key, cached)
      return Promise.resolve(cached)
    }
    const running = this.inProgress.get(key)
    if (running) return running
    const promise = (this.pool ? this.pool.render(job) : renderSpeech(job)).then((result) => {
      this.remember(key, result)
      return result
    })
    this.inProgress.set(key, promise)
    const forget = (): void => {
      this.inProgress.delete(key)
    }
    promise.then(forget, forget)
    return promise
  }

  /** Stops the workers. */
  async stop(): Promise<void> {
    await this.pool?.stop()
    this.pool = null
  }

  private remember(key: string, result: RenderResult): void {
    const size = result.audio.byteLength
    if (size > this.cacheBytes) return
    this.cache.set(key, result)
    this.cachedBytes += size
    for (const [oldKey, old] of this.cache) {
      if (this.cachedBytes <= this.cacheBytes) break
      this.cache.delete(oldKey)
      this.cachedBytes -= old.audio.byteLength
    }
  }
}
