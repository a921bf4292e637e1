import { useEffect, useMemo } from 'react'
import type { ReactElement, ReactNode } from 'react'
import { useVoiceOptions } from '../api/script-api'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { NO_VOICE_YET } from './spoken-voice'
import { missingVoiceName } from '../../../../../shared/domain/missing-voice-name'
import { VoicePicker } from './voice-picker'

/**
 * One cast entry: its name and its voice chooser. A marked entry (a render found its voice
 * missing or unknown) says so under its name, in the accent, until a voice is chosen.
 */
function CastRow(props: {
  name: string
  marked: boolean
  testId: string
  children: ReactNode
}): ReactElement {
  return (
    <div
      className={`row row--spread side-panel__row${props.marked ? ' side-panel__row--attention' : ''}`}
      data-testid={props.testId}
      data-attention={props.marked ? 'true' : undefined}
    >
      <span className="side-panel__name">
        {props.name}
        {props.marked && (
          <span className="side-panel__attention">
            {props.testId === 'cast-default'
              ? 'Choose one: it speaks every block without a voice'
              : 'Choose a voice from your voice list'}
          </span>
        )}
      </span>
      {props.children}
    </div>
  )
}

/** The default voice and the cast: every speaker of the script mapped to a voice. */
export function CastPanel(): ReactElement {
  const meta = useScriptDocumentStore((s) => s.meta)
  const voices = useVoiceOptions()
  const defaultVoice = meta.defaults.voiceId
  const defaultName =
    defaultVoice === undefined
      ? undefined
      : (voices.data?.find((v) => v.id === defaultVoice)?.displayName ??
        missingVoiceName(defaultVoice))
  // Kept per change by the store: typing never makes this panel scan the script.
  const spoken = useScriptDocumentStore((s) => s.speakers)
  const speakers = useMemo(() => {
    const names = new Set([...Object.keys(meta.cast), ...Object.keys(spoken)])
    return [...names].sort((a, b) => a.localeCompare(b))
  }, [meta.cast, spoken])

  const attention = useEditorUiStore((s) => s.castAttention)
  // The chooser that opens by itself, once: the first entry marked, the default before speakers.
  const request = attention !== null && !attention.opened ? attention.nonce : undefined
  const firstMarked = attention?.defaultVoice ? null : (attention?.speakers[0] ?? undefined)
  useEffect(() => {
    // After the chooser has taken the request in its render: Cast shown again keeps it closed.
    if (request !== undefined) useEditorUiStore.getState().markCastOpened()
  }, [request])
  const setCast = (name: string, voiceId: string | undefined): void => {
    const cast = { ...meta.cast }
    if (voiceId === undefined) delete cast[name]
    else cast[name] = voiceId
    useScriptDocumentStore.getState().updateMeta({ cast })
    if (voiceId !== undefined) useEditorUiStore.getState().settleCast(name)
  }
  const marked = (speaker: string | null): boolean =>
    attention !== null &&
    (speaker === null ? attention.defaultVoice : attention.speakers.includes(speaker))

  return (
    <section className="box side-panel" aria-labelledby="cast-title">
      <h2 id="cast-title">Cast</h2>
      <CastRow name="Default voice" marked={marked(null)} testId="cast-default">
        <VoicePicker
          label="Default voice"
          value={meta.defaults.voiceId}
          inheritLabel={NO_VOICE_YET}
          inheritOption="No default voice"
          openRequest={firstMarked === null ? request : undefined}
          onChange={(voiceId) => {
            const { voiceId: _old, ...rest } = meta.defaults
            useScriptDocumentStore
              .getState()
              .updateMeta({ defaults: voiceId ? { ...rest, voiceId } : rest })
            if (voiceId !== undefined) useEditorUiStore.getState().settleCast(null)
          }}
        />
      </CastRow>
      {speakers.length === 0 && (
        <p className="field__hint">
          No speakers yet. Lines written as “NAME: words” in an imported Markdown script become
          speakers.
        </p>
      )}
      {speakers.map((name) => (
        <CastRow key={name} name={name} marked={marked(name)} testId="cast-row">
          <VoicePicker
            label={`Voice for ${name}`}
            value={meta.cast[name]}
            inheritLabel={defaultName ?? NO_VOICE_YET}
            inheritOption={
              defaultName === undefined ? 'No voice of its own' : `${defaultName} (default)`
            }
            hint={defaultName === undefined ? undefined : '(default)'}
            inheritVoiceId={defaultVoice}
            openRequest={firstMarked === name ? request : undefined}
            onChange={(v) => setCast(name, v)}
          />
        </CastRow>
      ))}
    </section>
  )
}
