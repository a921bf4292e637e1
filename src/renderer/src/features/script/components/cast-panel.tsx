import { useMemo } from 'react'
import type { ReactElement } from 'react'
import { useVoiceOptions } from '../api/script-api'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { NO_VOICE_YET } from './spoken-voice'
import { VoicePicker } from './voice-picker'

/** The default voice and the cast: every speaker of the script mapped to a voice. */
export function CastPanel(): ReactElement {
  const meta = useScriptDocumentStore((s) => s.meta)
  const voices = useVoiceOptions()
  const defaultVoice = meta.defaults.voiceId
  const defaultName =
    defaultVoice === undefined
      ? undefined
      : (voices.data?.find((v) => v.id === defaultVoice)?.displayName ?? defaultVoice)
  // Kept per change by the store: typing never makes this panel scan the script.
  const spoken = useScriptDocumentStore((s) => s.speakers)
  const speakers = useMemo(() => {
    const names = new Set([...Object.keys(meta.cast), ...Object.keys(spoken)])
    return [...names].sort((a, b) => a.localeCompare(b))
  }, [meta.cast, spoken])

  const setCast = (name: string, voiceId: string | undefined): void => {
    const cast = { ...meta.cast }
    if (voiceId === undefined) delete cast[name]
    else cast[name] = voiceId
    useScriptDocumentStore.getState().updateMeta({ cast })
  }

  return (
    <section className="box side-panel" aria-labelledby="cast-title">
      <h2 id="cast-title">Cast</h2>
      <div className="row row--spread side-panel__row">
        <span className="side-panel__name">Default voice</span>
        <VoicePicker
          label="Default voice"
          value={meta.defaults.voiceId}
          inheritLabel={NO_VOICE_YET}
          inheritOption="No default voice"
          onChange={(voiceId) => {
            const { voiceId: _old, ...rest } = meta.defaults
            useScriptDocumentStore
              .getState()
              .updateMeta({ defaults: voiceId ? { ...rest, voiceId } : rest })
          }}
        />
      </div>
      {speakers.length === 0 && (
        <p className="field__hint">
          No speakers yet. Lines written as “NAME: words” in an imported Markdown script become
          speakers.
        </p>
      )}
      {speakers.map((name) => (
        <div key={name} className="row row--spread side-panel__row" data-testid="cast-row">
          <span className="side-panel__name">{name}</span>
          <VoicePicker
            label={`Voice for ${name}`}
            value={meta.cast[name]}
            inheritLabel={defaultName ?? NO_VOICE_YET}
            inheritOption={
              defaultName === undefined ? 'No voice of its own' : `${defaultName} (default)`
            }
            hint={defaultName === undefined ? undefined : '(default)'}
            onChange={(v) => setCast(name, v)}
          />
        </div>
      ))}
    </section>
  )
}
