import type { ReactElement } from 'react'
import { useVoiceOptions } from '../api/script-api'
import { useScriptDocumentStore } from '../stores/script-document-store'

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
  const nameOf = (id: string): string => voices.data?.find((v) => v.id === id)?.displayName ?? id
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
