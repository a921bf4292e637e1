import { memo } from 'react'
import { scaleLinear } from 'd3-scale'
import type { ReactElement } from 'react'
import { endReasonLabel } from '../../../../../shared/domain/conversation-format'
import type { OverviewEndReason } from '../../../../../shared/domain/conversation-overview'
import { useElementWidth } from '../hooks/use-element-width'
import { countText, percentText } from './overview-words'

function reasonText(reason: string | null): string {
  return reason === null ? 'Not given by the service' : endReasonLabel(reason)
}

/** Why finished calls ended, in words, longest bar first. */
export const OverviewEndReasons = memo(function OverviewEndReasons(props: {
  reasons: OverviewEndReason[]
}): ReactElement {
  const [boxRef, width] = useElementWidth<HTMLDivElement>('end-reasons', 300)
  const total = props.reasons.reduce((sum, r) => sum + r.calls, 0)
  const barWidth = Math.max(60, Math.min(200, Math.floor(width * 0.28)))
  const x = scaleLinear()
    .domain([0, Math.max(1, ...props.reasons.map((r) => r.calls))])
    .range([0, barWidth])
  return (
    <div ref={boxRef}>
      <ul className="overview-criteria__list" aria-label="Why calls ended">
        {props.reasons.map((r) => (
          <li
            key={r.reason ?? ''}
            className="overview-criteria__row overview-criteria__row--static"
          >
            <span className="overview-criteria__name">{reasonText(r.reason)}</span>
            <svg width={barWidth} height={10} aria-hidden="true" className="overview-criteria__bar">
              <rect
                className="overview-bar overview-bar--reason"
                width={Math.max(1, x(r.calls))}
                height={10}
                rx={2}
              />
            </svg>
            <span className="overview-criteria__figure">
              {countText(r.calls)}
              <span className="overview-criteria__of"> · {percentText(r.calls, total)}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
})

/** End reasons as a table. */
export function OverviewEndReasonsTable(props: { reasons: OverviewEndReason[] }): ReactElement {
  const total = props.reasons.reduce((sum, r) => sum + r.calls, 0)
  return (
    <table className="overview-table">
      <caption className="visually-hidden">Why calls ended</caption>
      <thead>
        <tr>
          <th scope="col">Why the call ended</th>
          <th scope="col">Calls</th>
          <th scope="col">Share</th>
        </tr>
      </thead>
      <tbody>
        {props.reasons.map((r) => (
          <tr key={r.reason ?? ''}>
            <th scope="row">{reasonText(r.reason)}</th>
            <td>{countText(r.calls)}</td>
            <td>{percentText(r.calls, total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
