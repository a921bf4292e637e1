import type { Voice } from './voice'

/**
 * How voice data says which emotions (styles) a voice accepts: a tag `emotions:` followed by the
 * emotions, comma-separated (`emotions:angry,cheerful,sad`), for every model the voice offers. A
 * voice with no such tag accepts none, so an emotion mark on it is refused before any request.
 */
export const EMOTIONS_TAG = 'emotions:'

/** The emotions a voice accepts, from its tags (see {@link EMOTIONS_TAG}); none when it has no tag. */
export function voiceEmotions(voice: Pick<Voice, 'tags'>): string[] {
  const out = new Set<string>()
  for (const tag of voice.tags) {
    if (!tag.toLowerCase().startsWith(EMOTIONS_TAG)) continue
    for (const name of tag.slice(EMOTIONS_TAG.length).split(',')) {
      const emotion = name.trim().toLowerCase()
      if (emotion !== '') out.add(emotion)
    }
  }
  return [...out]
}
