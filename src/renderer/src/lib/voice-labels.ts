import type { VoiceGender } from '../../../../../shared/domain/voice'

const GENDERS: Record<VoiceGender, string> = {
  male: 'Male',
  female: 'Female',
  not_specified: 'Not specified',
}

/** "Female", "Not specified". */
export function genderLabel(gender: VoiceGender): string {
  return GENDERS[gender]
}

let names: Intl.DisplayNames | null = null

/**
 * A locale in words: "en-GB" -> "English (United Kingdom)". The code itself when the runtime does
 * not know it, so an unusual locale still reads as something.
 */
export function localeName(locale: string): string {
  try {
    names ??= new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' })
    const name = names.of(locale)
    return name !== undefined && name !== locale ? name : locale
  } catch {
    return locale
  }
}

/** The service lists model ids only; these are the ones it documents, as people say them. */
const MODEL_NAMES: Record<string, string> = {
  'simba-english': 'Simba English',
  'simba-multilingual': 'Simba Multilingual',
  'simba-3.0': 'Simba 3.0',
}

function capitalize(word: string): string {
  return word === '' ? word : word[0]!.toUpperCase() + word.slice(1)
}

/**
 * A model id as a name: the known ones by their name, any other by its words ("acme-turbo-v2" ->
 * "Acme Turbo v2"), so a model the service adds later still reads well.
 */
export function modelName(model: string): string {
  const known = MODEL_NAMES[model]
  if (known !== undefined) return known
  const words = model.split(/[-_\s]+/).filter(Boolean)
  if (words.length === 0) return model
  return words.map((w) => (/^v\d/.test(w) ? w : capitalize(w))).join(' ')
}

/** One tag in words: its kind ("Timbre", or null for a bare tag) and its value ("Warm"). */
export interface TagLabel {
  kind: string | null
  value: string
  /** "Timbre: warm", or "Synthetic" for a bare tag: the full text for a title or a screen reader. */
  text: string
}

function words(text: string): string {
  return text.replace(/[_-]+/g, ' ').trim()
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

/** A voice's tags as a short line for its list row: "Warm · Narration". */
export function tagSummary(tags: readonly string[]): string {
  return tags.map((tag) => tagLabel(tag).value).join(' · ')
}
