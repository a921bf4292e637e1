import type { Stats } from 'node:fs'
import { open, stat } from 'node:fs/promises'
import { PCM_SAMPLE_RATE } from '../../../../shared/domain/speech'
import { AppError } from '../../../../shared/errors'
import { cancelledRender, loudnessOfPlaced } from './assemble-program'
import type { ReadyPiece } from '../fetch/piece-fetcher'
import type { PieceLoudness, ProgramLoudness } from '../pcm/loudness-cells'
import { loadPieceLoudness } from '../pcm/loudness-cells'
import type { OutputLayout } from './output-layout'
import { SpliceCopies } from './splice-copies'
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
async function copiedUnchanged(
  out: OutputFile,
  path: string,
  before: FileIdentity,
): Promise<boolean> {
  const copied = await stat(out.tempPath)
  const now = await stat(path).catch(() => null)
  return sameFile(now, before) && copied.size === before.size
}

/** What tells one version of a file from another: its inode, size and modification time. */
type FileIdentity = Pick<Stats, 'ino' | 'size' | 'mtimeMs'>

/** True when `now` is still the file `before` describes (same inode, size and modification). */
function sameFile(now: FileIdentity | null, before: FileIdentity): boolean {
  return (
    now !== null &&
    now.ino === before.ino &&
    now.size === before.size &&
    now.mtimeMs === before.mtimeMs
  )
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
 * Walks the new program in order and decides where each piece and pause comes from: a stretch
 * of the previous file (left in place or copied), or written anew (a new piece, a new pause).
 * Returns once every copy and write it started has landed and each piece is reported.
 */
async function layOutProgram(
  input: SpliceInput,
  copies: SpliceCopies,
  measures: PlacementWork,
  dataOffset: number,
): Promise<{ segments: [string, number][]; writtenBytes: number; samples: number }> {
  const { plan, signal } = input
  const segments: [string, number][] = []
  let writtenBytes = 0
  let position = 0

  const WAITING = Symbol('waiting')
  for (const block of plan.blocks) {
    for (const pieceIndex of block.pieceIndexes) {
      const ready = input.ready(pieceIndex)
      // A piece still being synthesized: start the copy laid out so far instead of holding it.
      if ((await Promise.race([ready, Promise.resolve(WAITING)])) === WAITING) {
        copies.close()
        copies.flushEarly()
      }
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
        copies.write(samplesToBytes(placed), dataOffset + position * 2)
      }
      segments.push([piece.hash, samples])
      position += samples
    }
    const pause = pauseSamples(block.pauseAfterMs, PCM_SAMPLE_RATE)
    if (pause > 0) {
      measures.place({ kind: 'silence', samples: pause })
      if (!copies.reuse('', pause, position)) {
        copies.close()
        copies.writeSilence(dataOffset + position * 2, pause)
        writtenBytes += pause * 2
      }
      segments.push(['', pause])
      position += pause
    }
  }
  copies.close()
  input.onStage?.('splice laid out')
  await Promise.all([copies.settled(), measures.finish()])
  return { segments, writtenBytes, samples: position }
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
  const { previous, signal } = input
  const dataOffset = input.format === 'wav' ? WAV_HEADER_BYTES : 0
  // The layout was checked against this file a moment ago; if it vanished since, assemble anew.
  const old = await open(input.outputPath, 'r').catch(() => null)
  if (!old) return null
  const before = await old.stat()
  // The file opened must be the one the layout describes: if it was replaced or written to after
  // the layout was checked, the layout no longer says where its pieces are.
  if (!sameFile(before, previous)) {
    void old.close().catch(() => undefined)
    return null
  }
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
    input.onStage?.('splice copy made')
    if (!(await copiedUnchanged(out, input.outputPath, before))) {
      // Replaced or written to since its layout was checked: assemble anew instead.
      await out.abort()
      return null
    }
    const file = out
    const copies = new SpliceCopies(previous, dataOffset, old, file)
    const {
      segments,
      writtenBytes,
      samples: position,
    } = await layOutProgram(input, copies, new PlacementWork(input), dataOffset)
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
