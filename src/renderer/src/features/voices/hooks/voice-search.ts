import type { Voice, VoiceGender, VoiceType } from '../../../../../shared/domain/voice'
import { compareVoiceNames, voiceNameKey } from '../../../../../shared/domain/voice'

/** One voice prepared for fast filtering: lowercase text and the facets, computed once per load. */
export interface IndexedVoice {
  voice: Voice
  /** Name, id and tags, lowercased, separated by a character no query contains (\u0001). */
  text: string
  nameKey: string
  /** The voice's own locale and every language of every model. */
  locales: readonly string[]
  models: readonly string[]
}

export type SortOrder = 'name' | 'name-desc' | 'recent' | 'locale'

/** What the user filters by. Empty strings and null mean "any". */
export interface VoiceCriteria {
  query: string
  locale: string
  gender: VoiceGender | ''
  model: string
  type: VoiceType | ''
  favoritesOnly: boolean
}

export const NO_CRITERIA: VoiceCriteria = {
  query: '',
  locale: '',
  gender: '',
  model: '',
  type: '',
  favoritesOnly: false,
}

/** Every locale a voice speaks: its own plus those of its models, without repeats. */
export function localesOf(voice: Voice): string[] {
  const set = new Set<string>()
  if (voice.locale !== null) set.add(voice.locale)
  for (const model of voice.models) for (const language of model.languages) set.add(language.locale)
  return [...set]
}

/** Builds the search index (run once per data load, in a useMemo). */
export function buildVoiceIndex(voices: readonly Voice[]): IndexedVoice[] {
  const index: IndexedVoice[] = new Array<IndexedVoice>(voices.length)
  for (let i = 0; i < voices.length; i++) {
    const voice = voices[i]!
    index[i] = {
      voice,
      text: `${voice.displayName}\u0001${voice.id}\u0001${voice.tags.join('\u0001')}`.toLowerCase(),
      nameKey: voiceNameKey(voice),
      locales: localesOf(voice),
      models: voice.models.map((m) => m.name),
    }
  }
  return index
}

/** The choices the filter menus offer, from the loaded voices. */
export function facetsOf(index: readonly IndexedVoice[]): { locales: string[]; models: string[] } {
  const locales = new Set<string>()
  const models = new Set<string>()
  for (const entry of index) {
    for (const locale of entry.locales) locales.add(locale)
    for (const model of entry.models) models.add(model)
  }
  return { locales: [...locales].sort(), models: [...models].sort() }
}

/**
 * Filters with plain loops (no regex, no allocation per voice): every query word must appear in
 * the name, id or tags. Measured per keystroke by bench/voices-list.ts.
 */
export function filterVoices(
  index: readonly IndexedVoice[],
  criteria: VoiceCriteria,
  favorites: ReadonlySet<string>,
): IndexedVoice[] {
  const words = criteria.query.trim().toLowerCase().split(/\s+/).filter(Boolean)
  const out: IndexedVoice[] = []
  for (let i = 0; i < index.length; i++) {
    const entry = index[i]!
    const voice = entry.voice
    if (criteria.type !== '' && voice.type !== criteria.type) continue
    if (criteria.gender !== '' && voice.gender !== criteria.gender) continue
    if (criteria.favoritesOnly && !favorites.has(voice.id)) continue
    if (criteria.locale !== '' && !entry.locales.includes(criteria.locale)) continue
    if (criteria.model !== '' && !entry.models.includes(criteria.model)) continue
    let matches = true
    for (let w = 0; w < words.length; w++) {
      if (!entry.text.includes(words[w]!)) {
        matches = false
        break
      }
    }
    if (matches) out.push(entry)
  }
  return out
}

/** Sorts a filtered list (a new array). `recent` puts recently used voices first, in use order. */
export function sortVoices(
  entries: readonly IndexedVoice[],
  order: SortOrder,
  recent: readonly string[],
): IndexedVoice[] {
  const sorted = [...entries]
  const byName = (a: IndexedVoice, b: IndexedVoice): number =>
    compareVoiceNames(a.nameKey, a.voice.id, b.nameKey, b.voice.id)
  switch (order) {
    case 'name':
      return sorted.sort(byName)
    case 'name-desc':
      return sorted.sort((a, b) => byName(b, a))
    case 'locale':
      return sorted.sort((a, b) => {
        const la = a.voice.locale ?? '~'
        const lb = b.voice.locale ?? '~'
        return la < lb ? -1 : la > lb ? 1 : byName(a, b)
      })
    case 'recent': {
      const rank = new Map(recent.map((id, i) => [id, i]))
      return sorted.sort((a, b) => {
        const ra = rank.get(a.voice.id) ?? Infinity
        const rb = rank.get(b.voice.id) ?? Infinity
        return ra !== rb ? ra - rb : byName(a, b)
      })
    }
  }
}
