import type { SpeechMarks } from '../../../../shared/domain/speech'
import type { Voice } from '../../../../shared/domain/voice'
import type { PieceRequest } from '../plan/render-plan'

/** The audio of one synthesized piece, as the engine stores it. */
export interface SynthesizedPiece {
  /** Raw s16le mono 24 kHz for `pcm`; ADTS frames for `aac`. */
  audio: Uint8Array
  speechMarks: SpeechMarks
  /** As the service billed it; null when it did not say (the engine's estimate is used). */
  billableCharacters: number | null
  requestId: string | null
}

/**
 * The port the narration engine synthesizes through. The real one wraps the upstream client (and
 * so its account-wide scheduler); tests can pass a fake. Must reject with an AppError.
 */
export interface SpeechSource {
  synthesizePiece(request: PieceRequest, signal: AbortSignal): Promise<SynthesizedPiece>
  /** How many requests may usefully be in flight at once (the plan's concurrency limit). */
  readonly maxInFlight: number
  /**
   * Calls `listener` with the wait in ms when the service answers 429 and new requests pause,
   * and with null when they resume. Returns the unsubscribe function. Optional for fakes.
   */
  onServiceBusy?(listener: (waitMs: number | null) => void): () => void
  /**
   * The account's voice list, which the render's voices are checked against before anything is
   * requested (a read, not billed). Optional for fakes: without it the voices are not checked.
   */
  listVoices?(signal?: AbortSignal): Promise<Voice[]>
}
