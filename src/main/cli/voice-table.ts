import type { Voice, VoiceGender } from '../../shared/domain/voice'
import { compareVoiceNames, voiceNameKey } from '../../shared/domain/voice'
import { voiceKind, voiceLanguage } from './voice-choice'

const GENDERS: Record<VoiceGender, string> = {
  male: 'Male',
  female: 'Female',
  not_specified: 'Not specified',
}

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length)
}

/**
 * The voices as the app lists them: personal voices first, then the catalog, each by name; the
 * language in words and "Personal"/"Catalog" as the app says them; the id to type last.
 */
export function voiceTable(voices: readonly Voice[]): string {
  const sorted = [...voices].sort((a, b) => {
    if (a.type !== b.type) return a.type === 'personal' ? -1 : 1
    return compareVoiceNames(voiceNameKey(a), a.id, voiceNameKey(b), b.id)
  })
  const rows = sorted.map((v) => [
    v.displayName,
    voiceLanguage(v),
    GENDERS[v.gender],
    voiceKind(v),
    v.id,
  ])
  const header = ['NAME', 'LANGUAGE', 'GENDER', 'TYPE', 'ID']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  return (
    [header, ...rows]
      .map((r) =>
        r
          .map((c, i) => pad(c, widths[i]!))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  )
}
