import type { ReactElement } from 'react'
import type { ConversationOverview } from '../../../../../shared/domain/conversation-overview'
import { countText, lengthText, percentText } from './overview-words'

/** The period's headline figures; the outcome ones open the inbox with those calls. */
export function OverviewTiles(props: {
  overview: ConversationOverview
  /** The evaluation results are still read: the pass rate is not a figure yet. */
  readingResults: boolean
  onDrill: (status: string) => void
}): ReactElement {
  const o = props.overview
  const judged = o.criteria.reduce((sum, c) => sum + c.passed + c.failed + c.unknown, 0)
  const passed = o.criteria.reduce((sum, c) => sum + c.passed, 0)
  return (
    <ul className="overview-tiles" data-testid="overview-tiles">
      <li className="overview-tile">
        <span className="overview-tile__label">Calls</span>
        <span className="overview-tile__value">{countText(o.calls)}</span>
        <span className="overview-tile__note">
          {o.byOutcome.live > 0 ? `${countText(o.byOutcome.live)} live now` : 'in these days'}
        </span>
      </li>
      <li className="overview-tile">
        <button
          type="button"
          className="overview-tile__button"
          onClick={() => props.onDrill('completed')}
        >
          <span className="overview-tile__label">Completed</span>
          <span className="overview-tile__value">{countText(o.byOutcome.completed)}</span>
          <span className="overview-tile__note">
            {percentText(o.byOutcome.completed, o.calls)} of calls
          </span>
        </button>
      </li>
      <li className="overview-tile">
        <button
          type="button"
          className="overview-tile__button"
          onClick={() => props.onDrill('failed')}
        >
          <span className="overview-tile__label">Failed</span>
          <span
            className={`overview-tile__value${o.byOutcome.failed > 0 ? ' overview-tile__value--bad' : ''}`}
          >
            {countText(o.byOutcome.failed)}
          </span>
          <span className="overview-tile__note">
            {percentText(o.byOutcome.failed, o.calls)} of calls
          </span>
        </button>
      </li>
      <li className="overview-tile">
        <span className="overview-tile__label">Median length</span>
        <span className="overview-tile__value">
          {o.durations === null ? '—' : lengthText(o.durations.medianMs)}
        </span>
        <span className="overview-tile__note">
          {o.durations === null
            ? 'no finished calls'
            : `${countText(o.durations.longCalls)} over 5 min`}
        </span>
      </li>
      <li className="overview-tile">
        <span className="overview-tile__label">Criteria passed</span>
        {props.readingResults ? (
          <>
            <span className="skeleton overview-skeleton__value" aria-hidden="true" />
            <span className="overview-tile__note">reading results…</span>
          </>
        ) : (
          <>
            <span className="overview-tile__value">{percentText(passed, judged)}</span>
            <span className="overview-tile__note">
              {judged === 0 ? 'no results yet' : `${countText(passed)} of ${countText(judged)}`}
            </span>
          </>
        )}
      </li>
    </ul>
  )
}
