import type { RenderTimeline } from '../assemble/render-timeline'
import type { RenderResult } from '../../../../shared/domain/narration'
import type { Project } from '../../../../shared/domain/script'
import type { Clock } from '../../clock'
import type { Logger } from '../../log/logger'
import type { SplitOutput } from '../assemble/render-outputs'
import type { PieceCache } from '../fetch/piece-cache'
import type { SpeechSource } from '../fetch/speech-source'
import type { RenderPlan } from '../plan/render-plan'
import type { RenderHolderKind } from './render-lock'
import type { PresetRequirements } from './render-preflight'

// A render's options and result, in a file of their own so that render-job (checks, locks and
// starts a render) and render-run (runs it) can both read them while only render-job imports
// render-run: the two used to import each other.

/** Everything a render needs. */
export interface RenderOptions {
  project: Project
  /**
   * The plan of `project`, when the caller made it already (with the same `maxCodePoints`): the
   * render then runs it as it is. Without it the render plans for itself, off main's event loop.
   */
  plan?: RenderPlan
  outputPath: string
  source: SpeechSource
  cache: PieceCache
  subtitles?: 'srt' | 'vtt' | null
  split?: SplitOutput | null
  logger?: Logger
  /** Largest request input in code points (the speech endpoint's limit by default). */
  maxCodePoints?: number
  /**
   * Requests handed to the source at once (default: its in-flight limit + 5, so its scheduler
   * always has the next ones queued when a slot or a rate window opens).
   */
  parallelism?: number
  /** Clock of the time-left estimate and of `busyUntil` (default: the system clock). */
  clock?: Clock
  /**
   * Who runs this render, written in its lock so a second render can be told: the app's window
   * or the command line (the default: the CLI is the one caller that does not say).
   */
  holder?: RenderHolderKind
  /** A delivery preset's demands, checked with everything else before the first request. */
  preset?: PresetRequirements | null
  /** Free bytes at a path, for the space check (statfs by default). */
  freeBytes?: (path: string) => Promise<number>
  /** Receives the finished program's words and chapter starts (the app's player shows them). */
  onTimeline?: (timeline: RenderTimeline) => void
}

/** What a finished render produced, with what only some formats report. */
export interface NarrationRenderResult extends RenderResult {
  /**
   * `splice`: unchanged stretches were copied from the previous file at the same path (WAV/PCM
   * at 24 kHz without a loudness target); `assembled`: every piece was placed anew.
   */
  method: 'assembled' | 'splice'
}
