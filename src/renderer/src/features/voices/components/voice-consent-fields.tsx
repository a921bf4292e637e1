import type { Dispatch, ReactElement } from 'react'
import type { DraftAction, DraftField, VoiceDraft } from '../hooks/voice-draft'

/** The consent of the person whose voice it is: their full name, email, and their agreement. */
export function VoiceConsentFields(props: {
  idPrefix: string
  draft: VoiceDraft
  dispatch: Dispatch<DraftAction>
  problem: (field: DraftField) => string | null
}): ReactElement {
  const { idPrefix: ids, draft, dispatch, problem } = props
  const fullName = draft.fullName.trim()
  return (
    <fieldset className="create-voice__section">
      <legend className="field__label">Consent of the person whose voice it is</legend>
      <div className="create-voice__row">
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-full-name`}>
            Full name
          </label>
          <input
            id={`${ids}-full-name`}
            className="input"
            autoComplete="name"
            value={draft.fullName}
            aria-invalid={problem('fullName') !== null}
            onChange={(e) => dispatch({ type: 'edit', change: { fullName: e.target.value } })}
          />
          {problem('fullName') !== null && (
            <span className="field__error">{problem('fullName')}</span>
          )}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-email`}>
            Email
          </label>
          <input
            id={`${ids}-email`}
            className="input"
            type="email"
            autoComplete="email"
            value={draft.email}
            aria-invalid={problem('email') !== null}
            onChange={(e) => dispatch({ type: 'edit', change: { email: e.target.value } })}
          />
          {problem('email') !== null && <span className="field__error">{problem('email')}</span>}
        </div>
      </div>
      <label className="create-voice__confirm">
        <input
          type="checkbox"
          checked={draft.confirmed}
          onChange={(e) => dispatch({ type: 'edit', change: { confirmed: e.target.checked } })}
        />
        <span>
          {fullName === '' ? 'This person' : fullName} agreed to have their voice cloned and used in
          VoiceDesk. VoiceDesk keeps a consent record (name, email, time and a fingerprint of the
          sample) with the voice.
        </span>
      </label>
      {problem('confirmed') !== null && (
        <span className="field__error">{problem('confirmed')}</span>
      )}
    </fieldset>
  )
}
