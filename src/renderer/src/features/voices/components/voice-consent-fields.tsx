import type { Dispatch, ReactElement } from 'react'
import type { DraftAction, DraftField, VoiceDraft } from '../hooks/voice-draft'
import { DraftTextField } from './draft-field'

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
      <legend className="create-voice__legend">Consent of the person whose voice it is</legend>
      <div className="auto-grid create-voice__row">
        <DraftTextField
          id={`${ids}-full-name`}
          label="Full name"
          autoComplete="name"
          value={draft.fullName}
          problem={problem('fullName')}
          onChange={(value) => dispatch({ type: 'edit', change: { fullName: value } })}
        />
        <DraftTextField
          id={`${ids}-email`}
          label="Email"
          type="email"
          autoComplete="email"
          value={draft.email}
          problem={problem('email')}
          onChange={(email) => dispatch({ type: 'edit', change: { email } })}
        />
      </div>
      <label className="create-voice__confirm">
        <input
          type="checkbox"
          checked={draft.confirmed}
          onChange={(e) => dispatch({ type: 'edit', change: { confirmed: e.target.checked } })}
        />
        <span>
          {fullName === '' ? 'This person' : fullName} agreed to have their voice cloned and used in
          VoiceDesk. A record of this consent is kept with the voice.
        </span>
      </label>
      {problem('confirmed') !== null && (
        <span className="field__error">{problem('confirmed')}</span>
      )}
    </fieldset>
  )
}
