import { useState } from 'react'
import type { ReactElement } from 'react'
import type { ErrorContext, ErrorDescription } from '../lib/error-messages'
import { describeError, saysWhatToDo, supportText } from '../lib/error-messages'
import { Notice } from './notice'
import { Disclosure } from './ui/disclosure'

type CopyState = 'idle' | 'copied' | 'failed'

/** The facts a support request needs: the code, the request id, the status, the reason. */
function ErrorFacts(props: { description: ErrorDescription }): ReactElement {
  const { description } = props
  return (
    <dl>
      <dt>Code</dt>
      <dd className="mono">{description.code}</dd>
      <dt>Request id</dt>
      <dd className="mono" data-testid="error-request-id">
        {description.requestId ?? 'none (the request did not reach the service)'}
      </dd>
      {description.status !== null && (
        <>
          <dt>HTTP status</dt>
          <dd className="mono">{description.status}</dd>
        </>
      )}
      {description.upstreamCode !== null && (
        <>
          <dt>Service code</dt>
          <dd className="mono">{description.upstreamCode}</dd>
        </>
      )}
      {description.address !== null && (
        <>
          <dt>Service address</dt>
          <dd className="mono" data-testid="error-address">
            {description.address}
          </dd>
        </>
      )}
      {description.reason !== null && (
        <>
          <dt>Reason</dt>
          <dd data-testid="error-reason">{description.reason}</dd>
        </>
      )}
    </dl>
  )
}

/**
 * Shows a failed call: what went wrong and what to do, with the request id and codes in a
 * "Details" disclosure and a button that copies them for a support request.
 */
export function ErrorNotice(props: {
  error: unknown
  context?: ErrorContext
  testId?: string
  /**
   * Warning for what the user fixes in their own work before anything is tried (a render's
   * checks); danger, the default, for a call that failed.
   */
  tone?: 'danger' | 'warning'
  /** The one thing that fixes it, as a button ("Try again", "Paste a new key"). */
  action?: { label: string; onClick: () => void }
}): ReactElement {
  const description = describeError(props.error, props.context)
  const [copy, setCopy] = useState<CopyState>('idle')

  const copyDetails = (): void => {
    navigator.clipboard.writeText(supportText(description)).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    )
  }

  return (
    <Notice
      tone={props.tone ?? 'danger'}
      title={description.title}
      testId={props.testId ?? 'error-notice'}
    >
      <p className="notice__text" data-testid="error-message">
        {description.message}
        {!saysWhatToDo(description.message) && ` ${description.action}`}
      </p>
      {description.problems.length > 0 && (
        <ol className="notice__list" data-testid="error-problems">
          {description.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ol>
      )}
      {props.action !== undefined && (
        <div className="button-row">
          <button
            type="button"
            className="button button--small"
            data-testid="error-action"
            onClick={props.action.onClick}
          >
            {props.action.label}
          </button>
        </div>
      )}
      <Disclosure summary="Details" className="error-details" testId="error-details">
        <ErrorFacts description={description} />
        <div className="button-row">
          <button type="button" className="button button--small" onClick={copyDetails}>
            Copy details
          </button>
          <span role="status" className="field__hint">
            {copy === 'copied' && 'Copied to the clipboard.'}
            {copy === 'failed' && 'Could not copy: select the text above instead.'}
          </span>
        </div>
      </Disclosure>
    </Notice>
  )
}
