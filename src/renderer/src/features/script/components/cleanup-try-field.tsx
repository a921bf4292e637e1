import { useState } from 'react'
import type { ReactElement } from 'react'
import type { CleanupSettings } from '../../../../../shared/domain/cleanup-rules'
import { MAX_CLEANUP_SAMPLE } from '../../../../../shared/domain/cleanup-rules'
import { describeError } from '../../../lib/error-messages'
import { useCleanupTrial } from '../hooks/use-cleanup-preview'

/**
 * The rules' test field: a sentence of the user's, and what the rules make of it. The rules run in
 * main on the clean-up thread, so a pattern that never ends cannot freeze the window.
 */
export function CleanupTryField(props: { settings: CleanupSettings }): ReactElement {
  const [sample, setSample] = useState('')
  const { trial, error } = useCleanupTrial(props.settings, sample)
  const result =
    error !== null
      ? describeError(error).message
      : trial === null
        ? ''
        : `Read as: ${trial.text === '' ? '(nothing left)' : trial.text}`
  return (
    <div className="cleanup__try">
      <label className="field">
        <span className="field__label">Try your rules on a sentence</span>
        <input
          className="input"
          value={sample}
          maxLength={MAX_CLEANUP_SAMPLE}
          placeholder="Dr. Lee wrote [4] at https://example.org!!"
          onChange={(e) => setSample(e.target.value)}
        />
      </label>
      <p className="cleanup__try-result" aria-live="polite" data-testid="cleanup-try-result">
        {result}
      </p>
    </div>
  )
}
