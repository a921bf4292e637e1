import { Rows3 } from 'lucide-react'
import { memo, useState } from 'react'
import type { ReactElement } from 'react'
import type { Agent } from '../../../../../shared/domain/conversation-list'
import { humanizeCode } from '../../../../../shared/domain/conversation-format'
import { LabelledSelect, withAnyOption } from '../../../components/labelled-select'
import type { SelectOption } from '../../../components/labelled-select'
import type { InboxFilters, OutcomeFilter } from '../hooks/inbox-filter'
import { NO_FILTERS } from '../hooks/inbox-filter'
import { useInboxStore } from '../stores/inbox-store'
import { DrillContext } from './drill-context'
import { MenuButton } from '../../../components/ui/menu'
import { SearchInput } from '../../../components/ui/search-input'

const STATUSES = [
  { value: '', label: 'Any status' },
  { value: 'active', label: 'Active' },
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
] as const

const OUTCOMES: readonly { value: OutcomeFilter; label: string }[] = [
  { value: 'any', label: 'Any evaluation' },
  { value: 'passed', label: 'Passed' },
  { value: 'failed', label: 'Failed' },
  { value: 'unevaluated', label: 'Not evaluated' },
]

/** A select of the filter bar: its label is for screen readers, its options say what it is. */
function FilterSelect<V extends string>(props: {
  label: string
  value: V
  options: readonly SelectOption<V>[]
  onChange: (value: V) => void
}): ReactElement {
  return (
    <LabelledSelect className="meta-line inbox-filter inbox-filter--select" hideLabel {...props} />
  )
}

/** One end of the date range: a day, kept on its side of the other end. */
function DateFilter(props: {
  label: string
  value: string
  min?: string
  max?: string
  onChange: (value: string) => void
}): ReactElement {
  return (
    <label className="meta-line inbox-filter inbox-filter--date">
      <span>{props.label}</span>
      <input
        className="input"
        type="date"
        value={props.value}
        min={props.min === '' ? undefined : props.min}
        max={props.max === '' ? undefined : props.max}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  )
}

/** The filters that fold away where the pane is narrow: agent, status, dates, evaluation, criterion. */
function InboxFilterFields(props: {
  agents: Agent[]
  criteria: { id: string; name: string }[]
}): ReactElement {
  const filters = useInboxStore((s) => s.filters)
  const setFilter = useInboxStore((s) => s.setFilter)
  const criterionName = props.criteria.find((c) => c.id === filters.criterion)?.name
  return (
    <div className="inbox-filters__more" id="inbox-filters-more">
      <FilterSelect
        label="Agent"
        value={filters.agentId}
        options={withAnyOption('All agents', props.agents, (agent) => ({
          value: agent.id,
          label: agent.name,
        }))}
        onChange={(value) => setFilter('agentId', value)}
      />
      <FilterSelect
        label="Status"
        value={filters.status}
        options={STATUSES}
        onChange={(value) => setFilter('status', value)}
      />
      <DateFilter
        label="From"
        value={filters.from}
        max={filters.to}
        onChange={(value) => setFilter('from', value)}
      />
      <DateFilter
        label="To"
        value={filters.to}
        min={filters.from}
        onChange={(value) => setFilter('to', value)}
      />
      <FilterSelect
        label="Evaluation"
        value={filters.outcome}
        options={OUTCOMES}
        onChange={(value) => setFilter('outcome', value)}
      />
      <FilterSelect
        label="Criterion"
        value={filters.criterion}
        options={[
          ...withAnyOption('All criteria', props.criteria, (c) => ({ value: c.id, label: c.name })),
          // A chosen criterion stays listed even before any loaded row has it.
          ...(filters.criterion !== '' && criterionName === undefined
            ? [{ value: filters.criterion, label: humanizeCode(filters.criterion) }]
            : []),
        ]}
        onChange={(value) => setFilter('criterion', value)}
      />
    </div>
  )
}

/** How many filters differ from their default. */
function activeCount(filters: InboxFilters): number {
  return (Object.keys(NO_FILTERS) as (keyof InboxFilters)[]).filter(
    (key) => filters[key] !== NO_FILTERS[key],
  ).length
}

/**
 * The search box alone: the one part of the bar a keystroke changes. Why apart: the bar around it
 * (the filter fields, their options) is then not drawn again at every key.
 */
function InboxSearchBox(): ReactElement {
  const search = useInboxStore((s) => s.search)
  const setSearch = useInboxStore((s) => s.setSearch)
  return (
    <SearchInput
      className="inbox-filters__search"
      label="Search loaded conversations"
      placeholder="Search agent or summary"
      value={search}
      onChange={setSearch}
    />
  )
}

/** How the list is shown: for now its row density ("Compact rows", remembered between starts). */
function InboxViewMenu(): ReactElement {
  const compact = useInboxStore((s) => s.compact)
  const setCompact = useInboxStore((s) => s.setCompact)
  return (
    <MenuButton
      label="View"
      hint="How the list is shown"
      icon={Rows3}
      showLabel
      className="inbox-filters__view"
      items={[
        {
          id: 'compact',
          label: 'Compact rows',
          checked: compact,
          onSelect: () => setCompact(!compact),
        },
      ]}
    />
  )
}

/** Search over the loaded rows, and the filters: agent, status, dates, evaluation, criterion. */
export const InboxFilterBar = memo(function InboxFilterBar(props: {
  agents: Agent[]
  criteria: { id: string; name: string }[]
}): ReactElement {
  const filters = useInboxStore((s) => s.filters)
  const searching = useInboxStore((s) => s.search !== '')
  const clear = useInboxStore((s) => s.clearFilters)
  const [open, setOpen] = useState(false)
  const active = activeCount(filters)
  return (
    <div
      className={`inbox-filters${open ? ' inbox-filters--open' : ''}`}
      role="search"
      aria-label="Filter conversations"
    >
      <div className="inbox-filters__main">
        <InboxSearchBox />
        {/* Shown only where the pane is narrow: the filters fold away behind it. */}
        <button
          type="button"
          className="button button--small inbox-filters__toggle"
          aria-expanded={open}
          aria-controls="inbox-filters-more"
          onClick={() => setOpen((value) => !value)}
        >
          Filters{active > 0 ? ` (${active})` : ''}
        </button>
        <button
          type="button"
          className="button button--small"
          onClick={clear}
          disabled={active === 0 && !searching}
        >
          Clear filters
        </button>
        <InboxViewMenu />
      </div>
      <InboxFilterFields agents={props.agents} criteria={props.criteria} />
      {/* Under the filters a chart set: where they came from, and the way back. */}
      <DrillContext />
    </div>
  )
})
