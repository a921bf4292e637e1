import { z } from 'zod'
import {
  MAX_VOICEOVER_LINE,
  MAX_VOICEOVER_RATE,
  MAX_VOICEOVER_SPEAKERS,
  VOICEOVER_FITS,
} from '../../../shared/domain/voiceover'
import { AppError } from '../../../shared/errors'
import { boundedRecord } from '../../../shared/limits'
import type { TimedLine } from './subtitle-lines'

/** What a saved voice-over project file says it is, so another JSON file is never taken for one. */
export const VOICEOVER_PROJECT_KIND = 'voicedesk-voiceover'
export const VOICEOVER_PROJECT_VERSION = 1
/** The extension the save and open dialogs offer. */
export const VOICEOVER_PROJECT_EXTENSION = 'vdvoice'
/** Largest project file read: a film's 1,500 lines are well under 1 MB. */
export const MAX_VOICEOVER_PROJECT_BYTES = 20 * 1024 * 1024
/** Most lines a project may hold (ten films' worth of cues). */
export const MAX_VOICEOVER_PROJECT_LINES = 20_000

const ms = z
  .number()
  .int()
  .min(0)
  .max(48 * 3_600_000)
const path = z.string().min(1).max(4096)
const voiceId = z.string().trim().min(1).max(200)

const lineSchema = z.strictObject({
  cue: z.number().int().min(1).max(1_000_000),
  line: z.number().int().min(1).max(100_000_000),
  startMs: ms,
  endMs: ms,
  text: z.string().min(1).max(MAX_VOICEOVER_LINE),
  speaker: z.string().min(1).max(100).nullable(),
  /** The line's own fit, when it differs from the project's. */
  fit: z.enum(VOICEOVER_FITS).optional(),
})

/** A saved project as it is on disk: choices, the lines as the user edited them, its files. */
export const voiceoverProjectFileSchema = z.strictObject({
  kind: z.literal(VOICEOVER_PROJECT_KIND),
  version: z.literal(VOICEOVER_PROJECT_VERSION),
  subtitleName: z.string().min(1).max(255),
  subtitlePath: path.nullable(),
  videoPath: path.nullable(),
  voiceId: voiceId.nullable(),
  cast: boundedRecord(z.string().min(1).max(100), voiceId, {
    max: MAX_VOICEOVER_SPEAKERS,
    subject: 'A cast',
    unit: 'speakers',
  }),
  fit: z.enum(VOICEOVER_FITS),
  maxRate: z.number().min(1).max(MAX_VOICEOVER_RATE),
  lines: z.array(lineSchema).min(1).max(MAX_VOICEOVER_PROJECT_LINES),
})
export type VoiceoverProjectFile = z.infer<typeof voiceoverProjectFileSchema>

const damaged = (fileName: string, why: string): AppError =>
  new AppError(
    'VALIDATION_FAILED',
    `${fileName} could not be opened as a voice-over project: ${why}. Open its subtitles again instead.`,
  )

/**
 * Reads a saved project file's text: refused, with the reason in words, when it is not JSON, not
 * a voice-over project, from a newer VoiceDesk, or has lines out of order or without words.
 */
export function parseProjectFile(text: string, fileName: string): VoiceoverProjectFile {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw damaged(fileName, 'it is not a project file (it is damaged or of another kind)')
  }
  const kind = (json as { kind?: unknown } | null)?.kind
  if (kind !== VOICEOVER_PROJECT_KIND) {
    throw damaged(fileName, 'it is not a voice-over project file')
  }
  const version = (json as { version?: unknown }).version
  if (typeof version === 'number' && version > VOICEOVER_PROJECT_VERSION) {
    throw damaged(fileName, 'it was saved by a newer VoiceDesk; update VoiceDesk to open it')
  }
  const parsed = voiceoverProjectFileSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? ` (at ${issue.path.join('.')})` : ''
    throw damaged(fileName, `part of it is damaged${where}`)
  }
  const { lines } = parsed.data
  const cues = new Set<number>()
  for (const [i, line] of lines.entries()) {
    const previous = lines[i - 1]
    if (line.endMs <= line.startMs || (previous && line.startMs < previous.startMs)) {
      throw damaged(fileName, `line ${line.cue}'s times are out of order`)
    }
    if (cues.has(line.cue)) throw damaged(fileName, `cue ${line.cue} is there twice`)
    cues.add(line.cue)
  }
  return parsed.data
}

/** The lines and the per-line fits of a saved project, as main keeps them. */
export function linesOfFile(file: VoiceoverProjectFile): {
  lines: TimedLine[]
  lineFits: Map<number, VoiceoverProjectFile['fit']>
} {
  const lineFits = new Map<number, VoiceoverProjectFile['fit']>()
  const lines = file.lines.map(({ fit, ...line }) => {
    if (fit !== undefined && fit !== file.fit) lineFits.set(line.cue, fit)
    return line
  })
  return { lines, lineFits }
}
