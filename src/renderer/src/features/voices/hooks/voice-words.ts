import type { Voice } from '../../../../../shared/domain/voice'
import { localeName } from '../../../../../shared/domain/voice-names'
import { voiceEmotions } from '../../../../../shared/domain/voice-styles'
import { genderLabel, tagLabel, tagSummary } from '../../../lib/voice-labels'

/** A language a voice speaks, in words, with a locale its preview can be heard in (or null). */
export interface SpokenLanguage {
  name: string
  previewLocale: string | null
}

/**
 * "English (United Kingdom) · Male": what a voice is, in words. An attribute the service left
 * empty ("not specified") is left out rather than shown as noise.
 */
export function voiceFacts(voice: Voice): string {
  const facts = [voice.locale === null ? 'Language not set' : localeName(voice.locale)]
  if (voice.gender !== 'not_specified') facts.push(genderLabel(voice.gender))
  return facts.join(' · ')
}

/**
 * What a voice is for, from its tags: "Warm · Narration". A tag that only repeats what the voice
 * is ("personal" on a personal voice, shown as its own mark) is left out.
 */
export function voiceUse(voice: Voice): string {
  const tags = voice.type === 'personal' ? voice.tags.filter((t) => t !== 'personal') : voice.tags
  return tagSummary(tags)
}

/**
 * The emotions a voice can take, as words a person reads: "calm, warm, assertive or direct".
 * Empty when its tags name none (the service's `emotions:` tag).
 */
export function voiceMoods(voice: Voice): string {
  const moods = voiceEmotions(voice).map((mood) => mood.replace(/[_-]+/g, ' '))
  if (moods.length <= 1) return moods.join('')
  return `${moods.slice(0, -1).join(', ')} or ${moods.at(-1) ?? ''}`
}

/**
 * The languages a voice speaks, each once, in words: its own language first, then the others in
 * the order its models list them (its own language alone when the service lists none). Which
 * model speaks which is for Details, not for choosing a voice.
 */
export function spokenLanguages(voice: Voice): SpokenLanguage[] {
  const byName = new Map<string, SpokenLanguage>()
  for (const model of voice.models) {
    for (const language of model.languages) {
      const name = localeName(language.locale)
      const entry = byName.get(name) ?? { name, previewLocale: null }
      if (entry.previewLocale === null && language.previewUrl !== null)
        entry.previewLocale = language.locale
      byName.set(name, entry)
    }
  }
  const own = voice.locale === null ? null : localeName(voice.locale)
  if (own === null) return [...byName.values()]
  const first = byName.get(own) ?? { name: own, previewLocale: null }
  byName.delete(own)
  return [first, ...byName.values()]
}

/**
 * Every tag of a voice in words, for its Details: "Timbre: deep", "Emotions: calm, warm", never
 * the service's `timbre:deep` code (which the copy button still gives, for scripts).
 */
export function tagWords(voice: Pick<Voice, 'tags'>): string[] {
  return voice.tags.map((tag) => tagLabel(tag).text)
}
