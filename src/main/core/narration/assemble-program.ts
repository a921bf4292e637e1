import { readFile } from 'node:fs/promises'
import type { SpeechMarks } from '../../../shared/domain/speech'
import { PCM_SAMPLE_RATE } from '../../../shared/domain/speech'
import { AppError } from '../../../shared/errors'
import { toDiskError } from '../files/atomic-write'
import { bytesToSamples, EDGE_FADE_MS, fadeLoudEdges, pauseSamples } from './pcm-edges'
import type { PlannedBlock, RenderPlan } from './render-plan'

/** A piece ready to assemble: where its PCM is and its speech marks. */
export interface ReadyPiece {
  audioPath: string
  speechMarks: SpeechMarks
}

/** Receives the program in order. Blocks are announced so per-block files can open and close. */
export interface ProgramSink {
  startBlock?(block: PlannedBlock): Promise<void>
  /** Samples at 24 kHz, in program order; `block` is the block they belong to. */
  write(samples: Int16Array, block: PlannedBlock): Promise<void>
  endBlock?(block: PlannedBlock): Promise<void>
  /** A piece was placed at `startSample` of the program (before its samples are written). */
  piecePlaced?(pieceIndex: number, startSample: number, piece: ReadyPiece): void
}

/** Largest chunk of silence written at once (1 s), so a long pause never allocates much. */
const SILENCE_CHUNK = PCM_SAMPLE_RATE

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
): Promise<number> {
  const fade = Math.round((EDGE_FADE_MS * PCM_SAMPLE_RATE) / 1000)
  let position = 0
  for (const block of plan.blocks) {
    await sink.startBlock?.(block)
    for (const pieceIndex of block.pieceIndexes) {
      const piece = await ready(pieceIndex)
      if (signal.aborted) throw cancelledRender()
      let bytes: Uint8Array
      try {
        bytes = await readFile(piece.audioPath)
      } catch (error) {
        throw toDiskError(error, piece.audioPath)
      }
      const samples = bytesToSamples(bytes)
      fadeLoudEdges(samples, fade)
      sink.piecePlaced?.(pieceIndex, position, piece)
      await sink.write(samples, block)
      position += samples.length
    }
    let silence = pauseSamples(block.pauseAfterMs, PCM_SAMPLE_RATE)
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
