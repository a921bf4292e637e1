import { readFile } from 'node:fs/promises'
import { PCM_SAMPLE_RATE } from '../../../../shared/domain/speech'
import { AppError } from '../../../../shared/errors'
import { toDiskError } from '../../files/atomic-write'
import type { PieceLoudness, ProgramLoudness } from '../pcm/loudness-cells'
import { loadPieceLoudness, measurePiece } from '../pcm/loudness-cells'
import { ownedBytesToSamples, FADE_SAMPLES, fadeLoudEdges, pauseSamples } from '../pcm/pcm-edges'
import type { ReadyPiece } from '../fetch/piece-fetcher'
import type { PlannedBlock, RenderPlan } from '../plan/render-plan'

/** Receives the program in order. Blocks are announced so per-block files can open and close. */
export interface ProgramSink {
  startBlock?(block: PlannedBlock): Promise<void>
  /** Samples at 24 kHz, in program order; `block` is the block they belong to. */
  write(samples: Int16Array, block: PlannedBlock): Promise<void>
  endBlock?(block: PlannedBlock): Promise<void>
  /** A piece was placed at `startSample` of the program (before its samples are written). */
  piecePlaced?(pieceIndex: number, startSample: number, piece: ReadyPiece): void
}

/** How the assembler gets a piece's audio and reports what it learns. */
export interface AssembleOptions {
  /** Reads (and checks) a piece's audio; default: the file as it is. */
  readAudio?: (pieceIndex: number, piece: ReadyPiece) => Promise<Uint8Array>
  /** Adds every piece and pause to a program loudness measurement. */
  loudness?: ProgramLoudness
  /** Statistics measured here because the cache had none: store them for next time. */
  onMeasured?: (piece: ReadyPiece, loudness: PieceLoudness) => void
}

/** Largest chunk of silence written at once (1 s), so a long pause never allocates much. */
const SILENCE_CHUNK = PCM_SAMPLE_RATE

async function readAsIs(_: number, piece: ReadyPiece): Promise<Uint8Array> {
  try {
    return await readFile(piece.audioPath)
  } catch (error) {
    throw toDiskError(error, piece.audioPath)
  }
}

/** A placed piece's loudness statistics: known, stored, or measured now from its samples. */
export function loudnessOfPlaced(
  piece: ReadyPiece,
  samples: Int16Array,
  onMeasured?: (piece: ReadyPiece, loudness: PieceLoudness) => void,
): PieceLoudness {
  const known = piece.loudness ?? loadPieceLoudness(piece.storedLoudness, samples.length)
  if (known) return known
  const measured = measurePiece(samples)
  onMeasured?.(piece, measured)
  return measured
}

/**
 * Walks the plan in script order: each piece's PCM (read from the cache, edges faded where they
 * are not silent), then the block's exact pause as zero samples. `ready(i)` resolves when piece i
 * is available, so assembly follows the synthesis as it completes, out of order or not. Memory
 * holds one piece at a time. Returns the program length in samples.
 */
export async function assembleProgram(
  plan: RenderPlan,
  ready: (pieceIndex: number) => Promise<ReadyPiece>,
  sink: ProgramSink,
  signal: AbortSignal,
  options: AssembleOptions = {},
): Promise<number> {
  const readAudio = options.readAudio ?? readAsIs
  let position = 0
  for (const block of plan.blocks) {
    await sink.startBlock?.(block)
    for (const pieceIndex of block.pieceIndexes) {
      const piece = await ready(pieceIndex)
      if (signal.aborted) throw cancelledRender()
      const samples = ownedBytesToSamples(await readAudio(pieceIndex, piece))
      fadeLoudEdges(samples, FADE_SAMPLES)
      if (options.loudness) {
        options.loudness.addPiece(loudnessOfPlaced(piece, samples, options.onMeasured))
      }
      sink.piecePlaced?.(pieceIndex, position, piece)
      await sink.write(samples, block)
      position += samples.length
    }
    let silence = pauseSamples(block.pauseAfterMs, PCM_SAMPLE_RATE)
    options.loudness?.addSilence(silence)
    while (silence > 0) {
      const n = Math.min(silence, SILENCE_CHUNK)
      await sink.write(new Int16Array(n), block)
      silence -= n
      position += n
    }
    await sink.endBlock?.(block)
  }
  return position
}

/** The error of a render stopped by its user: resumable, nothing finished is lost. */
export function cancelledRender(): AppError {
  return new AppError(
    'CANCELLED',
    'The render was cancelled. Finished pieces are kept: run the same render again to continue where it stopped.',
    { retryable: true },
  )
}
