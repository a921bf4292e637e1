import { z } from 'zod'

/** How a line too long for its slot is made to fit (see core/voiceover/line-fit.ts). */
export const VOICEOVER_FITS = ['rate', 'stretch', 'shift'] as const
export type VoiceoverFit = (typeof VOICEOVER_FITS)[number]

/** What was done (or, before a render, will be done) to a line. */
export type VoiceoverLineAction = 'as-is' | 'rate' | 'stretch' | 'shifted' | 'overflow'

/** Longest line text the page may send (a subtitle cue is a sentence or two). */
export const MAX_VOICEOVER_LINE = 2000
/** Fastest pace a project may ask of the service, as a factor (150%). */
export const MAX_VOICEOVER_RATE = 1.5

/** A project's fitting choices, as the page sets them. */
export const voiceoverSettingsSchema = z.strictObject({
  voiceId: z.string().trim().min(1).max(200).nullable().optional(),
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
  /** From its start to the next cue's start. */
  slotMs: number
  /** Where it starts on the track (later than its cue when an earlier line pushed it). */
  placedMs: number
  /** How long it is heard, after fitting. */
  spokenMs: number
  /** How far its end runs past its slot (0 when it fits). */
  overflowMs: number
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
  /** The subtitle file's name (never its folder). */
  subtitleName: string
  video: { name: string; bytes: number; durationMs: number } | null
  /** The track's length: the video's, else the last cue's end. */
  trackEndMs: number
  settings: { voiceId: string | null; fit: VoiceoverFit; maxRate: number; maxStretch: number }
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

/** Progress of a voice-over render. */
export interface VoiceoverProgress {
  jobId: string
  projectId: string
  stage: 'speaking' | 'fitting' | 'writing'
  done: number
  total: number
}
