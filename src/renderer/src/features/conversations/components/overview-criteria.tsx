import { memo } from 'react'
import { scaleLinear } from 'd3-scale'
import type { ReactElement } from 'react'
import type { OverviewCriterion } from '../../../../../shared/domain/conversation-overview'
import { useElementWidth } from '../hooks/use-element-width'
import { callsText, countText, percentText } from './overview-words'

const BAR_HEIGHT = 10

function judged(c: OverviewCriterion): number {
  return c.passed + c.failed + c.unknown
}

/** Criteria with the weakest first: what a lead looks at first is what is slipping. */
export function sortedCriteria(criteria: OverviewCriterion[]): OverviewCriterion[] {
  return [...criteria].sort(
    (a, b) => a.passed / Math.max(1, judged(a)) - b.passed / Math.max(1, judged(b)),
  )
}

function criterionLabel(
  c: OverviewCriterion,
  agentName: (id: string | null) => string,
  everyAgent: boolean,
): string {
  return everyAgent ? `${c.name} · ${agentName(c.agentId)}` : c.name
}

/**
 * Pass rate per criterion (and agent, over every agent): passed, failed and undecided as one bar
 * each; a row opens the inbox with the calls that failed that criterion.
 */
export const OverviewCriteria = memo(function OverviewCriteria(props: {
  criteria: OverviewCriterion[]
  everyAgent: boolean
  agentName: (id: string | null) => string
  onOpen: (criterion: OverviewCriterion) => void
}): ReactElement {
  const [boxRef, width] = useElementWidth<HTMLDivElement>('criteria', 300)
  const barWidth = Math.max(80, Math.min(200, Math.floor(width * 0.28)))
  const x = scaleLinear().domain([0, 1]).range([0, barWidth])
  return (
    <div className="overview-criteria" ref={boxRef}>
      <ul className="overview-criteria__list">
        {sortedCriteria(props.criteria).map((c) => {
          const total = judged(c)
          const label = criterionLabel(c, props.agentName, props.everyAgent)
          const passedW = x(c.passed / Math.max(1, total))
          const failedW = x(c.failed / Math.max(1, total))
          return (
            <li key={`${c.agentId ?? ''}|${c.id}`}>
              <button
                type="button"
                className="overview-criteria__row"
                data-testid="overview-criterion"
                aria-label={`${label}: ${percentText(c.passed, total)} passed of ${callsText(total)} (${countText(c.failed)} failed, ${countText(c.unknown)} undecided). Open the calls that failed it.`}
                onClick={() => props.onOpen(c)}
              >
                <span className="overview-criteria__name">{label}</span>
                <svg
                  width={barWidth}
                  height={BAR_HEIGHT}
                  aria-hidden="true"
                  className="overview-criteria__bar"
                >
                  <rect
                    className="overview-bar overview-bar--track"
                    width={barWidth}
                    height={BAR_HEIGHT}
                    rx={2}
                  />
                  <rect
                    className="overview-bar overview-bar--completed"
                    width={passedW}
                    height={BAR_HEIGHT}
                    rx={2}
                  />
                  <rect
                    className="overview-bar overview-bar--failed"
                    x={passedW}
                    width={failedW}
                    height={BAR_HEIGHT}
                  />
                </svg>
                <span className="overview-criteria__figure">
                  {percentText(c.passed, total)}
                  <span className="overview-criteria__of"> of {countText(total)}</span>
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
})

/** Pass rates as a table. */
export function OverviewCriteriaTable(props: {
  criteria: OverviewCriterion[]
  everyAgent: boolean
  agentName: (id: string | null) => string
}): ReactElement {
  return (
    <table className="overview-table">
      <caption className="visually-hidden">Pass rate per criterion</caption>
      <thead>
        <tr>
          <th scope="col">Criterion</th>
          {props.everyAgent ? <th scope="col">Agent</th> : null}
          <th scope="col">Passed</th>
          <th scope="col">Failed</th>
          <th scope="col">Undecided</th>
          <th scope="col">Pass rate</th>
        </tr>
      </thead>
      <tbody>
        {sortedCriteria(props.criteria).map((c) => (
          <tr key={`${c.agentId ?? ''}|${c.id}`}>
            <th scope="row">{c.name}</th>
            {props.everyAgent ? <td>{props.agentName(c.agentId)}</td> : null}
            <td>{countText(c.passed)}</td>
            <td>{countText(c.failed)}</td>
            <td>{countText(c.unknown)}</td>
            <td>{percentText(c.passed, judged(c))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
