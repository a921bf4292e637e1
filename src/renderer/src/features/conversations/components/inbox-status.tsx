import type { ReactElement } from 'react'
import type { AppErrorData } from '../../../../../shared/errors'
import { AppError } from '../../../../../shared/errors'
import { describeError } from '../../../lib/error-messages'

const count = new Intl.NumberFormat()

function calls(n: number): string {
  return `${count.format(n)} call${n === 1 ? '' : 's'}`
}

/**
 * The count line in words: "2,010 calls", "12 of the newest 300 calls match". How many calls are
 * loaded is the list's business (it loads more as it scrolls), so it is named only where it
 * bounds what a search looked through. `more`: the service has more to list (older calls);
 * `filtered`: its filters narrow the list, so the account's total is not this list's. The
 * figures stay in data attributes for tests and benches, whatever the words say.
 */
export function countText(
  counts: { shown: number; loaded: number; total: number | undefined },
  more: boolean,
  filtered: boolean,
): string {
  const { shown, loaded, total } = counts
  if (shown < loaded)
    return `${count.format(shown)} of ${more ? 'the newest ' : ''}${calls(loaded)} match`
  if (!more) return calls(loaded)
  // A call that came in since the total was counted is listed too: never fewer than listed.
  if (total !== undefined && !filtered) return calls(Math.max(total, loaded))
  return 'Newest first; older calls load as you scroll'
}

/** What the Passed column's colours mean: one rule, the worst result among a call's criteria. */
const LEGEND = [
  { tone: 'danger', words: 'any failed' },
  { tone: 'warning', words: 'any unclear' },
  { tone: 'ok', words: 'all passed' },
] as const

/** The key to the Passed column ("2/3" in red and "2/3" in amber differ in why one did not pass). */
function PassedLegend(): ReactElement {
  return (
    <span className="inbox-legend" data-testid="passed-legend">
      Passed:
      {LEGEND.map((item) => (
        <span key={item.tone} className={`inbox-legend__item tone--${item.tone}`}>
          <span className="inbox-legend__dot" aria-hidden="true" />
          <span className="inbox-legend__words">{item.words}</span>
        </span>
      ))}
    </span>
  )
}

/** How many calls are shown and in the account; evaluations still read; paused updates. */
export function InboxStatus(props: {
  loading: boolean
  shown: number
  loaded: number
  /** All conversations of the account, where the service counts them. */
  total: number | undefined
  /** The service has older calls to list. */
  more: boolean
  /** The service's filters (agent, status, dates) narrow the list. */
  filtered: boolean
  awaitingEvaluations: number
  pollError: AppErrorData | null
}): ReactElement {
  const { total, awaitingEvaluations, pollError } = props
  return (
    <div className="inbox__status">
      <span
        data-testid="inbox-count"
        data-shown={props.shown}
        data-loaded={props.loaded}
        role="status"
      >
        {props.loading
          ? 'Loading calls…'
          : countText(
              { shown: props.shown, loaded: props.loaded, total },
              props.more,
              props.filtered,
            )}
      </span>
      {awaitingEvaluations > 0 && (
        <span className="field__hint" data-testid="inbox-awaiting">
          Reading the results of {calls(awaitingEvaluations)} more…
        </span>
      )}
      {!props.loading && props.shown > 0 && <PassedLegend />}
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
