import type { ReactElement } from 'react'
import type {
  ConversationOverview,
  OverviewPrevious,
} from '../../../../../shared/domain/conversation-overview'
import { countText, lengthText, percentText, periodText } from './overview-words'

type Direction = 'up' | 'down' | 'same'

/** One figure against the period before: the direction (arrow and words) and both values. */
export interface Change {
  name: string
  direction: Direction
  /** The change in words, direction included ("up 14%", "0:12 shorter", "the same"). */
  words: string
  /** Both values: "48, from 42". */
  values: string
  /** Whether up is good news (pass rate), bad news, or neither (calls, length). */
  upIs: 'good' | 'neutral'
}

const ARROWS: Record<Direction, string> = { up: '▲', down: '▼', same: '=' }

function directionOf(now: number, then: number, tolerance = 0): Direction {
  if (Math.abs(now - then) <= tolerance) return 'same'
  return now > then ? 'up' : 'down'
}

/** Calls, median length and criteria passed, each against the period before. */
export function changes(o: ConversationOverview, p: OverviewPrevious): Change[] {
  const out: Change[] = []
  const calls = directionOf(o.calls, p.calls)
  out.push({
    name: 'Calls',
    direction: calls,
    words:
      calls === 'same'
        ? 'the same'
        : p.calls === 0
          ? 'up from none'
          : `${calls} ${percentText(Math.abs(o.calls - p.calls), p.calls)}`,
    values: `${countText(o.calls)}, from ${countText(p.calls)}`,
    upIs: 'neutral',
  })
  const now = o.durations?.medianMs ?? null
  if (now !== null && p.medianMs !== null) {
    // Under a second apart reads as the same length: the list gives whole seconds at best.
    const length = directionOf(now, p.medianMs, 999)
    out.push({
      name: 'Median length',
      direction: length,
      words:
        length === 'same'
          ? 'the same'
          : `${lengthText(Math.abs(now - p.medianMs))} ${length === 'up' ? 'longer' : 'shorter'}`,
      values: `${lengthText(now)}, from ${lengthText(p.medianMs)}`,
      upIs: 'neutral',
    })
  }
  let passed = 0
  let judged = 0
  for (const c of o.criteria) {
    passed += c.passed
    judged += c.passed + c.failed + c.unknown
  }
  if (judged > 0 && p.checksJudged > 0) {
    const points =
      Math.round((100 * passed) / judged) - Math.round((100 * p.checksPassed) / p.checksJudged)
    const rate = directionOf(points, 0)
    out.push({
      name: 'Criteria passed',
      direction: rate,
      words:
        rate === 'same'
          ? 'the same'
          : `${rate} ${Math.abs(points)} point${Math.abs(points) === 1 ? '' : 's'}`,
      values: `${percentText(passed, judged)}, from ${percentText(p.checksPassed, p.checksJudged)}`,
      upIs: 'good',
    })
  }
  return out
}

/** "the week before", "the 30 days before": the period the overview is compared with. */
function periodBefore(o: ConversationOverview): string {
  return o.days === 7 ? 'the week before' : `the ${o.days} days before`
}

/**
 * "No calls in the 30 days before.", when the period before had none: then there is nothing to
 * compare, and an arrow "up from none" would read as growth. Null when there is.
 */
export function noCallsBefore(o: ConversationOverview, p: OverviewPrevious): string | null {
  return p.calls === 0 ? `No calls in ${periodBefore(o)}.` : null
}

function toneOf(change: Change): string {
  if (change.upIs === 'neutral' || change.direction === 'same') return ''
  return change.direction === 'up'
    ? ' overview-compare__arrow--good'
    : ' overview-compare__arrow--bad'
}

/**
 * This period against the one before, read at a glance: each figure with an arrow and its change
 * in words (the arrow is never the only sign of the direction), then both values.
 */
export function OverviewComparison(props: {
  overview: ConversationOverview
  /** The evaluation results are still read: the pass rate waits for them. */
  readingResults: boolean
}): ReactElement | null {
  const o = props.overview
  const p = o.previous
  if (p === null) return null
  const before = periodBefore(o)
  const none = noCallsBefore(o, p)
  if (none !== null) {
    return (
      <section
        className="overview-compare"
        aria-label={`Against ${before}`}
        data-testid="overview-compare"
      >
        <p className="overview-compare__title" data-testid="overview-compare-none">
          {none}
        </p>
      </section>
    )
  }
  const shown = changes(o, p).filter((c) => !(props.readingResults && c.name === 'Criteria passed'))
  return (
    <section
      className="overview-compare"
      aria-label={`Against ${before}`}
      data-testid="overview-compare"
    >
      <p className="overview-compare__title">
        Against {before} ({periodText(p.firstDay, p.lastDay)})
      </p>
      <ul className="overview-compare__list">
        {shown.map((c) => (
          <li key={c.name} className="overview-compare__item" data-testid="overview-change">
            <span className="overview-compare__name">{c.name}</span>
            <span className={`overview-compare__arrow${toneOf(c)}`} aria-hidden="true">
              {ARROWS[c.direction]}
            </span>
            <span className="overview-compare__words">{c.words}</span>
            <span className="overview-compare__values">({c.values})</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
