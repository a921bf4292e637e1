import { z } from 'zod'
import { boundedRecord } from '../limits'

/** How a line too long for its slot is made to fit (see core/voiceover/line-fit.ts). */
export const VOICEOVER_FITS = ['rate', 'stretch', 'shift'] as const
export type VoiceoverFit = (typeof VOICEOVER_FITS)[number]

/** What was done (or, before a render, will be done) to a line. */
export type VoiceoverLineAction = 'as-is' | 'rate' | 'stretch' | 'shifted' | 'overflow'

/** Longest line text the page may send (a subtitle cue is a sentence or two). */
export const MAX_VOICEOVER_LINE = 2000
/** Fastest pace a project may ask of the service, as a factor (150%). */
export const MAX_VOICEOVER_RATE = 1.5

/** Most speakers a project's cast may name (a film's subtitles name a few dozen at most). */
export const MAX_VOICEOVER_SPEAKERS = 200

const voiceIdSchema = z.string().trim().min(1).max(200)

/** A project's voice and fitting choices, as the page sets them. */
export const voiceoverSettingsSchema = z.strictObject({
  voiceId: voiceIdSchema.nullable().optional(),
  /** Speaker -> their voice (null: back to the project's voice); only the speakers named change. */
  // Why boundedRecord and not a refine: the entries are counted before any is parsed.
  cast: boundedRecord(z.string().min(1).max(100), voiceIdSchema.nullable(), {
    max: MAX_VOICEOVER_SPEAKERS,
    subject: 'A cast',
    unit: 'speakers',
  }).optional(),
  fit: z.enum(VOICEOVER_FITS).optional(),
  maxRate: z.number().min(1).max(MAX_VOICEOVER_RATE).optional(),
})
export type VoiceoverSettingsInput = z.infer<typeof voiceoverSettingsSchema>

/** One subtitle line on the timeline: its slot and its spoken length (measured or predicted). */
export interface VoiceoverLine {
  /** The cue's number in the file, from 1. */
  cue: number
  /** The file line its timing is on, from 1. */
  line: number
  startMs: number
  endMs: number
  text: string
  speaker: string | null
  /** The voice it is spoken in: its speaker's in the cast, else the project's; null: none yet. */
  voiceId: string | null
  /** How it is fitted: its own choice, else the project's. */
  fit: VoiceoverFit
  /** True when the line has a fit of its own. */
  ownFit: boolean
  /** From its start to the next cue's start. */
  slotMs: number
  /** Where it starts on the track (later than its cue when an earlier line pushed it). */
  placedMs: number
  /** How long it is heard, after fitting. */
  spokenMs: number
  /**
   * How much longer it is than its slot, as if it started on its cue (0 when it fits). A line
   * pushed late may still end past its slot: placedMs - startMs + spokenMs > slotMs.
   */
  overflowMs: number
  /** The cue of the earlier line that makes it start late (itself too long); null: on its cue. */
  pushedBy: number | null
  action: VoiceoverLineAction
  /** The pace asked of the service (1 = natural). */
  rate: number
  /** True when the lengths were measured on its rendered audio, false when predicted. */
  measured: boolean
  /** True when it must be spoken again (never rendered, or edited since). */
  needsSpeaking: boolean
}

/** A voice-over project as the Voice-over workspace shows it. */
export interface VoiceoverProject {
  projectId: string
  /** Counts main's answers about this project: an edit's patch names the one it applies to. */
  revision: number
  /** The subtitle file's name (never its folder). */
  subtitleName: string
  video: { name: string; bytes: number; durationMs: number } | null
  /** The track's length: the video's, else the last cue's end. */
  trackEndMs: number
  settings: {
    voiceId: string | null
    /** Speaker -> voice, for the speakers given one. */
    cast: Record<string, string>
    fit: VoiceoverFit
    maxRate: number
    maxStretch: number
  }
  /** The speakers the subtitles name, in order of first line. */
  speakers: string[]
  lines: VoiceoverLine[]
  /** The last finished track, or null before the first render. */
  track: {
    bytes: number
    durationMs: number
    finishedAt: string
    requests: number
    /** Characters the service billed for the last render (lines reused cost none). */
    characters: number
  } | null
}

/** The project without its lines: what an edit's answer carries besides the lines it changed. */
export type VoiceoverSummary = Omit<VoiceoverProject, 'lines' | 'revision'>

/**
 * An edit's or a settings change's answer: only the lines whose words, fit or placement changed,
 * and the summary. A line whose only change is the project's fit, which it takes as its own, is
 * left out (the summary's settings carry that fit). Main keeps the one copy of the project; the
 * page patches its view (see applyVoiceoverPatch).
 */
export interface VoiceoverPatch {
  projectId: string
  /** The revision the page's view must be at for the patch to apply, and the one it makes. */
  baseRevision: number
  revision: number
  summary: VoiceoverSummary
  changed: VoiceoverLine[]
}

/** Progress of a voice-over render. */
export interface VoiceoverProgress {
  jobId: string
  projectId: string
  stage: 'speaking' | 'fitting' | 'writing'
  done: number
  total: number
}

/** What to do with overlapping cues: one line (the earlier speaker says both), or both kept. */
export const VOICEOVER_OVERLAP_CHOICES = ['merge', 'keep'] as const
export type VoiceoverOverlapChoice = (typeof VOICEOVER_OVERLAP_CHOICES)[number]

/**
 * Subtitles whose only problem is cues that overlap: the question put to the user before the
 * project opens (merge them, or keep both lines in their own voices, the later one pushed).
 */
export interface VoiceoverOverlapQuestion {
  kind: 'overlaps'
  /** Names the file main holds until the user answers. */
  pendingId: string
  subtitleName: string
  /** The overlapping cues and the cue each overlaps, with when. */
  overlaps: { cue: number; previousCue: number; startMs: number; previousEndMs: number }[]
  /** The question in words, naming the cues. */
  message: string
}

/** The audio formats an audio-only voice-over is saved in (the engine's encoders). */
export const VOICEOVER_AUDIO_FORMATS = ['wav', 'mp3', 'ogg'] as const
/** The level a saved voice-over is brought to: as the service spoke it, or a delivery preset's. */
export const VOICEOVER_LEVELS = ['as-spoken', 'podcast', 'broadcast', 'streaming'] as const

/** How an audio-only voice-over is saved: its format and its level. */
export const voiceoverAudioSchema = z.strictObject({
  format: z.enum(VOICEOVER_AUDIO_FORMATS),
  level: z.enum(VOICEOVER_LEVELS),
})
export type VoiceoverAudioChoice = z.infer<typeof voiceoverAudioSchema>
