import type { ReactElement, ReactNode } from 'react'
import type {
  OverviewPeriod,
  OverviewProgress,
} from '../../../../../shared/domain/conversation-overview'
import { useOverviewProgress } from '../api/overview-queries'
import { callsText, countText } from './overview-words'

/** The words of the running read: calls listed so far, then evaluation results read of those to read. */
export function progressText(progress: OverviewProgress | null): string {
  if (progress === null || (progress.listed === 0 && progress.evaluationsToRead === 0))
    return 'Reading your calls…'
  if (progress.evaluationsToRead === 0)
    return `Reading your calls: ${callsText(progress.listed)} so far…`
  // Why short: the line sits beside a bar that already says "under way"; the count is what moves.
  // (The calls counted include the period before's, for the comparison: fewer words, same count.)
  return `Reading results: ${countText(progress.evaluationsRead)} of ${callsText(progress.evaluationsToRead)}`
}

/**
 * How far main got reading the period, with Cancel. While the calls are listed there is no total
 * to show a share of, so the bar moves without one (still under reduced motion); the results
 * have a total, so the bar fills.
 */
export function OverviewProgressLine(props: { onCancel: (jobId: string) => void }): ReactElement {
  const progress = useOverviewProgress()
  const text = progressText(progress)
  // Why no filling bar before the first result: an empty track at 0 read as a stalled or broken
  // bar; the moving stripe says the work is under way until there is a share to show.
  const share =
    progress !== null && progress.evaluationsToRead > 0 && progress.evaluationsRead > 0
      ? progress.evaluationsRead / progress.evaluationsToRead
      : null
  return (
    <div className="overview-progress" role="status" data-testid="overview-progress">
      <p className="overview-progress__text">{text}</p>
      {share === null ? (
        <span
          className="overview-progress__sweep"
          aria-hidden="true"
          data-testid="overview-progress-sweep"
        />
      ) : (
        <progress
          className="overview-progress__bar"
          aria-label="Evaluation results read"
          value={share}
          max={1}
        />
      )}
      {progress === null ? null : (
        <button
          type="button"
          className="button button--small"
          onClick={() => props.onCancel(progress.jobId)}
        >
          Cancel
        </button>
      )}
    </div>
  )
}

/**
 * Where the figures will be, while the calls are read for the first time: the tiles and charts
 * as quiet shapes, so nothing on screen reads as a figure before it is one.
 */
export function OverviewSkeleton(): ReactElement {
  const tiles = ['Calls', 'Completed', 'Failed', 'Median length', 'Criteria passed']
  return (
    <div className="overview-skeleton" data-testid="overview-skeleton" aria-hidden="true">
      <ul className="overview-tiles">
        {tiles.map((label) => (
          <li key={label} className="overview-tile">
            <span className="overview-tile__label">{label}</span>
            <span className="skeleton overview-skeleton__value" />
            <span className="skeleton overview-skeleton__note" />
          </li>
        ))}
      </ul>
      <div className="box overview-card overview-skeleton__chart">
        <span className="overview-card__title">Calls per day</span>
        <span className="skeleton overview-skeleton__plot" />
      </div>
    </div>
  )
}

/** Before a key is set: what the overview shows, and the one way forward. */
export function NoKeyOverview(props: { tabs: ReactNode; onOpenAccount: () => void }): ReactElement {
  return (
    <>
      {props.tabs}
      <section
        className="box overview-empty"
        data-testid="overview-no-key"
        aria-labelledby="overview-no-key-title"
      >
        <h2 id="overview-no-key-title">Add your API key to see your calls</h2>
        <p>
          The overview counts your voice agents&apos; calls: how many a day, how long they last, why
          they ended and how often each agent meets its goals. Add your API key on the Account
          screen; VoiceDesk keeps it in the system keychain.
        </p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={props.onOpenAccount}>
            Go to Account
          </button>
        </div>
      </section>
    </>
  )
}

/** The user stopped the read: nothing to show, and the way to read again. */
export function CancelledOverview(props: { onReadAgain: () => void }): ReactElement {
  return (
    <div className="box overview-empty" data-testid="overview-cancelled">
      <p>Reading stopped, so there are no figures to show for this period.</p>
      <div className="button-row">
        <button type="button" className="button" onClick={props.onReadAgain}>
          Read the calls again
        </button>
      </div>
    </div>
  )
}

/** No call started in the period: what will appear here, and a longer period to try. */
export function EmptyOverview(props: {
  days: OverviewPeriod
  /** The chosen agent's name; null for every agent. */
  agentName: string | null
  onMonth: () => void
}): ReactElement {
  return (
    <div className="box overview-empty" data-testid="overview-empty">
      <h2>No calls in the {props.days === 7 ? 'last 7 days' : 'last 30 days'}</h2>
      <p>
        {props.agentName === null
          ? 'When your voice agents take calls, they are counted here by day, length, why they ended and how their evaluations went.'
          : `${props.agentName} took no calls in these days.`}
      </p>
      {props.days === 7 ? (
        <div className="button-row">
          <button type="button" className="button" onClick={props.onMonth}>
            Show the last 30 days
          </button>
        </div>
      ) : null}
    </div>
  )
}
