import type { ComplianceReport } from './delivery'
import type { RenderFormat } from './speech'

/** What a render will cost before it starts. */
export interface RenderEstimate {
  /** Pieces (requests) the render is made of. */
  totalPieces: number
  /** Pieces already in the local cache: they cost no request. */
  cachedPieces: number
  /** Requests the render will send (pieces not cached). */
  requests: number
  /**
   * Billable characters of those requests: code points of the spoken text (SSML tags excluded,
   * `<sub>` counted as its alias), the way the service counts `billable_characters_count`.
   */
  billableCharacters: number
  /** Characters of the pieces already in the cache: rendered before, not paid again. */
  cachedCharacters: number
  /** Characters of the whole script as spoken (every piece, cached or not). */
  spokenCharacters: number
}

/**
 * About how long `characters` of narration last, in seconds: an audiobook reader's pace of some
 * 15 characters a second (about 155 words a minute). An estimate for a person, never a measure.
 */
export function spokenSecondsOf(characters: number): number {
  return characters / 15
}

/** A progress snapshot of a running render. */
export interface RenderProgress {
  piecesDone: number
  piecesTotal: number
  /**
   * Blocks of the script whose audio is all there (fetched or from the cache), of `blocksTotal`
   * (every block, the empty ones counted as done): what a person follows, since a block is what
   * Script shows. 0 of 0 until the render is planned.
   */
  blocksDone: number
  blocksTotal: number
  /** Pieces that came from the cache (part of `piecesDone`). */
  cachedPieces: number
  /** Seconds of finished audio assembled in script order so far. */
  audioSeconds: number
  /** Billable characters of the requests sent by this render so far. */
  billableCharacters: number
  /**
   * Estimated seconds left, or null before there is anything to estimate from. Time spent
   * waiting on a busy service (429) is left out of the pace it is estimated from.
   */
  etaSeconds: number | null
  /**
   * The service answered 429 (busy) and asked to wait: new requests start this many ms after the
   * pause began or last grew; null when nothing is waiting on the service.
   */
  busyWaitMs: number | null
  /**
   * When that wait ends, in epoch ms by main's clock (null when not waiting), so the window and
   * the CLI can count it down between progress events.
   */
  busyUntil: number | null
  phase: 'synthesizing' | 'encoding' | 'checking' | 'done'
}

/** A render's progress before anything is done (a resumed one: with its finished pieces). */
export function startingProgress(done = { piecesDone: 0, piecesTotal: 0 }): RenderProgress {
  return {
    ...done,
    blocksDone: 0,
    blocksTotal: 0,
    cachedPieces: 0,
    audioSeconds: 0,
    billableCharacters: 0,
    etaSeconds: null,
    busyWaitMs: null,
    busyUntil: null,
    phase: 'synthesizing',
  }
}

/** A word that the script-vs-audio check found out of place. */
export interface WordIssue {
  kind: 'skipped' | 'repeated' | 'out-of-order' | 'unexpected'
  /** The word as written in the script (or as spoken, for `unexpected` and `repeated`). */
  word: string
  /** UTF-16 offset of the word in the block text, when it maps to the script. */
  offset: number | null
}

/** The script-vs-audio check of one block. */
export interface BlockCheck {
  blockId: string
  blockIndex: number
  scriptWords: number
  spokenWords: number
  /** Words that differ only because numbers were spoken as words (text normalization). */
  normalizedWords: number
  issues: WordIssue[]
}

/** Integrated loudness (ITU-R BS.1770) before and after the applied gain. */
export interface LoudnessReport {
  measuredLufs: number | null
  outputLufs: number | null
  gainDb: number
  /** Highest absolute sample of the output, in dBFS (sample peak, not true peak). */
  samplePeakDbfs: number | null
  /** True when the gain was lowered to keep the peak under the ceiling. */
  peakLimited: boolean
}

/** How the pauses of an AAC output were placed: whole frames, nearest to what was asked. */
export interface PauseRounding {
  /** The precision: one AAC frame (1024 samples = 42.67 ms at 24 kHz). */
  frameMs: number
  /** Pauses placed (non-zero ones). */
  pauses: number
  /** Largest difference between a placed pause and the asked one, in ms (at most frameMs / 2). */
  maxErrorMs: number
  /** Placed minus asked, summed over the whole program, in ms (positive: longer). */
  totalErrorMs: number
}

/** What a finished render produced. */
export interface RenderResult {
  outputPath: string
  format: RenderFormat
  sampleRate: number
  durationSeconds: number
  /** Per-block or per-chapter files, in script order. */
  extraFiles: string[]
  subtitlesPath: string | null
  loudness: LoudnessReport
  requests: number
  cachedPieces: number
  /** Billable characters of the requests this render sent (what the service charged it). */
  billableCharacters: number
  /**
   * Characters whose audio came from the cache (made by an earlier render, or the same words
   * said twice in this one): part of what the render used, not billed again.
   */
  cachedCharacters: number
  /** Blocks with at least one issue; empty when the audio says what the script says. */
  checks: BlockCheck[]
  /** AAC output: how pauses were rounded to whole AAC frames; null for other formats. */
  pauseRounding: PauseRounding | null
  /** With a delivery preset: every file checked against it (reports written beside the output). */
  compliance: ComplianceReport | null
}
