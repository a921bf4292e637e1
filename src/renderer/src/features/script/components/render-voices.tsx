import type { ReactElement } from 'react'
import { useVoiceOptions } from '../api/script-api'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { missingVoiceName } from '../../../../../shared/domain/missing-voice-name'

/** How many cast entries are named before "and N more": the line stays one line. */
const SHOWN = 3

/**
 * Who reads the script, in the render dialog: the default voice and the cast, by the names the
 * Voices screen shows. Read-only here: voices are chosen in Cast, where each block shows its own.
 */
export function RenderVoices(): ReactElement {
  const defaultVoice = useScriptDocumentStore((s) => s.meta.defaults.voiceId)
  const cast = useScriptDocumentStore((s) => s.meta.cast)
  const voices = useVoiceOptions()
  // A voice the list lacks reads as the render checks name it ("Dorothy"), never as a raw id.
  const nameOf = (id: string): string => {
    const known = voices.data?.find((v) => v.id === id)
    if (known !== undefined) return known.displayName
    return voices.data === undefined ? id : `${missingVoiceName(id)} (not in your voice list)`
  }
  const entries = Object.entries(cast)
  const named = entries.slice(0, SHOWN).map(([speaker, id]) => `${speaker}: ${nameOf(id)}`)
  const more = entries.length - named.length
  return (
    <p className="render-dialog__voices" data-testid="render-voices">
      <span className="field__label">Voices</span>{' '}
      {defaultVoice === undefined ? 'No default voice' : `${nameOf(defaultVoice)} (default)`}
      {named.length > 0 ? ` · ${named.join(' · ')}` : ''}
      {more > 0 ? ` · and ${more} more` : ''}
      <span className="field__hint"> · change them in Cast</span>
    </p>
  )
}
