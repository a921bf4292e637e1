import type { Voice } from '../../../../../shared/domain/voice'

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
