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

/** "en-GB" -> "English (United Kingdom) · en-GB"; the code alone when the name is unknown. */
export function localeLabel(locale: string): string {
  try {
    names ??= new Intl.DisplayNames(['en'], { type: 'language' })
    const name = names.of(locale)
    return name !== undefined && name !== locale ? `${name} · ${locale}` : locale
  } catch {
    return locale
  }
}
