import type { Voice } from '../../../../../shared/domain/voice'

/**
 * The sample offered by the empty Script workspace: short, written for VoiceDesk, with a chapter
 * heading, a narrator and two speakers, so trying it shows chapters, the cast and previews at once.
 */
export const SAMPLE_SCRIPT = {
  fileName: 'The night ferry.md',
  text: [
    '# The night ferry',
    '',
    'The last ferry of the night left the pier at eleven, with six passengers and a crate of lemons.',
    '',
    'Out on the water the town shrank to a row of yellow windows, and the engine settled into a slow, patient hum.',
    '',
    'NOOR: Do you always take this crossing so late?',
    '',
    'ELIAS: Only when I miss the early one. Which is most days, if I am honest.',
    '',
    'NOOR: Then you must know where the quiet seats are.',
    '',
    'ELIAS: Up front, by the window. The lemons keep the wind off.',
    '',
    'They sat there until the island lights came up out of the dark, one by one, like someone waking a house.',
    '',
  ].join('\n'),
} as const

const READER_TAG = /narration|audiobook|storytelling/i

/** The sample's cast: who reads the narration (the default voice), and a voice per speaker. */
export interface SampleCast {
  narrator: string
  cast: Record<string, string>
}

/**
 * Voices for the sample from the user's own list, so it renders at once: English voices first
 * (the sample is English), the narrator and the two speakers each a different voice, NOOR a
 * female voice and ELIAS a male one where the list has them; a narration voice narrates. Null
 * when the list is empty.
 */
export function sampleCast(voices: readonly Voice[]): SampleCast | null {
  const english = voices.filter((v) => v.locale?.toLowerCase().startsWith('en') === true)
  const pool =
    english.length >= 3 ? english : [...english, ...voices.filter((v) => !english.includes(v))]
  // A voice made for reading aloud narrates, when the list says which those are.
  const narrator = pool.find((v) => v.tags.some((t) => READER_TAG.test(t))) ?? pool[0]
  if (narrator === undefined) return null
  const taken = new Set([narrator.id])
  const pick = (gender: Voice['gender']): string => {
    const found =
      pool.find((v) => !taken.has(v.id) && v.gender === gender) ??
      pool.find((v) => !taken.has(v.id)) ??
      narrator
    taken.add(found.id)
    return found.id
  }
  return { narrator: narrator.id, cast: { NOOR: pick('female'), ELIAS: pick('male') } }
}
