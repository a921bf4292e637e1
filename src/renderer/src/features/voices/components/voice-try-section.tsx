import { useState } from 'react'
import type { ReactElement } from 'react'
import type { Voice } from '../../../../../shared/domain/voice'
import { modelName } from '../../../../../shared/domain/voice-names'
import { MAX_TRY_TEXT } from '../hooks/use-voice-actions'
import { usePlayback, useVoicePlayers } from '../hooks/use-voice-players'
import { useVoicesUiStore } from '../stores/voices-ui-store'

/** "Try with my text": a line of the user's own, spoken in the voice (and a model, when it has several). */
export function VoiceTrySection(props: {
  voice: Voice
  onTry: (voice: Voice, text: string, model?: string) => void
  onStopTry: () => void
}): ReactElement {
  const { voice } = props
  const [text, setText] = useState('Hello! This is how my script will sound in this voice.')
  const [model, setModel] = useState('')
  const players = useVoicePlayers()
  const trial = usePlayback(players.trial)
  const activePlayer = useVoicesUiStore((s) => s.activePlayer)
  const trying =
    activePlayer === 'trial' && (trial.status === 'loading' || trial.status === 'playing')
  const tooLong = text.length > MAX_TRY_TEXT

  return (
    <div className="stack voice-details__block">
      <h3>Try with my text</h3>
      <label className="visually-hidden" htmlFor="try-text">
        Text to speak
      </label>
      <textarea
        id="try-text"
        className="input"
        rows={2}
        value={text}
        aria-invalid={tooLong}
        onChange={(event) => setText(event.target.value)}
        data-testid="try-text"
      />
      <div className="button-row">
        {voice.models.length > 1 && (
          // A visible "Model" beside the choice: a bare select next to "Speak it" read as a
          // second button with no say of what it picks.
          <label className="voice-filter voice-try__model">
            <span>Model</span>
            <select
              className="input"
              value={model}
              onChange={(e) => setModel(e.target.value)}
              data-testid="try-model"
            >
              {/* No model sent: the service speaks with its own default. */}
              <option value="">Default</option>
              {voice.models.map((m) => (
                <option key={m.name} value={m.name}>
                  {modelName(m.name)}
                </option>
              ))}
            </select>
          </label>
        )}
        {trying ? (
          <button type="button" className="button button--small" onClick={props.onStopTry}>
            Stop
          </button>
        ) : (
          <button
            type="button"
            className="button button--small"
            disabled={text.trim() === '' || tooLong}
            onClick={() => props.onTry(voice, text, model === '' ? undefined : model)}
            data-testid="try-button"
          >
            Speak it
          </button>
        )}
        <span className={tooLong ? 'field__error' : 'field__hint'}>
          {text.length}/{MAX_TRY_TEXT} characters
        </span>
      </div>
    </div>
  )
}
