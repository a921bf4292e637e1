import { scaleBand, scaleLinear } from 'd3-scale'
import type { ScaleBand, ScaleLinear } from 'd3-scale'
import { memo, useRef, useState } from 'react'
import type { KeyboardEvent, ReactElement } from 'react'
import type {
  OverviewDay,
  OverviewOutcome,
} from '../../../../../shared/domain/conversation-overview'
import { OVERVIEW_OUTCOMES } from '../../../../../shared/domain/conversation-overview'
import { useElementWidth } from '../hooks/use-element-width'
import { callsText, countText, dayText, dayTick, OUTCOME_WORDS } from './overview-words'

const HEIGHT = 170
const MARGIN = { top: 8, right: 8, bottom: 24, left: 40 }

/** "38 calls: 33 completed, 5 failed" for one day. */
export function dayReading(day: OverviewDay): string {
  const parts = OVERVIEW_OUTCOMES.filter((o) => day.byOutcome[o] > 0).map(
    (o) => `${countText(day.byOutcome[o])} ${OUTCOME_WORDS[o].toLowerCase()}`,
  )
  return `${dayText(day.date)}: ${callsText(day.calls)}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`
}

type OpenCalls = (day: string, outcome: OverviewOutcome | null) => void

/** Where the keyboard goes from a day: arrows, Home and End; null for other keys. */
function nextDay(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return Math.min(count - 1, index + 1)
  if (key === 'ArrowLeft') return Math.max(0, index - 1)
  if (key === 'Home') return 0
  if (key === 'End') return count - 1
  return null
}

/** The horizontal grid and its counts. */
function CountGrid(props: { y: ScaleLinear<number, number>; width: number }): ReactElement {
  const ticks = props.y.ticks(4).filter((t) => Number.isInteger(t))
  return (
    <>
      {ticks.map((tick) => (
        <g key={tick} className="overview-chart__grid" transform={`translate(0,${props.y(tick)})`}>
          <line x1={MARGIN.left} x2={props.width - MARGIN.right} />
          <text x={MARGIN.left - 6} dy="0.32em" textAnchor="end">
            {countText(tick)}
          </text>
        </g>
      ))}
    </>
  )
}

/** One day's stacked parts; a part opens that day's calls of that outcome. */
function DayParts(props: {
  day: OverviewDay
  left: number
  band: number
  y: ScaleLinear<number, number>
  onOpen: OpenCalls
}): ReactElement {
  const { day, y } = props
  // Each part sits on the ones below it: tops computed once, bottom (completed) first.
  const parts: { outcome: OverviewOutcome; top: number; height: number }[] = []
  let base = HEIGHT - MARGIN.bottom
  for (const outcome of OVERVIEW_OUTCOMES) {
    const n = day.byOutcome[outcome]
    if (n === 0) continue
    const height = y(0) - y(n)
    base -= height
    parts.push({ outcome, top: base, height })
  }
  return (
    <>
      {parts.map(({ outcome, top, height }) => (
        <rect
          key={outcome}
          className={`overview-bar overview-bar--${outcome}`}
          x={props.left}
          y={top}
          width={props.band}
          height={Math.max(1, height)}
          data-testid="overview-day-part"
          data-outcome={outcome}
          onClick={(event) => {
            event.stopPropagation()
            props.onOpen(day.date, outcome)
          }}
        />
      ))}
    </>
  )
}

/** One day: its hit area, its parts and its label; focusable as one button. */
function DayColumn(props: {
  day: OverviewDay
  x: ScaleBand<string>
  band: number
  y: ScaleLinear<number, number>
  label: string | null
  active: boolean
  focusable: boolean
  onElement: (el: SVGGElement | null) => void
  onActive: () => void
  onLeave: () => void
  onKeyDown: (event: KeyboardEvent) => void
  onOpen: OpenCalls
}): ReactElement {
  const { day, x, band } = props
  const start = x(day.date) ?? 0
  const left = start + (x.bandwidth() - band) / 2
  return (
    <g
      ref={(el) => props.onElement(el)}
      className={`overview-chart__column${props.active ? ' overview-chart__column--active' : ''}`}
      role="button"
      tabIndex={props.focusable ? 0 : -1}
      aria-label={`${dayReading(day)}. Open these calls.`}
      data-testid="overview-day"
      data-day={day.date}
      onMouseEnter={props.onActive}
      onFocus={props.onActive}
      onBlur={props.onLeave}
      onKeyDown={props.onKeyDown}
    >
      <rect
        className="overview-chart__hit"
        x={start - (x.step() - x.bandwidth()) / 2}
        y={MARGIN.top}
        width={x.step()}
        height={HEIGHT - MARGIN.top - MARGIN.bottom}
        onClick={() => props.onOpen(day.date, null)}
      />
      <DayParts day={day} left={left} band={band} y={props.y} onOpen={props.onOpen} />
      {props.label === null ? null : (
        <text
          className="overview-chart__tick"
          x={left + band / 2}
          y={HEIGHT - 6}
          textAnchor="middle"
        >
          {props.label}
        </text>
      )}
    </g>
  )
}

/**
 * Calls per day, stacked by outcome: hover or arrow keys read a day out; a click on a part (or
 * Enter on a day) opens the inbox with exactly those calls.
 */
export const OverviewDayChart = memo(function OverviewDayChart(props: {
  days: OverviewDay[]
  period: number
  onOpen: OpenCalls
}): ReactElement {
  const { days } = props
  const [boxRef, width] = useElementWidth<HTMLDivElement>('days', 600)
  const [active, setActive] = useState<number | null>(null)
  const [focusIndex, setFocusIndex] = useState(days.length - 1)
  const columns = useRef<(SVGGElement | null)[]>([])

  const x = scaleBand<string>()
    .domain(days.map((d) => d.date))
    .range([MARGIN.left, width - MARGIN.right])
    .paddingInner(days.length > 10 ? 0.25 : 0.4)
    .paddingOuter(0.1)
  // A week's bars in a wide window would be slabs: at most 64 px wide, centred in their day.
  const band = Math.min(64, x.bandwidth())
  const y = scaleLinear()
    .domain([0, Math.max(1, ...days.map((d) => d.calls))])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top])
  // A month's labels would overlap: every few days, the last day always named.
  const labelEvery =
    days.length > 10 ? Math.ceil(days.length / Math.max(2, Math.floor(width / 70))) : 1

  const onKey = (event: KeyboardEvent, index: number): void => {
    const next = nextDay(event.key, index, days.length)
    if (next !== null) {
      event.preventDefault()
      setFocusIndex(next)
      setActive(next)
      columns.current[next]?.focus()
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      props.onOpen(days[index]!.date, null)
    }
  }
  const shown = active === null ? undefined : days[active]
  return (
    <div className="overview-chart" ref={boxRef}>
      <svg
        width={width}
        height={HEIGHT}
        role="group"
        aria-label="Calls per day by outcome. Arrow keys move between days; Enter opens a day's calls."
        onMouseLeave={() => setActive(null)}
      >
        <CountGrid y={y} width={width} />
        {days.map((day, index) => (
          <DayColumn
            key={day.date}
            day={day}
            x={x}
            band={band}
            y={y}
            label={
              index === days.length - 1 || (days.length - 1 - index) % labelEvery === 0
                ? dayTick(day.date, props.period)
                : null
            }
            active={active === index}
            focusable={index === focusIndex}
            onElement={(el) => void (columns.current[index] = el)}
            onActive={() => {
              setActive(index)
              setFocusIndex(index)
            }}
            onLeave={() => setActive(null)}
            onKeyDown={(event) => onKey(event, index)}
            onOpen={props.onOpen}
          />
        ))}
      </svg>
      <p className="overview-chart__readout" aria-hidden="true" data-testid="overview-day-readout">
        {shown === undefined
          ? 'Point at a day, or focus the chart and use the arrow keys, to read it. Click a bar to open those calls.'
          : dayReading(shown)}
      </p>
      <DayLegend days={days} />
    </div>
  )
})

function DayLegend(props: { days: OverviewDay[] }): ReactElement {
  return (
    <ul className="overview-legend" aria-hidden="true">
      {OVERVIEW_OUTCOMES.filter((o) => props.days.some((d) => d.byOutcome[o] > 0)).map(
        (outcome) => (
          <li key={outcome}>
            <span className={`overview-legend__swatch overview-bar--${outcome}`} />
            {OUTCOME_WORDS[outcome]}
          </li>
        ),
      )}
    </ul>
  )
}

/** The same figures as a table: one row per day. */
export function OverviewDayTable(props: {
  days: OverviewDay[]
  onOpen: (day: string, outcome: OverviewOutcome | null) => void
}): ReactElement {
  const outcomes = OVERVIEW_OUTCOMES.filter((o) => props.days.some((d) => d.byOutcome[o] > 0))
  return (
    <table className="overview-table">
      <caption className="visually-hidden">Calls per day by outcome</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Calls</th>
          {outcomes.map((o) => (
            <th scope="col" key={o}>
              {OUTCOME_WORDS[o]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.days.map((day) => (
          <tr key={day.date}>
            <th scope="row">
              <button
                type="button"
                className="overview-table__link"
                onClick={() => props.onOpen(day.date, null)}
              >
                {dayText(day.date)}
              </button>
            </th>
            <td>{countText(day.calls)}</td>
            {outcomes.map((o) => (
              <td key={o}>{countText(day.byOutcome[o])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
