/** The pauses a Project settings preview lets a person hear, in milliseconds. */
export interface PauseSample {
  paragraphMs: number
  headingMs: number
}

/** The longest silence a preview plays for one pause: long enough to judge, short to wait for. */
export const MAX_SAMPLE_PAUSE_MS = 10_000

const FIRST = 'The rain had stopped by morning, and the harbour was quiet.'
const SECOND = 'Mara walked down to the water and counted the boats that had come home.'
const NEXT_CHAPTER = 'Chapter two. The letter.'

/**
 * The SSML a pause preview speaks: two short paragraphs with the paragraph pause between them,
 * then the heading pause and the start of a new chapter. Each pause is a `<break>` (the service's
 * own silence), at most {@link MAX_SAMPLE_PAUSE_MS}.
 */
export function pauseSampleInput(pauses: PauseSample): string {
  const pause = (ms: number): string =>
    `<break time="${Math.max(0, Math.min(MAX_SAMPLE_PAUSE_MS, Math.round(ms)))}ms"/>`
  return `<speak>${FIRST}${pause(pauses.paragraphMs)}${SECOND}${pause(pauses.headingMs)}${NEXT_CHAPTER}</speak>`
}
