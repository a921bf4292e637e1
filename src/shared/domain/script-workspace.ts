import { z } from 'zod'
import type { RenderProgress, RenderResult } from './narration'
import type { Project } from './script'
import { atMost } from '../limits'
import { DELIVERY_PRESET_IDS } from './delivery'
import { RENDER_FORMATS } from './speech'
import { mp3EncodingProblem, mp3EncodingSchema } from './mp3-encoding'
import {
  loudnessSchema,
  MAX_BLOCK_ID,
  MAX_BLOCKS,
  projectMetaSchema,
  scriptBlocksSchema,
} from './script'

/** A project open in the Script workspace: main knows where it lives; the page only shows it. */
export interface OpenedDocument {
  /** Stable for the editing session (and kept by the recovery journal across a crash). */
  docId: string
  project: Project
  /** The file name shown in the title (null for an unsaved script). */
  fileName: string | null
  /** The folder, for display only: the page never names a path for main to write. */
  location: string | null
  /** True when the document has edits that are not in its file (a recovered draft, an import). */
  unsaved: boolean
  /** What an import left out, in plain words (pictures skipped, footnotes left out); absent when nothing. */
  notices?: string[]
  /**
   * A manuscript import (PDF, Word, EPUB, ODT, HTML) not opened yet: the page may show its
   * clean-up review first, then script:finishImport or script:close.
   */
  manuscript?: true
}

/**
 * What the open dialog gives for a PDF chosen without a page range: nothing is read yet; the
 * window asks which pages (of `pageCount`) and then imports them with script:retryOpen.
 */
export interface ChoosePdfPages {
  choosePages: { fileName: string; pageCount: number }
}

/** What a save did: the file it went to (display only). Null from the channel = cancelled. */
export interface SavedDocument {
  docId: string
  fileName: string
  location: string
  savedAt: string
}

/** A project opened or saved recently; opened again by its id, never by a path from the page. */
export interface RecentProject {
  id: string
  fileName: string
  location: string
  openedAt: string
  /** False when the file is no longer there (the entry can be removed). */
  exists: boolean
}

/** A draft the recovery journal kept because the app stopped before it was saved or closed. */
export interface RecoveryOffer {
  docId: string
  title: string
  fileName: string | null
  savedAt: string
  blocks: number
  words: number
}

/**
 * Per-block audio state: `cached` = every piece is in the local cache (re-rendering costs
 * nothing), `stale` = it was rendered but changed since, `new` = never rendered, `empty` = nothing
 * to say, `no-voice` = no voice resolves for it.
 */
export type BlockAudioState = 'cached' | 'stale' | 'new' | 'empty' | 'no-voice'

/** A block's audio state, with the length of its audio when it is rendered and that is known. */
export interface BlockMark {
  state: BlockAudioState
  /** Seconds of speech (without the pause after it); only for `cached`. */
  seconds?: number
}

/** How a render is written: format and rate live in the project defaults, these beside them. */
export const renderSettingsSchema = z
  .object({
    format: z.enum(RENDER_FORMATS),
    sampleRate: z.union([z.literal(24_000), z.literal(44_100), z.literal(48_000)]),
    split: z.enum(['none', 'chapter', 'block']),
    subtitles: z.enum(['none', 'srt', 'vtt']),
    loudness: loudnessSchema,
    /** MP3 only; absent = variable bitrate. */
    mp3: mp3EncodingSchema.optional(),
    /** A delivery preset: its level replaces `loudness`, and every file is checked against it. */
    preset: z.enum(DELIVERY_PRESET_IDS).optional(),
  })
  .superRefine((settings, ctx) => {
    // Refused here, before any request: the encoder would otherwise write another bitrate.
    const problem =
      settings.format === 'mp3' && settings.mp3
        ? mp3EncodingProblem(settings.mp3, settings.sampleRate)
        : null
    if (problem !== null) ctx.addIssue({ code: 'custom', path: ['mp3'], message: problem })
  })
export type RenderSettings = z.infer<typeof renderSettingsSchema>

/** A render in progress as the workspace shows it. */
export interface RenderStatus {
  jobId: string
  outputName: string
  progress: RenderProgress
  /** Set while the network is down: the render waits and retries by itself. */
  paused: { reason: string; retryInSeconds: number } | null
}

/** A render that stopped before the end and can continue (its journal is on disk). */
export interface ResumableRender {
  outputName: string
  location: string
  piecesFinished: number
  piecesTotal: number
  settings: RenderSettings
  stoppedAt: string
}

/** A finished render as the workspace shows it (paths are for display; actions go by docId). */
export interface FinishedRender {
  result: RenderResult
  outputName: string
  elapsedSeconds: number
  finishedAt: string
}

/** Everything the workspace needs to show about rendering a document. */
export interface RenderOverview {
  running: RenderStatus | null
  resumable: ResumableRender | null
  lastFinished: FinishedRender | null
}

/** A word of a rendered block on the block's audio timeline, with its offsets in the block text. */
export interface TimedBlockWord {
  start: number
  end: number
  startMs: number
  endMs: number
}

/** A rendered block's audio (WAV from the cache) and where each word is in it. */
export interface BlockAudio {
  wav: Uint8Array
  durationMs: number
  words: TimedBlockWord[]
}

/** One take of an A/B comparison, gain-matched to the same integrated loudness. */
export interface BlockTake {
  voiceId: string
  wav: Uint8Array
  measuredLufs: number | null
  gainDb: number
}

/** One regenerated take of a block, as its takes list shows it. */
export interface RegeneratedTake {
  /** 1 is the block's first take; each regeneration makes the next number. */
  take: number
  /** Seconds of speech; null when the audio is kept as AAC frames (no length without decoding). */
  seconds: number | null
  /** The take the render uses. */
  chosen: boolean
}

/**
 * What changed in an open document since the page last told main: the project-wide parts when
 * any of them changed, the block order when blocks were added, removed or moved, and the blocks
 * whose content changed. Main keeps the document and applies these, so a keystroke in a
 * 100,000-word script sends one block, not the script.
 */
export const documentChangesSchema = z.object({
  meta: projectMetaSchema.optional(),
  order: z
    .array(z.string().min(1).max(MAX_BLOCK_ID))
    .max(MAX_BLOCKS, atMost('A script', MAX_BLOCKS, 'blocks'))
    .optional(),
  blocks: scriptBlocksSchema.default([]),
})
export type DocumentChanges = z.infer<typeof documentChangesSchema>
export type DocumentChangesInput = z.input<typeof documentChangesSchema>
