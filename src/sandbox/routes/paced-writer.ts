import type { RequestContext } from '../server/context.js'

/**
 * Writes a stream body in small chunks with a pause between them, and plays the stream faults:
 * after `stallAfterBytes` it stops writing and leaves the connection open; after
 * `truncateAfterBytes` it ends the body cleanly. Neither is announced: after the first byte the
 * service has no in-band error.
 */
export class PacedWriter {
  private sent = 0
  private stopped = false

  constructor(private readonly ctx: RequestContext) {}

  /** Writes bytes paced; false once the stream has stalled, been cut, or lost its client. */
  async write(bytes: Uint8Array): Promise<boolean> {
    const { streamChunkBytes, streamChunkIntervalMs } = this.ctx.env.settings
    const { stallAfterBytes, truncateAfterBytes } = this.ctx.faults
    let offset = 0
    while (offset < bytes.byteLength) {
      if (this.stopped || this.ctx.res.destroyed) return false
      if (stallAfterBytes !== null && this.sent >= stallAfterBytes) {
        this.stall()
        return false
      }
      if (truncateAfterBytes !== null && this.sent >= truncateAfterBytes) {
        this.stopped = true
        this.ctx.res.end()
        return false
      }
      let size = Math.min(streamChunkBytes, bytes.byteLength - offset)
      for (const limit of [stallAfterBytes, truncateAfterBytes]) {
        if (limit !== null) size = Math.min(size, Math.max(1, limit - this.sent))
      }
      if (this.sent > 0) await this.ctx.env.timers.sleep(streamChunkIntervalMs)
      if (this.ctx.res.destroyed) return false
      const chunk = bytes.subarray(offset, offset + size)
      offset += size
      this.sent += size
      if (!this.ctx.res.write(chunk)) await this.drain()
    }
    return true
  }

  /** Ends the body, unless a fault already decided how it ends (a stall leaves it open). */
  end(): void {
    if (this.stopped || this.ctx.res.destroyed) return
    const { stallAfterBytes } = this.ctx.faults
    if (stallAfterBytes !== null && this.sent >= stallAfterBytes) {
      this.stall()
      return
    }
    this.ctx.res.end()
  }

  /**
   * Stops writing for good and says so: a developer sees why a client hangs, and a test knows the
   * stream has stalled (everything sent is on its way) without timing a silence.
   */
  private stall(): void {
    this.stopped = true
    this.ctx.env.log(
      `stream ${this.ctx.id} stalled after ${this.sent} bytes (stall fault); the connection stays open until the client gives up`,
    )
  }

  private drain(): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.ctx.res.off('drain', done)
        this.ctx.res.off('close', done)
        resolve()
      }
      this.ctx.res.once('drain', done)
      this.ctx.res.once('close', done)
    })
  }
}
