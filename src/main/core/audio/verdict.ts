/** The outcome of checking an audio file or stream for completeness. */
export type AudioVerdict =
  | {
      ok: true
      /** Frames (MP3/AAC), pages (Ogg) or samples (PCM/WAV) found. */
      units: number
      /** Duration the container says it holds, when it can tell. */
      durationMs: number | null
    }
  | { ok: false; reason: string }

/**
 * An incremental checker: feed it the bytes as they arrive (it keeps only a partial unit, never the
 * whole file), then ask whether what arrived is complete.
 */
export interface AudioChecker {
  push(chunk: Uint8Array): void
  finish(): AudioVerdict
  /** Bytes pushed so far. */
  readonly bytes: number
}

/**
 * Keeps the bytes not yet consumed by a walker. Only the unfinished tail is copied, so memory
 * stays at one frame or page however long the stream is.
 */
export class Carry {
  private buffer: Uint8Array = new Uint8Array(0)

  append(chunk: Uint8Array): Uint8Array {
    if (this.buffer.byteLength === 0) {
      this.buffer = chunk
    } else {
      const joined = new Uint8Array(this.buffer.byteLength + chunk.byteLength)
      joined.set(this.buffer, 0)
      joined.set(chunk, this.buffer.byteLength)
      this.buffer = joined
    }
    return this.buffer
  }

  /** Keeps `data` from `offset` on for the next push (copied: the caller may reuse its chunk). */
  keep(data: Uint8Array, offset: number): void {
    this.buffer = offset >= data.byteLength ? new Uint8Array(0) : data.slice(offset)
  }

  get length(): number {
    return this.buffer.byteLength
  }

  get data(): Uint8Array {
    return this.buffer
  }
}

/** Size of an ID3v2 tag starting at `offset`, or 0 when there is none; -1 when more bytes are needed. */
export function id3v2Size(data: Uint8Array, offset: number): number {
  if (data.byteLength - offset < 3) return -1
  if (data[offset] !== 0x49 || data[offset + 1] !== 0x44 || data[offset + 2] !== 0x33) return 0
  if (data.byteLength - offset < 10) return -1
  const size =
    ((data[offset + 6]! & 0x7f) << 21) |
    ((data[offset + 7]! & 0x7f) << 14) |
    ((data[offset + 8]! & 0x7f) << 7) |
    (data[offset + 9]! & 0x7f)
  const footer = (data[offset + 5]! & 0x10) !== 0 ? 10 : 0
  return 10 + size + footer
}
