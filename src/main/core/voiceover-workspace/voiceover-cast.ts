import { AppError } from '../../../shared/errors'
import type { OpenVoiceover } from './voiceover-state'
import { voiceOfLine } from './voiceover-state'

/** Speakers listed by name in a message; the rest are counted. */
const NAMED = 3

/**
 * Refuses a render while some line has no voice: neither its speaker's in the cast nor the
 * project's. Why before the job starts: the engine would stop at the first such line after
 * other lines were already paid for.
 */
export function refuseLinesWithoutVoice(project: OpenVoiceover): void {
  const voiceless = project.lines.filter((line) => voiceOfLine(project, line) === null)
  if (voiceless.length === 0) return
  const speakers = [
    ...new Set(voiceless.flatMap((line) => (line.speaker !== null ? [line.speaker] : []))),
  ]
  const unnamed = voiceless.some((line) => line.speaker === null)
  if (speakers.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'Choose a voice for the lines, then render.')
  }
  const listed = speakers.slice(0, NAMED).join(', ')
  const more = speakers.length > NAMED ? ` and ${speakers.length - NAMED} more` : ''
  throw new AppError(
    'VALIDATION_FAILED',
    `Choose a voice for ${listed}${more}${unnamed ? ' and for lines with no speaker' : ''}, or one voice for every line, then render.`,
    { details: { fields: Object.fromEntries(speakers.map((s) => [s, 'no voice'])) } },
  )
}

/** Gives the speakers named their voices (null: back to the project's voice). */
export function castSpeakers(
  project: OpenVoiceover,
  cast: Readonly<Record<string, string | null>>,
): void {
  for (const [speaker, voiceId] of Object.entries(cast)) {
    if (!project.lines.some((line) => line.speaker === speaker)) {
      throw new AppError('NOT_FOUND', `Nobody called ${speaker} speaks in these subtitles.`)
    }
    if (voiceId === null) Reflect.deleteProperty(project.cast, speaker)
    else project.cast[speaker] = voiceId
  }
}
