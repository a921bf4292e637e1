import type { VoiceGender } from '../../../shared/domain/voice'
import { capitalize } from '../../../shared/domain/voice-names'
import { EMOTIONS_TAG } from '../../../shared/domain/voice-styles'

const GENDERS: Record<VoiceGender, string> = {
  male: 'Male',
  female: 'Female',
  not_specified: 'Not specified',
}

/** "Female", "Not specified". */
export function genderLabel(gender: VoiceGender): string {
  return GENDERS[gender]
}

/** One tag in words: its kind ("Timbre", or null for a bare tag) and its value ("Warm"). */
export interface TagLabel {
  kind: string | null
  value: string
  /** "Timbre: warm", or "Synthetic" for a bare tag: the full text for a title or a screen reader. */
  text: string
}

function words(text: string): string {
  return text
    .replace(/[_-]+/g, ' ')
    .replace(/\s*,\s*/g, ', ')
    .trim()
}

/** "timbre:warm" -> {kind: "Timbre", value: "Warm", text: "Timbre: warm"}; "synthetic" -> "Synthetic". */
export function tagLabel(tag: string): TagLabel {
  const colon = tag.indexOf(':')
  const kind = colon > 0 ? words(tag.slice(0, colon)) : ''
  const value = words(colon > 0 ? tag.slice(colon + 1) : tag)
  if (kind === '' || value === '') {
    const bare = words(tag.replace(':', ' ')) || tag
    return { kind: null, value: capitalize(bare), text: capitalize(bare) }
  }
  return {
    kind: capitalize(kind),
    value: capitalize(value),
    text: `${capitalize(kind)}: ${value.toLowerCase()}`,
  }
}

/**
 * A voice's tags as a short line for its list row: "Warm · Narration". The emotions a voice can
 * take (`emotions:calm,warm`) are a list, not a word about its use: they stay in its details.
 */
export function tagSummary(tags: readonly string[]): string {
  return tags
    .filter((tag) => !tag.startsWith(EMOTIONS_TAG))
    .map((tag) => tagLabel(tag).value)
    .join(' · ')
}
