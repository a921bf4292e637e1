import type { FileHandle } from 'node:fs/promises'
import { PCM_SAMPLE_RATE } from '../../../../shared/domain/speech'
import type { OutputFile } from './output-file'
import type { OutputLayout } from './output-layout'

// Where a splice's bytes come from besides the new pieces: stretches of the previous file, copied
// (or left where they are), and pauses written as silence. The walk in splice-output.ts decides.

/** A second of silence, written as often as a pause needs. */
const SILENCE = new Uint8Array(PCM_SAMPLE_RATE * 2)

const COPY_CHUNK = 1024 * 1024
const COPY_LANES = 4

/** Copies `length` bytes at `from` in `src` to `to` in `dst`, a few chunks at a time in parallel. */
async function copyRange(
  src: FileHandle,
  dst: FileHandle,
  from: number,
  to: number,
  length: number,
): Promise<void> {
  let next = 0
  const lane = async (): Promise<void> => {
    const buffer = new Uint8Array(Math.min(COPY_CHUNK, length))
    while (next < length) {
      const at = next
      next += COPY_CHUNK
      const size = Math.min(COPY_CHUNK, length - at)
      let got = 0
      while (got < size) {
        const { bytesRead } = await src.read(buffer, got, size - got, from + at + got)
        if (bytesRead === 0) throw new Error('the previous output ended early')
        got += bytesRead
      }
      let put = 0
      while (put < size) {
        const { bytesWritten } = await dst.write(buffer, put, size - put, to + at + put)
        put += bytesWritten
      }
    }
  }
  await Promise.all(
    Array.from({ length: Math.min(COPY_LANES, Math.ceil(length / COPY_CHUNK)) }, lane),
  )
}

/**
 * Where the previous file's unchanged stretches go in the new one: runs of segments that follow
 * each other in both are gathered into one copy, left where it is when it did not move.
 */
export class SpliceCopies {
  keptBytes = 0
  copiedBytes = 0
  private readonly offsets: number[] = []
  private readonly firstByHash = new Map<string, number>()
  private readonly tasks: Promise<void>[] = []
  private copy: { from: number; to: number; length: number; last: number } | null = null
  private flushing = false

  constructor(
    private readonly previous: OutputLayout,
    private readonly dataOffset: number,
    private readonly old: FileHandle,
    private readonly file: OutputFile,
  ) {
    let at = previous.dataOffset
    previous.segments.forEach(([hash, samples], index) => {
      this.offsets.push(at)
      if (hash !== '' && !this.firstByHash.has(hash)) this.firstByHash.set(hash, index)
      at += samples * 2
    })
  }

  /** Places segment [hash, samples] at `position` from the previous file if it is there; false if not. */
  reuse(hash: string, samples: number, position: number): boolean {
    const { copy, previous } = this
    const follows = copy ? previous.segments[copy.last + 1] : undefined
    if (copy && follows && follows[0] === hash && follows[1] === samples) {
      copy.length += samples * 2
      copy.last += 1
      return true
    }
    const index = hash === '' ? undefined : this.firstByHash.get(hash)
    if (index === undefined || previous.segments[index]?.[1] !== samples) return false
    this.close()
    this.copy = {
      from: this.offsets[index]!,
      to: this.dataOffset + position * 2,
      length: samples * 2,
      last: index,
    }
    return true
  }

  /** Ends the run gathered so far: its copy starts now (or it stays where it is). */
  close(): void {
    if (this.copy) {
      const { from, to, length } = this.copy
      if (from === to) {
        // Already there: the new file started as a copy of the previous one.
        this.keptBytes += length
      } else {
        this.copiedBytes += length
        this.run(copyRange(this.old, this.file.handle, from, to, length))
      }
    }
    this.copy = null
  }

  /**
   * Starts writing the file's data to disk in the background, once. Why: the copy of the previous
   * file is hundreds of megabytes the final fsync would otherwise write all at once, and the
   * disk is idle while the changed pieces are synthesized. Only a head start, which the file's
   * commit (or discard) waits for; a failure there is left to the final fsync to report.
   */
  flushEarly(): void {
    if (this.flushing) return
    this.flushing = true
    this.file.syncInBackground()
  }

  /** Writes `bytes` at byte `at` of the new file, in the background. */
  write(bytes: Uint8Array, at: number): void {
    this.run(this.file.writeAt(bytes, at))
  }

  /** Writes `samples` of silence at byte `at`, a second at a time, in the background. */
  writeSilence(at: number, samples: number): void {
    for (let done = 0; done < samples; done += SILENCE.byteLength / 2) {
      const n = Math.min(SILENCE.byteLength / 2, samples - done)
      this.write(SILENCE.subarray(0, n * 2), at + done * 2)
    }
  }

  /** Runs a write in the background; `settled` waits for it (and fails with it). */
  run(task: Promise<void>): void {
    task.catch(() => undefined)
    this.tasks.push(task)
  }

  settled(): Promise<void[]> {
    return Promise.all(this.tasks)
  }
}
