import { useState } from 'react'
import type { ReactElement } from 'react'
import type { Agent } from '../../../../../shared/domain/conversation-list'
import { humanizeCode } from '../../../../../shared/domain/conversation-format'
import type { InboxFilters, OutcomeFilter } from '../hooks/inbox-filter'
import { NO_FILTERS } from '../hooks/inbox-filter'
import { useInboxStore } from '../stores/inbox-store'

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

/** One labelled select of the filter bar. */
function FilterSelect(props: {
  label: string
  value: string
  options: readonly { value: string; label: string }[]
  onChange: (value: string) => void
}): ReactElement {
  return (
    <label className="inbox-filter inbox-filter--select">
      <span className="visually-hidden">{props.label}</span>
      <select
        className="input"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  )
}

/** How many filters differ from their default. */
function activeCount(filters: InboxFilters): number {
  return (Object.keys(NO_FILTERS) as (keyof InboxFilters)[]).filter(
    (key) => filters[key] !== NO_FILTERS[key],
  ).length
}

/** Search over the loaded rows, and the filters: agent, status, dates, evaluation, criterion. */
export function InboxFilterBar(props: {
  agents: Agent[]
  criteria: { id: string; name: string }[]
}): ReactElement {
  const filters = useInboxStore((s) => s.filters)
  const search = useInboxStore((s) => s.search)
  const setFilter = useInboxStore((s) => s.setFilter)
  const setSearch = useInboxStore((s) => s.setSearch)
  const clear = useInboxStore((s) => s.clearFilters)
  const [open, setOpen] = useState(false)
  const active = activeCount(filters)
  const criterionName = props.criteria.find((c) => c.id === filters.criterion)?.name
  return (
    <div
      className={`inbox-filters${open ? ' inbox-filters--open' : ''}`}
      role="search"
      aria-label="Filter conversations"
    >
      <div className="inbox-filters__main">
        <input
          className="input inbox-filters__search"
          type="search"
          placeholder="Search agent, status, summary or id"
          aria-label="Search loaded conversations"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
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
          disabled={active === 0 && search === ''}
        >
          Clear filters
        </button>
      </div>
      <div className="inbox-filters__more" id="inbox-filters-more">
        <FilterSelect
          label="Agent"
          value={filters.agentId}
          options={[
            { value: '', label: 'All agents' },
            ...props.agents.map((agent) => ({ value: agent.id, label: agent.name })),
          ]}
          onChange={(value) => setFilter('agentId', value)}
        />
        <FilterSelect
          label="Status"
          value={filters.status}
          options={STATUSES}
          onChange={(value) => setFilter('status', value)}
        />
        <label className="inbox-filter inbox-filter--date">
          <span>From</span>
          <input
            className="input"
            type="date"
            value={filters.from}
            max={filters.to === '' ? undefined : filters.to}
            onChange={(event) => setFilter('from', event.target.value)}
          />
        </label>
        <label className="inbox-filter inbox-filter--date">
          <span>To</span>
          <input
            className="input"
            type="date"
            value={filters.to}
            min={filters.from === '' ? undefined : filters.from}
            onChange={(event) => setFilter('to', event.target.value)}
          />
        </label>
        <FilterSelect
          label="Evaluation"
          value={filters.outcome}
          options={OUTCOMES}
          onChange={(value) => setFilter('outcome', value as OutcomeFilter)}
        />
        <FilterSelect
          label="Criterion"
          value={filters.criterion}
          options={[
            { value: '', label: 'All criteria' },
            ...props.criteria.map((c) => ({ value: c.id, label: c.name })),
            // A chosen criterion stays listed even before any loaded row has it.
            ...(filters.criterion !== '' && criterionName === undefined
              ? [{ value: filters.criterion, label: humanizeCode(filters.criterion) }]
              : []),
          ]}
          onChange={(value) => setFilter('criterion', value)}
        />
      </div>
    </div>
  )
}
