import type { Project, ProjectDefaults } from '../../../shared/domain/script'
import { createProject } from '../../../shared/domain/script'
import { AppError } from '../../../shared/errors'
import type { PieceCache } from '../narration/fetch/piece-cache'
import type { RenderPlan } from '../narration/plan/render-plan'
import { planRender } from '../narration/plan/render-plan'
import type { FitLimits, FitMode, SlotEnd } from './line-fit'
import { slotsOf } from './line-fit'
import type { TimedLine } from './subtitle-lines'
import type { VoicePaces } from './voice-pace'
import { mayRepeat, predictRate } from './voice-pace'

/** How a voice-over is spoken, fitted and written. */
export interface VoiceoverSettings {
  title: string
  /** The voice of lines whose speaker has none in the cast. */
  voiceId?: string
  /** Speaker name (as the subtitles write it) -> voice id. */
  cast: Record<string, string>
  fit: FitMode
  /** Cue -> a fit of its own, for lines that differ from the project's. */
  lineFits?: Readonly<Record<number, FitMode>>
  slotEnd: SlotEnd
  limits: FitLimits
  /** Output format, sample rate, loudness, preset, model, language (the project's settings). */
  defaults: Partial<ProjectDefaults>
}

/** What a voice-over will send, before anything is sent. */
export interface VoiceoverEstimate {
  lines: number
  /** Requests for lines not cached. */
  requests: number
  /** Lines whose pace prediction is close: each may be asked for once more (`rate` only). */
  possibleRepeats: number
  billableCharacters: number
  /** Billable characters if every possible repeat is sent. */
  billableWithRepeats: number
  cachedLines: number
}

/** A `<prosody rate>` percentage as the service reads it. */
const percent = (rate: number): string => `${Math.round(rate * 100)}%`

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The block id of a cue: stable across edits, so an unchanged line keeps its cached piece. */
export const lineBlockId = (line: TimedLine): string => `cue-${line.cue}`

/**
 * The lines as a project the narration engine plans: one block a line, no pause after it (the
 * timeline places lines, not pauses), a line asked at a faster pace wrapped in `<prosody rate>`.
 */
export function voiceoverProject(
  lines: readonly TimedLine[],
  settings: VoiceoverSettings,
  rates: readonly number[],
): Project {
  const cast: Record<string, string> = {}
  for (const [name, voice] of Object.entries(settings.cast)) cast[name] = voice
  return createProject({
    title: settings.title,
    defaults: { ...settings.defaults, ...(settings.voiceId ? { voiceId: settings.voiceId } : {}) },
    cast,
    blocks: lines.map((line, i) => {
      const rate = rates[i] ?? 1
      return {
        id: lineBlockId(line),
        text:
          rate > 1
            ? `<prosody rate="${percent(rate)}">${escapeXml(line.text)}</prosody>`
            : line.text,
        ssml: rate > 1,
        ...(line.speaker ? { speaker: line.speaker } : {}),
        pauseAfterMs: 0,
        endsParagraph: false,
      }
    }),
  })
}

/** The voice a line is spoken in (as planning resolves it), or null. */
export function voiceOfLine(line: TimedLine, settings: VoiceoverSettings): string | null {
  if (line.speaker && settings.cast[line.speaker]) return settings.cast[line.speaker] ?? null
  return settings.voiceId ?? settings.defaults.voiceId ?? null
}

/** How a line is fitted: its own choice, else the project's. */
export function fitOfLine(line: TimedLine, settings: VoiceoverSettings): FitMode {
  return settings.lineFits?.[line.cue] ?? settings.fit
}

/** A line's first-request rate from its voice's pace now: 1 unless its fit is `rate` and it is predicted not to fit. */
export function lineRate(
  line: TimedLine,
  slotMs: number,
  settings: VoiceoverSettings,
  paces: VoicePaces,
): number {
  if (fitOfLine(line, settings) !== 'rate') return 1
  const naturalMs = paces.naturalMs(voiceOfLine(line, settings) ?? '', line.text)
  return predictRate(naturalMs, slotMs, settings.limits.maxRate)
}

/** Each line's first-request rate: 1 unless its fit is `rate` and it is predicted not to fit. */
export function firstRates(
  lines: readonly TimedLine[],
  settings: VoiceoverSettings,
  paces: VoicePaces,
  trackEndMs: number,
): number[] {
  const slots = slotsOf(lines, settings.slotEnd, trackEndMs)
  return lines.map((line, i) => lineRate(line, slots[i] ?? 0, settings, paces))
}

/** The voice-over's first plan: its project and the engine's plan of it. */
export function planVoiceover(
  lines: readonly TimedLine[],
  settings: VoiceoverSettings,
  rates: readonly number[],
): { project: Project; plan: RenderPlan } {
  if (isAac(settings.defaults.format)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'A voice-over cannot be written as AAC or M4B: its lines are placed and fitted as raw audio, and VoiceDesk has no AAC encoder. Choose WAV, MP3, Ogg or raw PCM.',
    )
  }
  const project = voiceoverProject(lines, settings, rates)
  return { project, plan: planRender(project, { engineFormat: 'pcm' }) }
}

function isAac(format: string | undefined): boolean {
  return format === 'aac' || format === 'm4b'
}

/** The cost preview: requests, billable characters, and the repeats a close prediction may need. */
export function estimateVoiceover(
  lines: readonly TimedLine[],
  settings: VoiceoverSettings,
  paces: VoicePaces,
  trackEndMs: number,
  cache: Pick<PieceCache, 'has'>,
): VoiceoverEstimate {
  const rates = firstRates(lines, settings, paces, trackEndMs)
  const { plan } = planVoiceover(lines, settings, rates)
  const slots = slotsOf(lines, settings.slotEnd, trackEndMs)
  const seen = new Set<string>()
  let requests = 0
  let billable = 0
  let repeats = 0
  let repeatBillable = 0
  let cachedLines = 0
  plan.blocks.forEach((block, i) => {
    const pieces = block.pieceIndexes.map((p) => plan.pieces[p]).filter((p) => p !== undefined)
    const cached = pieces.every((p) => cache.has(p.hash))
    if (cached) cachedLines += 1
    for (const piece of pieces) {
      if (cache.has(piece.hash) || seen.has(piece.hash)) continue
      seen.add(piece.hash)
      requests += 1
      billable += piece.billableCharacters
    }
    const line = lines[i]
    if (!line || cached || fitOfLine(line, settings) !== 'rate') return
    const voice = voiceOfLine(line, settings)
    const naturalMs = paces.naturalMs(voice ?? '', line.text)
    const rate = rates[i] ?? 1
    if (mayRepeat(naturalMs / rate, slots[i] ?? 0, rate, settings.limits.maxRate)) {
      repeats += 1
      repeatBillable += pieces.reduce((n, p) => n + p.billableCharacters, 0)
    }
  })
  return {
    lines: lines.length,
    requests,
    possibleRepeats: repeats,
    billableCharacters: billable,
    billableWithRepeats: billable + repeatBillable,
    cachedLines,
  }
}
