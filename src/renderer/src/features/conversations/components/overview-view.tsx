import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import type { ReactElement, ReactNode } from 'react'
import type {
  ConversationOverview,
  OverviewCriterion,
  OverviewOutcome,
  OverviewPeriod,
} from '../../../../../shared/domain/conversation-overview'
import { AppError } from '../../../../../shared/errors'
import { ErrorNotice } from '../../../components/error-notice'
import { LabelledSelect, withAnyOption } from '../../../components/labelled-select'
import { SegmentedChoice } from '../../../components/segmented-choice'
import { agentLabel, useAgents } from '../api/inbox-queries'
import {
  cancelOverviewRead,
  overviewKey,
  refreshNextOverview,
  useOverview,
} from '../api/overview-queries'
import type { InboxFilters } from '../hooks/inbox-filter'
import { OverviewCard } from './overview-card'
import { OverviewComparison } from './overview-comparison'
import { OverviewCriteria, OverviewCriteriaTable } from './overview-criteria'
import { OverviewDayChart, OverviewDayTable } from './overview-day-chart'
import { OverviewDurationChart, OverviewDurationTable } from './overview-duration-chart'
import { OverviewEndReasons, OverviewEndReasonsTable } from './overview-end-reasons'
import {
  CancelledOverview,
  EmptyOverview,
  NoKeyOverview,
  OverviewProgressLine,
  OverviewSkeleton,
} from './overview-states'
import { OverviewTiles } from './overview-tiles'
import {
  callsText,
  countText,
  lengthText,
  OUTCOME_STATUS,
  periodText,
  savedText,
} from './overview-words'

const PERIODS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
] as const

/** A way into the inbox: the filters that select exactly the calls a chart part stands for. */
export type OverviewDrill = (filters: Partial<InboxFilters>) => void

function coverage(o: ConversationOverview, readingResults: boolean): string {
  const period = periodText(o.firstDay, o.lastDay)
  const calls = o.calls === 1 ? 'the 1 call' : `all ${callsText(o.calls)}`
  // Why: while the results are read the count of those read is not a coverage yet ("the latest
  // 0 of 443" read as a figure); it is said once they are in.
  const evaluated =
    o.finished === 0
      ? ''
      : readingResults
        ? ' Pass rates follow once the evaluation results are read.'
        : o.evaluated >= o.finished
          ? ' Pass rates from every finished call.'
          : ` Pass rates from the latest ${countText(o.evaluated)} of ${callsText(o.finished)} that finished.`
  const figures = `${period}: ${calls} that started in these days, by your local time.`
  // Figures counted from the calls saved at an earlier start say so, and how far back they reach.
  if (o.saved !== undefined) return `${savedText(o.saved)} ${figures}`
  return `${figures}${evaluated}`
}

function criteriaReading(o: ConversationOverview, readingResults: boolean): string {
  if (readingResults) return 'Reading the evaluation results…'
  return o.criteria.length === 0
    ? 'No evaluation results yet for these calls.'
    : 'Weakest first. Choose one to see the calls that failed it.'
}

/**
 * The charts' ways into the inbox, stable while the period is: the memoised charts are drawn
 * again only when their figures change (a progress event or the pass rates arriving leave the
 * day chart as it is).
 */
function useChartDrills(o: ConversationOverview, onDrill: OverviewDrill) {
  const { firstDay, lastDay } = o
  const agentId = o.agentId ?? ''
  const openDay = useCallback(
    (day: string, outcome: OverviewOutcome | null): void =>
      onDrill({
        from: day,
        to: day,
        agentId,
        status: outcome === null ? '' : OUTCOME_STATUS[outcome],
      }),
    [onDrill, agentId],
  )
  const openCriterion = useCallback(
    (c: OverviewCriterion): void =>
      onDrill({
        from: firstDay,
        to: lastDay,
        agentId: c.agentId ?? '',
        criterion: c.id,
        outcome: 'failed',
      }),
    [onDrill, firstDay, lastDay],
  )
  return { openDay, openCriterion }
}

function Figures(props: {
  overview: ConversationOverview
  /** The figures are the period shown before, until the chosen one's first answer. */
  switching: boolean
  /** The counts are in and the evaluation results are still read. */
  readingResults: boolean
  agentName: (id: string | null) => string
  onDrill: OverviewDrill
}): ReactElement {
  const { overview: o, onDrill, readingResults } = props
  const period = { from: o.firstDay, to: o.lastDay, agentId: o.agentId ?? '' }
  const { openDay, openCriterion } = useChartDrills(o, onDrill)
  return (
    <div
      className={`overview__figures${props.switching ? ' overview__figures--switching' : ''}`}
      aria-busy={props.switching}
    >
      <p className="overview__coverage" data-testid="overview-coverage">
        {coverage(o, readingResults)}
      </p>
      <OverviewTiles
        overview={o}
        readingResults={readingResults}
        onDrill={(status) => onDrill({ ...period, status })}
      />
      <OverviewComparison overview={o} readingResults={readingResults} />
      <div className="overview__grid">
        <OverviewCard
          title="Calls per day"
          testId="overview-calls"
          className="overview-card--wide"
          reading={`${callsText(o.calls)}, busiest ${busiest(o)}.`}
          chart={<OverviewDayChart days={o.perDay} period={o.days} onOpen={openDay} />}
          table={<OverviewDayTable days={o.perDay} onOpen={openDay} />}
        />
        <OverviewCard
          title="Pass rate per criterion"
          testId="overview-criteria"
          reading={criteriaReading(o, readingResults)}
          chart={
            <OverviewCriteria
              criteria={o.criteria}
              everyAgent={o.agentId === null}
              agentName={props.agentName}
              onOpen={openCriterion}
            />
          }
          table={
            <OverviewCriteriaTable
              criteria={o.criteria}
              everyAgent={o.agentId === null}
              agentName={props.agentName}
            />
          }
        />
        <OverviewCard
          title="Why calls ended"
          testId="overview-reasons"
          reading={`${callsText(o.finished)} finished.`}
          chart={<OverviewEndReasons reasons={o.endReasons} />}
          table={<OverviewEndReasonsTable reasons={o.endReasons} />}
        />
        {o.durations === null ? null : (
          <OverviewCard
            title="How long calls last"
            testId="overview-durations"
            className="overview-card--wide"
            reading={`Median ${lengthText(o.durations.medianMs)}; 1 call in 10 lasts ${lengthText(o.durations.p90Ms)} or more.`}
            chart={
              <OverviewDurationChart durations={o.durations} days={o.perDay} period={o.days} />
            }
            table={<OverviewDurationTable durations={o.durations} days={o.perDay} />}
          />
        )}
      </div>
    </div>
  )
}

function busiest(o: ConversationOverview): string {
  const top = o.perDay.reduce((best, d) => (d.calls > best.calls ? d : best), o.perDay[0]!)
  const day = new Date(`${top.date}T12:00:00`)
  return `${new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'short' }).format(day)} with ${countText(top.calls)}`
}

/** Period, agent and Refresh, after the workspace's view switch. */
function OverviewControls(props: {
  tabs: ReactNode
  days: OverviewPeriod
  onDays: (days: OverviewPeriod) => void
  agentId: string
  onAgent: (agentId: string) => void
  agents: { id: string; name: string }[]
  reading: boolean
  onRefresh: () => void
}): ReactElement {
  return (
    <div className="overview__controls">
      {props.tabs}
      <SegmentedChoice
        name="overview-period"
        legend="Period"
        options={PERIODS}
        value={String(props.days) as '7' | '30'}
        onChange={(value) => props.onDays(Number(value) as OverviewPeriod)}
      />
      <LabelledSelect
        label="Agent"
        hideLabel
        className="overview__agent"
        value={props.agentId}
        options={withAnyOption('All agents', props.agents, (a) => ({ value: a.id, label: a.name }))}
        onChange={props.onAgent}
      />
      <button
        type="button"
        className="button button--small"
        onClick={props.onRefresh}
        disabled={props.reading}
      >
        Refresh
      </button>
    </div>
  )
}

/**
 * The overview a support lead opens first: a period's calls at a glance, one agent or all. Every
 * chart has a table view, and its parts open the inbox with exactly those calls.
 */
export function OverviewView(props: {
  /** The workspace's view switch, drawn at the start of the overview's own controls. */
  tabs: ReactNode
  hasKey: boolean
  onOpenAccount: () => void
  onDrill: OverviewDrill
}): ReactElement {
  const [days, setDays] = useState<OverviewPeriod>(7)
  const [agentId, setAgentId] = useState('')
  const choice = { days, agentId: agentId === '' ? null : agentId }
  const agents = useAgents()
  const overview = useOverview(choice)
  const queryClient = useQueryClient()
  const { names, isPending } = agents
  const agentName = useCallback(
    (id: string | null) => agentLabel({ names, isPending }, id),
    [names, isPending],
  )
  const readAgain = (): void => {
    refreshNextOverview()
    void queryClient.resetQueries({ queryKey: overviewKey(choice) })
  }
  if (!props.hasKey) return <NoKeyOverview tabs={props.tabs} onOpenAccount={props.onOpenAccount} />

  const { error, data } = overview
  return (
    <div className="overview" data-testid="overview">
      <OverviewControls
        tabs={props.tabs}
        days={days}
        onDays={setDays}
        agentId={agentId}
        onAgent={setAgentId}
        agents={agents.data ?? []}
        reading={overview.isFetching}
        onRefresh={readAgain}
      />
      {overview.isFetching ? (
        <OverviewProgressLine onCancel={(id) => void cancelOverviewRead(id)} />
      ) : null}
      {error instanceof AppError && error.code === 'CANCELLED' ? (
        <CancelledOverview onReadAgain={readAgain} />
      ) : error !== null ? (
        <ErrorNotice
          error={error}
          testId="overview-error"
          action={{ label: 'Try again', onClick: readAgain }}
        />
      ) : data === undefined || data === null ? (
        overview.isFetching ? (
          <OverviewSkeleton />
        ) : null
      ) : data.calls === 0 ? (
        <EmptyOverview
          days={days}
          agentName={agentId === '' ? null : agentName(agentId)}
          onMonth={() => setDays(30)}
        />
      ) : (
        <Figures
          overview={data}
          switching={overview.isPlaceholderData}
          readingResults={overview.isFetching}
          agentName={agentName}
          onDrill={props.onDrill}
        />
      )}
    </div>
  )
}
