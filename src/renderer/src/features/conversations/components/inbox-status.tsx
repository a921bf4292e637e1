import type { ReactElement } from 'react'
import type { AppErrorData } from '../../../../../shared/errors'
import { AppError } from '../../../../../shared/errors'
import { describeError } from '../../../lib/error-messages'

const count = new Intl.NumberFormat()

/** How many rows are shown, loaded and in the account; evaluations still read; paused updates. */
export function InboxStatus(props: {
  loading: boolean
  shown: number
  loaded: number
  /** All conversations of the account, where the service counts them. */
  total: number | undefined
  awaitingEvaluations: number
  pollError: AppErrorData | null
}): ReactElement {
  const { total, awaitingEvaluations, pollError } = props
  return (
    <div className="inbox__status">
      <span data-testid="inbox-count" role="status">
        {props.loading
          ? 'Loading conversations…'
          : `${count.format(props.shown)} shown of ${count.format(props.loaded)} loaded${
              total !== undefined ? ` · ${count.format(total)} in the account` : ''
            }`}
      </span>
      {awaitingEvaluations > 0 && (
        <span className="field__hint" data-testid="inbox-awaiting">
          Reading evaluations of {count.format(awaitingEvaluations)} more…
        </span>
      )}
      {pollError !== null && (
        <span className="inbox__poll-error" role="status" data-testid="inbox-poll-error">
          Live updates paused: {describeError(AppError.fromData(pollError)).title}. Trying again
          shortly.
        </span>
      )}
    </div>
  )
}

/** Why no row shows: nothing matches the service's filters, or only the search hides them. */
export function InboxEmpty(props: { anyLoaded: boolean }): ReactElement {
  return (
    <p className="inbox__empty field__hint" data-testid="inbox-empty">
      {props.anyLoaded
        ? 'None of the loaded conversations match. Change the search or the filters.'
        : 'No conversations match these filters yet.'}
    </p>
  )
}
