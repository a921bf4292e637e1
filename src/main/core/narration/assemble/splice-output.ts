import type { Stats } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { open, stat } from 'node:fs/promises'
import { PCM_SAMPLE_RATE } from '../../../../shared/domain/speech'
import { AppError } from '../../../../shared/errors'
import { cancelledRender, loudnessOfPlaced } from './assemble-program'
import type { ReadyPiece } from '../fetch/piece-fetcher'
import type { PieceLoudness, ProgramLoudness } from '../pcm/loudness-cells'
import { loadPieceLoudness } from '../pcm/loudness-cells'
import type { OutputLayout } from './output-layout'
import type { OutputFile } from './output-file'
import { createOutputFile } from './output-file'
import {
  ownedBytesToSamples,
  FADE_SAMPLES,
  fadeLoudEdges,
  pauseSamples,
  samplesToBytes,
} from '../pcm/pcm-edges'
import type { RenderPlan } from '../plan/render-plan'
import { WAV_HEADER_BYTES, wavHeader } from '../../../../shared/domain/wav-header'

/** What a splice needs from the render around it. */
export interface SpliceInput {
  plan: RenderPlan
  outputPath: string
  format: 'wav' | 'pcm'
  /** The layout of the file now at `outputPath` (already checked against it). */
  previous: OutputLayout
  ready: (pieceIndex: number) => Promise<ReadyPiece>
  readAudio: (pieceIndex: number, piece: ReadyPiece) => Promise<Uint8Array>
  loudness: ProgramLoudness
  onMeasured: (piece: ReadyPiece, loudness: PieceLoudness) => void
  piecePlaced: (pieceIndex: number, startSample: number, piece: ReadyPiece) => void
  onStage?: (name: string) => void
  /** CPU work to do while the final fsync runs (every piece is placed by then). */
  whileSyncing?: () => void
  signal: AbortSignal
}

/** What a splice wrote. */
export interface SpliceResult {
  samples: number
  segments: [string, number][]
  /**
   * Bytes left where they were (in the OS-made copy of the previous file), bytes copied from
   * the previous file to a new place, and bytes assembled anew.
   */
  keptBytes: number
  copiedBytes: number
  writtenBytes: number
}

/** True when the copy begun into `out` is of the file `before` describes, which is unchanged. */
async function copiedUnchanged(out: OutputFile, path: string, before: Stats): Promise<boolean> {
  const copied = await stat(out.tempPath)
  const now = await stat(path).catch(() => null)
  return sameFile(now, before) && copied.size === before.size
}

/** A second of silence, written as often as a pause needs. */
const SILENCE = new Uint8Array(PCM_SAMPLE_RATE * 2)

/** Writes `samples` of silence at byte `at`, a second at a time, in the background. */
function writeSilence(copies: SpliceCopies, file: OutputFile, at: number, samples: number): void {
  for (let done = 0; done < samples; done += SILENCE.byteLength / 2) {
    const n = Math.min(SILENCE.byteLength / 2, samples - done)
    copies.run(file.writeAt(SILENCE.subarray(0, n * 2), at + done * 2))
  }
}

/** True when `now` is still the file `before` describes (same inode, size and modification). */
function sameFile(now: Stats | null, before: Stats): boolean {
  return (
    now !== null &&
    now.ino === before.ino &&
    now.size === before.size &&
    now.mtimeMs === before.mtimeMs
  )
}

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
class SpliceCopies {
  keptBytes = 0
  copiedBytes = 0
  private readonly offsets: number[] = []
  private readonly firstByHash = new Map<string, number>()
  private readonly tasks: Promise<void>[] = []
  private copy: { from: number; to: number; length: number; last: number } | null = null

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

  /** Runs a write in the background; `settled` waits for it (and fails with it). */
  run(task: Promise<void>): void {
    task.catch(() => undefined)
    this.tasks.push(task)
  }

  settled(): Promise<void[]> {
    return Promise.all(this.tasks)
  }
}

// Why the words and loudness of each piece are worked out beside the walk, not in it: the
// walk only computes where everything goes, so the copies start as early as possible (the
// suffix's the moment the changed pieces arrive); this work then runs between the copies'
// I/O callbacks, yielding often so it never holds them up.
type Placement =
  | {
      kind: 'piece'
      pieceIndex: number
      position: number
      piece: ReadyPiece
      stats: PieceLoudness | null
    }
  | { kind: 'silence'; samples: number }

/** Each placed piece reported and its loudness added, in order, beside the splice's walk. */
class PlacementWork {
  private readonly placements: Placement[] = []
  private wake: (() => void) | null = null
  private walking = true
  private readonly working: Promise<void>

  constructor(private readonly input: SpliceInput) {
    this.working = this.work()
    this.working.catch(() => undefined)
  }

  place(item: Placement): void {
    this.placements.push(item)
    this.wakeWorker()
  }

  /** Ends the walk; resolves when every placement is handled. */
  finish(): Promise<void> {
    this.walking = false
    this.wakeWorker()
    return this.working
  }

  private wakeWorker(): void {
    const resume = this.wake
    this.wake = null
    resume?.()
  }

  private async work(): Promise<void> {
    const { input } = this
    for (let n = 1; ; n++) {
      const item = this.placements.shift()
      if (!item) {
        if (!this.walking) return
        await new Promise<void>((resolve) => (this.wake = resolve))
        continue
      }
      if (item.kind === 'silence') {
        input.loudness.addSilence(item.samples)
        continue
      }
      input.piecePlaced(item.pieceIndex, item.position, item.piece)
      // Statistics are stored with the piece (checked against its length); only entries of
      // older versions lack them, and only those are read to measure.
      let stats = item.stats ?? loadPieceLoudness(item.piece.storedLoudness, item.piece.bytes / 2)
      if (!stats) {
        const placed = ownedBytesToSamples(await input.readAudio(item.pieceIndex, item.piece))
        fadeLoudEdges(placed, FADE_SAMPLES)
        stats = loudnessOfPlaced(item.piece, placed, input.onMeasured)
      }
      input.loudness.addPiece(stats)
      if (n % 8 === 0) await new Promise((resolve) => setImmediate(resolve))
    }
  }
}

/**
 * Renders a WAV or PCM output (24 kHz, no gain) by splicing. The new file starts as a copy of the
 * previous one made by the operating system (a clone on file systems that share blocks, an
 * in-kernel copy elsewhere), begun at once so it runs while the changed pieces are synthesized.
 * Stretches of pieces and pauses that sit unchanged at the same place are then left as they are;
 * unchanged stretches that moved are copied from the previous file to their new place; only new
 * pieces are read from the cache and placed (edges faded, as always); the file is cut to its new
 * length. The bytes are exactly those a render from scratch writes, because a placed piece
 * depends only on its own audio. One fsync, at the end; verified before the rename like every
 * output. Null when the previous file cannot be opened or changed under the copy (then the
 * caller assembles).
 */
export async function renderBySplice(input: SpliceInput): Promise<SpliceResult | null> {
  const { plan, previous, signal } = input
  const dataOffset = input.format === 'wav' ? WAV_HEADER_BYTES : 0
  // The layout was checked against this file a moment ago; if it vanished since, assemble anew.
  const old = await open(input.outputPath, 'r').catch(() => null)
  if (!old) return null
  const before = await old.stat()
  const starting = createOutputFile(input.outputPath, {
    signal,
    backgroundSync: false,
    startFrom: input.outputPath,
  })
  let out: OutputFile | undefined
  try {
    // Why wait for the copy here: everything below writes into it, and the pieces that changed
    // are being synthesized meanwhile (their requests are not started by this walk).
    out = await starting
    if (!(await copiedUnchanged(out, input.outputPath, before))) {
      // Replaced or written to since its layout was checked: assemble anew instead.
      await out.abort()
      return null
    }
    const file = out
    const copies = new SpliceCopies(previous, dataOffset, old, file)
    const measures = new PlacementWork(input)
    const segments: [string, number][] = []
    let writtenBytes = 0
    let position = 0

    const WAITING = Symbol('waiting')
    for (const block of plan.blocks) {
      for (const pieceIndex of block.pieceIndexes) {
        const ready = input.ready(pieceIndex)
        // A piece still being synthesized: start the copy laid out so far instead of holding it.
        if ((await Promise.race([ready, Promise.resolve(WAITING)])) === WAITING) copies.close()
        const piece = await ready
        if (signal.aborted) throw cancelledRender()
        const samples = piece.bytes / 2
        if (copies.reuse(piece.hash, samples, position)) {
          measures.place({ kind: 'piece', pieceIndex, position, piece, stats: piece.loudness })
        } else {
          copies.close()
          const placed = ownedBytesToSamples(await input.readAudio(pieceIndex, piece))
          fadeLoudEdges(placed, FADE_SAMPLES)
          const stats = loudnessOfPlaced(piece, placed, input.onMeasured)
          measures.place({ kind: 'piece', pieceIndex, position, piece, stats })
          writtenBytes += placed.byteLength
          const at = dataOffset + position * 2
          copies.run(file.writeAt(samplesToBytes(placed), at))
        }
        segments.push([piece.hash, samples])
        position += samples
      }
      const pause = pauseSamples(block.pauseAfterMs, PCM_SAMPLE_RATE)
      if (pause > 0) {
        measures.place({ kind: 'silence', samples: pause })
        if (!copies.reuse('', pause, position)) {
          copies.close()
          writeSilence(copies, file, dataOffset + position * 2, pause)
          writtenBytes += pause * 2
        }
        segments.push(['', pause])
        position += pause
      }
    }
    copies.close()
    input.onStage?.('splice laid out')
    await Promise.all([copies.settled(), measures.finish()])
    input.onStage?.('splice copied')
    await file.truncate(dataOffset + position * 2)
    if (input.format === 'wav') await file.writeAt(wavHeader(PCM_SAMPLE_RATE, 1, position * 2), 0)
    await file.commit(
      { format: input.format, sampleRate: PCM_SAMPLE_RATE, samples: position },
      input.whileSyncing,
    )
    input.onStage?.('splice committed')
    const { keptBytes, copiedBytes } = copies
    return { samples: position, segments, keptBytes, copiedBytes, writtenBytes }
  } catch (error) {
    // The previous file went away before it could be copied: assemble anew instead.
    if (out === undefined && error instanceof AppError && error.code === 'NOT_FOUND') return null
    await out?.abort()
    throw error
  } finally {
    // Not awaited: the previous file was just replaced, and closing its last handle makes the
    // kernel free it (hundreds of megabytes), which the render need not wait for.
    void old.close().catch(() => undefined)
  }
}
