import type { EngineVoice } from '../engine/espeak.js'

/** Gender as stored; rendered as `notSpecified` or `not_specified` depending on the shape generation. */
export type VoiceGender = 'male' | 'female' | 'not_specified'

/** A stored personal voice sample or avatar. */
export interface StoredFile {
  path: string
  contentType: string
  size: number
}

/** A voice as the sandbox keeps it: wire facts plus the engine settings that make it sound like itself. */
export interface VoiceRecord {
  id: string
  type: 'shared' | 'personal'
  displayName: string
  gender: VoiceGender
  locale: string
  tags: string[]
  models: Array<{ name: string; locales: string[] }>
  engine: EngineVoice
  ownerAccountId?: string
  sample?: StoredFile
  avatar?: StoredFile
  createdAt: string
}

/** Engine voice (eSpeak-NG language) used for each locale the sandbox offers. */
export const ENGINE_LANGUAGE: Record<string, string> = {
  'en-US': 'gmw/en-US',
  'en-GB': 'gmw/en-GB-x-rp',
  'fr-FR': 'roa/fr',
  'de-DE': 'gmw/de',
  'es-ES': 'roa/es',
  'it-IT': 'roa/it',
  'pt-BR': 'roa/pt-BR',
  'ja-JP': 'jpx/ja',
  'nl-NL': 'gmw/nl',
  'sv-SE': 'gmq/sv',
  'pl-PL': 'zlw/pl',
  'hi-IN': 'inc/hi',
  'zh-CN': 'sit/cmn',
}

/** The models the sandbox knows, and the locales each one speaks. */
export const MODELS: Record<string, readonly string[]> = {
  'simba-english': ['en-US', 'en-GB'],
  'simba-multilingual': Object.keys(ENGINE_LANGUAGE),
  'simba-3.0': Object.keys(ENGINE_LANGUAGE),
}

/** Models offered by a voice of `locale`. */
export function modelsForLocale(locale: string): VoiceRecord['models'] {
  return Object.entries(MODELS)
    .filter(([, locales]) => locales.includes(locale))
    .map(([name]) => ({ name, locales: [locale] }))
}

/** The engine language for a locale, falling back to its language part, then to US English. */
export function engineLanguage(locale: string): string {
  const exact = ENGINE_LANGUAGE[locale]
  if (exact) return exact
  const language = locale.split('-')[0]?.toLowerCase() ?? ''
  const sameLanguage = Object.entries(ENGINE_LANGUAGE).find(([key]) =>
    key.toLowerCase().startsWith(`${language}-`),
  )
  return sameLanguage?.[1] ?? 'gmw/en-US'
}
