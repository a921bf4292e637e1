import type { ReactElement, ReactNode } from 'react'
import type { OverviewPeriod } from '../../../../../shared/domain/conversation-overview'
import { useOverviewProgress } from '../api/overview-queries'
import { callsText, countText } from './overview-words'

/** How far main got reading the period, with Cancel. */
export function OverviewProgressLine(props: { onCancel: (jobId: string) => void }): ReactElement {
  const progress = useOverviewProgress()
  const text =
    progress === null
      ? 'Reading your calls…'
      : progress.evaluationsToRead > 0
        ? `Reading evaluation results: ${countText(progress.evaluationsRead)} of ${callsText(progress.evaluationsToRead)}…`
        : `Reading your calls: ${countText(progress.listed)} so far…`
  const share =
    progress !== null && progress.evaluationsToRead > 0
      ? progress.evaluationsRead / progress.evaluationsToRead
      : null
  return (
    <div className="box overview-progress" role="status" data-testid="overview-progress">
      <p>{text}</p>
      {share === null ? (
        <progress aria-label="Reading calls" />
      ) : (
        <progress aria-label="Reading evaluation results" value={share} max={1} />
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
