import { useMemo, useState } from 'react'
import type { ReactElement } from 'react'
import { useScriptVoicesStore } from '../../../lib/shared-state/script-voices'
import type { ScriptAudio } from '../hooks/use-script-audio'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { VoicePicker } from './voice-picker'

/** The default voice and the cast: every speaker of the script mapped to a voice. */
export function CastPanel(): ReactElement {
  const meta = useScriptDocumentStore((s) => s.meta)
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
    <section className="side-panel" aria-labelledby="cast-title">
      <h2 id="cast-title">Cast</h2>
      <div className="side-panel__row">
        <span className="side-panel__name">Default voice</span>
        <VoicePicker
          label="Default voice"
          value={meta.defaults.voiceId}
          inheritLabel="No default"
          onChange={(voiceId) => {
            const { voiceId: _old, ...rest } = meta.defaults
            useScriptDocumentStore
              .getState()
              .updateMeta({ defaults: voiceId ? { ...rest, voiceId } : rest })
            useScriptVoicesStore.getState().setDefaultVoice(voiceId ?? null)
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
        <div key={name} className="side-panel__row" data-testid="cast-row">
          <span className="side-panel__name">{name}</span>
          <VoicePicker
            label={`Voice for ${name}`}
            value={meta.cast[name]}
            inheritLabel="Default voice"
            onChange={(v) => setCast(name, v)}
          />
        </div>
      ))}
    </section>
  )
}

/** The lexicon: words with their spoken alias, each auditioned in the current block's voice. */
export function LexiconPanel(props: { audio: ScriptAudio }): ReactElement {
  const lexicon = useScriptDocumentStore((s) => s.meta.lexicon)
  const [term, setTerm] = useState('')
  const [alias, setAlias] = useState('')
  const [matchCase, setMatchCase] = useState(false)
  const [hint, setHint] = useState<string | null>(null)

  const voiceForAudition = (): string | undefined => {
    const state = useScriptDocumentStore.getState()
    const caret = useEditorUiStore.getState().caret
    const block = caret ? state.blocks.get(caret.blockId) : undefined
    return (
      block?.voiceId ??
      (block?.speaker ? state.meta.cast[block.speaker] : undefined) ??
      state.meta.defaults.voiceId
    )
  }
  const audition = (t: string, a: string): void => {
    const voiceId = voiceForAudition()
    if (voiceId === undefined) {
      setHint('Choose a default voice (or click into a block with a voice) to audition.')
      return
    }
    setHint(null)
    void props.audio.audition(voiceId, t, a)
  }
  const setLexicon = (next: typeof lexicon): void =>
    useScriptDocumentStore.getState().updateMeta({ lexicon: next })

  return (
    <section className="side-panel" aria-labelledby="lexicon-title">
      <h2 id="lexicon-title">Lexicon</h2>
      <form
        className="side-panel__form"
        onSubmit={(event) => {
          event.preventDefault()
          if (term.trim() === '' || alias.trim() === '') return
          setLexicon([
            ...lexicon.filter((e) => e.term !== term.trim()),
            { term: term.trim(), alias: alias.trim(), matchCase },
          ])
          setTerm('')
          setAlias('')
        }}
      >
        <input
          className="input"
          aria-label="Word"
          placeholder="Word (e.g. SQL)"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
        <input
          className="input"
          aria-label="Spoken as"
          placeholder="Spoken as (e.g. sequel)"
          value={alias}
          onChange={(e) => setAlias(e.target.value)}
        />
        <label className="find-bar__option">
          <input
            type="checkbox"
            checked={matchCase}
            onChange={(e) => setMatchCase(e.target.checked)}
          />{' '}
          Match case
        </label>
        <div className="button-row">
          <button type="submit" className="button button--small button--primary">
            Add
          </button>
          <button
            type="button"
            className="button button--small"
            disabled={term.trim() === '' || alias.trim() === ''}
            onClick={() => audition(term.trim(), alias.trim())}
          >
            Audition
          </button>
        </div>
      </form>
      {hint !== null && <p className="field__hint">{hint}</p>}
      <ul className="side-panel__list">
        {lexicon.map((entry) => (
          <li key={entry.term} className="side-panel__row">
            <span className="side-panel__name">
              {entry.term} → {entry.alias}
              {entry.matchCase ? ' (case)' : ''}
            </span>
            <span className="button-row">
              <button
                type="button"
                className="button button--small"
                onClick={() => audition(entry.term, entry.alias)}
              >
                Audition
              </button>
              <button
                type="button"
                className="button button--small"
                aria-label={`Remove ${entry.term}`}
                onClick={() => setLexicon(lexicon.filter((e) => e !== entry))}
              >
                Remove
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
