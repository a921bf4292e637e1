import { scaleBand, scaleLinear, scalePoint } from 'd3-scale'
import { line } from 'd3-shape'
import { memo, useState } from 'react'
import type { ReactElement } from 'react'
import type {
  OverviewDay,
  OverviewDurations,
} from '../../../../../shared/domain/conversation-overview'
import { useElementWidth } from '../hooks/use-element-width'
import { boundText, callsText, countText, dayText, dayTick, lengthText } from './overview-words'

const HEIGHT = 150
const MARGIN = { top: 8, right: 8, bottom: 22, left: 40 }

function bucketText(fromMs: number, toMs: number | null): string {
  return toMs === null
    ? `${boundText(fromMs)} or more`
    : `${boundText(fromMs)} – ${boundText(toMs)}`
}

/** How many calls fell in each length bucket; hover reads a bucket out. */
function LengthHistogram(props: { durations: OverviewDurations; width: number }): ReactElement {
  const { durations, width } = props
  const [active, setActive] = useState<number | null>(null)
  const x = scaleBand<number>()
    .domain(durations.buckets.map((_, i) => i))
    .range([MARGIN.left, width - MARGIN.right])
    .padding(0.2)
  const y = scaleLinear()
    .domain([0, Math.max(1, ...durations.buckets.map((b) => b.calls))])
    .nice(3)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top])
  const shown = active === null ? undefined : durations.buckets[active]
  return (
    <figure className="overview-figure">
      <figcaption className="overview-figure__caption">Calls by length</figcaption>
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-label="Calls by length (the table view lists them)"
        onMouseLeave={() => setActive(null)}
      >
        {y
          .ticks(3)
          .filter(Number.isInteger)
          .map((tick) => (
            <g key={tick} className="overview-chart__grid" transform={`translate(0,${y(tick)})`}>
              <line x1={MARGIN.left} x2={width - MARGIN.right} />
              <text x={MARGIN.left - 6} dy="0.32em" textAnchor="end">
                {countText(tick)}
              </text>
            </g>
          ))}
        {durations.buckets.map((bucket, i) => (
          <g key={bucket.fromMs} onMouseEnter={() => setActive(i)}>
            <rect
              className={`overview-bar overview-bar--length${active === i ? ' overview-bar--active' : ''}`}
              x={x(i)}
              y={y(bucket.calls)}
              width={x.bandwidth()}
              height={Math.max(bucket.calls > 0 ? 1 : 0, y(0) - y(bucket.calls))}
            />
            <text
              className="overview-chart__tick"
              x={(x(i) ?? 0) + x.bandwidth() / 2}
              y={HEIGHT - 6}
              textAnchor="middle"
            >
              {bucket.toMs === null ? `${boundText(bucket.fromMs)}+` : `<${boundText(bucket.toMs)}`}
            </text>
          </g>
        ))}
      </svg>
      <p className="overview-chart__readout" aria-hidden="true">
        {shown === undefined
          ? `${callsText(durations.longCalls)} of 5 minutes or more`
          : `${bucketText(shown.fromMs, shown.toMs)}: ${callsText(shown.calls)}`}
      </p>
    </figure>
  )
}

/** Each day's median length as a line (days without finished calls leave a gap). */
function MedianTrend(props: { days: OverviewDay[]; period: number; width: number }): ReactElement {
  const { days, width } = props
  const withMedian = days.filter((d) => d.medianMs !== null)
  const x = scalePoint<string>()
    .domain(days.map((d) => d.date))
    .range([MARGIN.left, width - MARGIN.right])
    .padding(0.5)
  const y = scaleLinear()
    .domain([0, Math.max(60_000, ...withMedian.map((d) => d.medianMs ?? 0))])
    .nice(3)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top])
  const path = line<OverviewDay>()
    .defined((d) => d.medianMs !== null)
    .x((d) => x(d.date) ?? 0)
    .y((d) => y(d.medianMs ?? 0))(days)
  const every = Math.ceil(days.length / 7)
  return (
    <figure className="overview-figure">
      <figcaption className="overview-figure__caption">Median length per day</figcaption>
      <svg
        width={width}
        height={HEIGHT}
        role="img"
        aria-label="Median call length per day (the table view lists it)"
      >
        {y.ticks(3).map((tick) => (
          <g key={tick} className="overview-chart__grid" transform={`translate(0,${y(tick)})`}>
            <line x1={MARGIN.left} x2={width - MARGIN.right} />
            <text x={MARGIN.left - 6} dy="0.32em" textAnchor="end">
              {lengthText(tick)}
            </text>
          </g>
        ))}
        {path === null ? null : <path className="overview-line" d={path} />}
        {withMedian.map((d) => (
          <circle
            key={d.date}
            className="overview-dot"
            cx={x(d.date)}
            cy={y(d.medianMs ?? 0)}
            r={3}
          >
            <title>{`${dayText(d.date)}: median ${lengthText(d.medianMs ?? 0)}`}</title>
          </circle>
        ))}
        {days.map((d, i) =>
          i === days.length - 1 || (days.length - 1 - i) % every === 0 ? (
            <text
              key={d.date}
              className="overview-chart__tick"
              x={x(d.date)}
              y={HEIGHT - 6}
              textAnchor="middle"
            >
              {dayTick(d.date, props.period)}
            </text>
          ) : null,
        )}
      </svg>
    </figure>
  )
}

/** How long calls last: a histogram of lengths and the median of each day as a line. */
export const OverviewDurationChart = memo(function OverviewDurationChart(props: {
  durations: OverviewDurations
  days: OverviewDay[]
  period: number
}): ReactElement {
  const [boxRef, width] = useElementWidth<HTMLDivElement>('durations', 400)
  // Side by side when there is room, else one above the other.
  const each = width >= 640 ? Math.floor((width - 24) / 2) : width
  return (
    <div className="overview-chart overview-chart--pair" ref={boxRef}>
      <LengthHistogram durations={props.durations} width={each} />
      <MedianTrend days={props.days} period={props.period} width={each} />
    </div>
  )
})

/** Lengths as a table: the buckets, then each day's median. */
export function OverviewDurationTable(props: {
  durations: OverviewDurations
  days: OverviewDay[]
}): ReactElement {
  return (
    <div className="overview-chart--pair">
      <table className="overview-table">
        <caption>Calls by length</caption>
        <thead>
          <tr>
            <th scope="col">Length</th>
            <th scope="col">Calls</th>
          </tr>
        </thead>
        <tbody>
          {props.durations.buckets.map((b) => (
            <tr key={b.fromMs}>
              <th scope="row">{bucketText(b.fromMs, b.toMs)}</th>
              <td>{countText(b.calls)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="overview-table">
        <caption>Median length per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Median</th>
          </tr>
        </thead>
        <tbody>
          {props.days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{dayText(d.date)}</th>
              <td>{d.medianMs === null ? 'No finished calls' : lengthText(d.medianMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
