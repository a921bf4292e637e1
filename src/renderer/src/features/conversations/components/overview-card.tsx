import { useId, useState } from 'react'
import type { ReactElement, ReactNode } from 'react'

/**
 * One chart of the overview with its title, a one-line reading, and a switch to the same figures
 * as a table (for keyboard and screen-reader users, or to read exact values).
 */
export function OverviewCard(props: {
  title: string
  /** The chart's main figure in a sentence ("Median 2:41, 1 in 10 calls over 6:05"). */
  reading: ReactNode
  chart: ReactNode
  table: ReactNode
  testId: string
  className?: string
}): ReactElement {
  const [asTable, setAsTable] = useState(false)
  const titleId = useId()
  return (
    <section
      className={`box overview-card${props.className === undefined ? '' : ` ${props.className}`}`}
      aria-labelledby={titleId}
      data-testid={props.testId}
    >
      <header className="overview-card__head">
        <h3 id={titleId} className="overview-card__title">
          {props.title}
        </h3>
        <button
          type="button"
          className="button button--small"
          aria-pressed={asTable}
          onClick={() => setAsTable((value) => !value)}
        >
          {asTable ? 'Show chart' : 'Show table'}
        </button>
      </header>
      <p className="overview-card__reading">{props.reading}</p>
      {asTable ? <div className="overview-card__table">{props.table}</div> : props.chart}
    </section>
  )
}
