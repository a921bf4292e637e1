import { randomUUID } from 'node:crypto'
import type { VoiceoverFit, VoiceoverProject } from '../../../shared/domain/voiceover'
import { DEFAULT_FIT_LIMITS } from '../voiceover/line-fit'
import type { Project } from '../../../shared/domain/script'
import type { PlacedLine } from '../voiceover/line-fit'
import type { TimedLine } from '../voiceover/subtitle-lines'
import type { LineOutcome } from '../voiceover/voiceover-result'
import type { Spoken } from '../voiceover/voiceover-speak'
import type { VoicePaces } from '../voiceover/voice-pace'
import type { VoiceoverSettings } from '../voiceover/voiceover-plan'
import type { VoiceoverRenderResult } from '../voiceover/voiceover-render'
import type { SpokenLine, TimelineInput } from './voiceover-timeline'
import { speakingKey, timelineOf } from './voiceover-timeline'

/** A finished render's lines as placed and spoken, and what the reports say of each. */
export interface WrittenTrack {
  project: Project
  lines: TimedLine[]
  placed: PlacedLine[]
  spoken: (Spoken | undefined)[]
  outcomes: LineOutcome[]
  trackEndMs: number
}

/** One open voice-over project, as main keeps it (paths included: they never reach the page). */
export interface OpenVoiceover {
  id: string
  subtitleName: string
  /** Where the subtitles were opened from (null for the sample shipped with the app). */
  subtitlePath: string | null
  /** Where the project was last saved or opened from: the save dialog starts there. */
  projectPath: string | null
  lines: TimedLine[]
  video: { path: string; name: string; bytes: number; durationMs: number } | null
  voiceId: string | null
  /** Speaker -> voice, for the speakers given one. */
  cast: Record<string, string>
  fit: VoiceoverFit
  /** Cue -> the line's own fit, for lines that differ from the project's. */
  lineFits: Map<number, VoiceoverFit>
  maxRate: number
  /** By cue: each line as last rendered. */
  spoken: Map<number, SpokenLine>
  track: {
    path: string
    bytes: number
    durationMs: number
    finishedAt: string
    requests: number
    /** Characters the service billed for this render (lines reused from earlier cost none). */
    characters: number
    /** What the render wrote, for saving the track in another format and its reports. */
    written: WrittenTrack
  } | null
  /** The running render's job id. */
  rendering: string | null
}

/** A project just opened from its checked lines: no voice yet, every line fitted by `rate`. */
export function newVoiceover(
  subtitleName: string,
  lines: TimedLine[],
  subtitlePath: string | null,
): OpenVoiceover {
  return {
    id: randomUUID(),
    subtitleName,
    subtitlePath,
    projectPath: null,
    lines,
    video: null,
    voiceId: null,
    cast: {},
    fit: 'rate',
    lineFits: new Map(),
    maxRate: DEFAULT_FIT_LIMITS.maxRate,
    spoken: new Map(),
    track: null,
    rendering: null,
  }
}

/** The track a finished render wrote, with what saving it again and its reports need. */
export function finishedTrack(
  result: VoiceoverRenderResult,
  lines: TimedLine[],
  path: string,
  bytes: number,
): NonNullable<OpenVoiceover['track']> {
  return {
    path,
    bytes,
    durationMs: Math.round(result.durationSeconds * 1000),
    finishedAt: new Date().toISOString(),
    requests: result.requests,
    characters: result.billableCharacters,
    written: {
      project: result.project,
      lines,
      placed: result.placed,
      spoken: result.spoken,
      outcomes: result.lines,
      trackEndMs: result.trackEndMs,
    },
  }
}

/** The engine's settings for a project: its voices, its fits, a WAV track as the service speaks it. */
export function settingsOf(project: OpenVoiceover): VoiceoverSettings {
  return {
    title: project.subtitleName,
    ...(project.voiceId ? { voiceId: project.voiceId } : {}),
    cast: { ...project.cast },
    fit: project.fit,
    lineFits: Object.fromEntries(project.lineFits),
    slotEnd: 'next',
    limits: { ...DEFAULT_FIT_LIMITS, maxRate: project.maxRate },
    defaults: { format: 'wav', sampleRate: 24_000 },
  }
}

/** The voice a line is spoken in: its speaker's in the cast, else the project's. */
export const voiceOfLine = (project: OpenVoiceover, line: TimedLine): string | null =>
  (line.speaker !== null ? project.cast[line.speaker] : undefined) ?? project.voiceId

/** How a line is fitted: its own choice, else the project's. */
export const fitOfLine = (project: OpenVoiceover, line: TimedLine): VoiceoverFit =>
  project.lineFits.get(line.cue) ?? project.fit

/** What a line's request depends on besides its words, for this project now. */
export const spokenKeyOf = (project: OpenVoiceover, line: TimedLine): string =>
  speakingKey(voiceOfLine(project, line), fitOfLine(project, line), project.maxRate)

/** The speakers the subtitles name, in order of their first line. */
export const speakersOf = (lines: readonly TimedLine[]): string[] => [
  ...new Set(lines.flatMap((line) => (line.speaker !== null ? [line.speaker] : []))),
]

/** What a project's timeline is worked out from, now. */
export function timelineInput(project: OpenVoiceover, paces: VoicePaces): TimelineInput {
  return {
    lines: project.lines,
    fit: project.fit,
    limits: { ...DEFAULT_FIT_LIMITS, maxRate: project.maxRate },
    trackEndMs: trackEndOf(project),
    voiceOf: (line) => voiceOfLine(project, line),
    fitOf: (line) => fitOfLine(project, line),
    keyOf: (line) => spokenKeyOf(project, line),
    naturalMsOf: (voiceId, text) => paces.naturalMs(voiceId ?? '', text),
    spoken: project.spoken,
  }
}

/** Where the track ends: the video's end, else the last cue's. */
const trackEndOf = (project: OpenVoiceover): number =>
  project.video?.durationMs ?? Math.max(0, ...project.lines.map((line) => line.endMs))

/** The project as the page sees it without its lines: names, lengths and choices, never a path. */
export function projectSummary(
  project: OpenVoiceover,
): Omit<VoiceoverProject, 'revision' | 'lines'> {
  return {
    projectId: project.id,
    subtitleName: project.subtitleName,
    video: project.video
      ? {
          name: project.video.name,
          bytes: project.video.bytes,
          durationMs: project.video.durationMs,
        }
      : null,
    trackEndMs: trackEndOf(project),
    settings: {
      voiceId: project.voiceId,
      cast: { ...project.cast },
      fit: project.fit,
      maxRate: project.maxRate,
      maxStretch: DEFAULT_FIT_LIMITS.maxStretch,
    },
    speakers: speakersOf(project.lines),
    track: project.track
      ? {
          bytes: project.track.bytes,
          durationMs: project.track.durationMs,
          finishedAt: project.track.finishedAt,
          requests: project.track.requests,
          characters: project.track.characters,
        }
      : null,
  }
}

/** The project as the page sees it: names and lengths, never a path. */
export function projectView(
  project: OpenVoiceover,
  paces: VoicePaces,
): Omit<VoiceoverProject, 'revision'> {
  return { ...projectSummary(project), lines: timelineOf(timelineInput(project, paces)) }
}
