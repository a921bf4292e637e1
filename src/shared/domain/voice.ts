/** Where a voice comes from: the service's catalog, or cloned by this account. */
export type VoiceType = 'shared' | 'personal'

/** Normalised gender: the wire spells the third value `notSpecified` (older) or `not_specified`. */
export const VOICE_GENDERS = ['male', 'female', 'not_specified'] as const
export type VoiceGender = (typeof VOICE_GENDERS)[number]

/** One language a voice speaks with one model, with its own preview when the service has one. */
export interface VoiceModelLanguage {
  locale: string
  previewUrl: string | null
}

/** A synthesis model a voice supports (e.g. `simba-english`, `simba-3.0`). */
export interface VoiceModel {
  name: string
  languages: VoiceModelLanguage[]
}

/**
 * A voice as every part of VoiceDesk sees it, whatever generation of the wire shape it came in.
 * Empty strings and nulls on the wire become `null`; missing lists become `[]`.
 */
export interface Voice {
  id: string
  type: VoiceType
  displayName: string
  gender: VoiceGender
  locale: string | null
  avatarUrl: string | null
  previewUrl: string | null
  tags: string[]
  models: VoiceModel[]
}

/** The key voices are sorted by name with: the display name, lowercased. */
export function voiceNameKey(voice: Voice): string {
  return voice.displayName.toLocaleLowerCase()
}

/**
 * The name order of the voice list (main's first rows and the page's sort agree on it): by
 * {@link voiceNameKey}, then by id, so voices with the same name always come in one order.
 */
export function compareVoiceNames(aKey: string, aId: string, bKey: string, bId: string): number {
  if (aKey !== bKey) return aKey < bKey ? -1 : 1
  return aId < bId ? -1 : aId > bId ? 1 : 0
}

/** What a user gives to clone a personal voice. */
export interface VoiceConsent {
  fullName: string
  email: string
}

/** Audio formats a downloaded sample can turn out to be (sniffed from its bytes). */
/**
 * Largest voice sample: the service's own limit at voice creation (10 MiB), so also the most a
 * personal voice's sample can be when it is downloaded again.
 */
export const MAX_VOICE_SAMPLE_BYTES = 10 * 1024 * 1024

export const SAMPLE_EXTENSIONS = ['wav', 'mp3', 'ogg', 'flac', 'm4a', 'aac', 'bin'] as const
export type SampleExtension = (typeof SAMPLE_EXTENSIONS)[number]

/** The content type an uploaded sample is sent with, by its sniffed container. */
export const SAMPLE_CONTENT_TYPES: Record<SampleExtension, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  bin: 'application/octet-stream',
}
