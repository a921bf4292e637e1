import type { ReactElement } from 'react'
import { formatOffset } from '../../../../../shared/domain/conversation-format'
import { ErrorNotice } from '../../../components/error-notice'
import { Notice } from '../../../components/notice'
import { useMinuteClock } from '../hooks/use-minute-clock'
import { callTime } from './call-time'
import {
  useDismissListNotice,
  useRecentConversations,
  useRemoveRecent,
} from '../api/conversation-queries'
import { agentLabel, useAgents } from '../api/inbox-queries'
import { useConversationsStore } from '../stores/conversations-store'
import { StatusChip } from './status-chip'
import { SearchInput } from '../../../components/ui/search-input'

/** Whether any of a row's words contains the (lower-case) search text; all rows for none. */
function matchesSearch(words: readonly string[], needle: string): boolean {
  return needle === '' || words.some((word) => word.toLowerCase().includes(needle))
}

/** The local list of opened conversations: searchable, removable, persisted by main. */
export function RecentList(props: {
  onOpen: (id: string) => void
  onRemoved: (id: string) => void
}): ReactElement {
  const query = useRecentConversations()
  const remove = useRemoveRecent()
  const dismiss = useDismissListNotice()
  const agents = useAgents()
  const now = useMinuteClock()
  const selectedId = useConversationsStore((s) => s.selectedId)
  const filter = useConversationsStore((s) => s.listFilter)
  const setFilter = useConversationsStore((s) => s.setListFilter)
  const needle = filter.trim().toLowerCase()
  const items = (query.data?.items ?? []).filter((item) =>
    matchesSearch([item.id, agentLabel(agents, item.agentId), item.status], needle),
  )
  return (
    <section className="stack recent" aria-labelledby="recent-title">
      <h2 id="recent-title" className="section-title">
        Opened conversations
      </h2>
      {query.data?.notice != null && (
        <ListResetNotice notice={query.data.notice} onDismiss={() => dismiss.mutate()} />
      )}
      {query.isError && <ErrorNotice error={query.error} />}
      {remove.isError && <ErrorNotice error={remove.error} />}
      <SearchInput
        label="Search opened conversations"
        placeholder="Search by agent or status"
        value={filter}
        onChange={setFilter}
      />
      {query.data !== undefined && query.data.items.length === 0 && (
        <p className="field__hint">Conversations you open appear here.</p>
      )}
      {query.data !== undefined && query.data.items.length > 0 && items.length === 0 && (
        <p className="field__hint">No opened conversation matches “{filter}”.</p>
      )}
      <ul className="stack recent__list" data-testid="recent-list">
        {items.map((item) => (
          <li
            key={item.id}
            className={`recent__item${item.id === selectedId ? ' recent__item--selected' : ''}`}
            data-testid="recent-item"
            data-conversation-id={item.id}
          >
            <button
              type="button"
              className="plain-button recent__open"
              onClick={() => props.onOpen(item.id)}
              aria-current={item.id === selectedId ? 'true' : undefined}
            >
              <span className="recent__meta">
                <span className="recent__agent">{agentLabel(agents, item.agentId)}</span>
                <StatusChip status={item.status} />
              </span>
              <span className="recent__meta">
                {item.startedAt !== null ? callTime(item.startedAt, now) : 'Not started'}
                {item.durationMs !== null && ` · ${formatOffset(item.durationMs)}`}
              </span>
            </button>
            <button
              type="button"
              className="button button--small recent__remove"
              aria-label={`Remove the call with ${agentLabel(agents, item.agentId)}${
                item.startedAt !== null ? ` of ${callTime(item.startedAt, now)}` : ''
              } from the list`}
              title="Remove from the list"
              onClick={() => remove.mutate(item.id, { onSuccess: () => props.onRemoved(item.id) })}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The list file was unreadable and started over: say so until dismissed. */
function ListResetNotice(props: { notice: string; onDismiss: () => void }): ReactElement {
  return (
    <Notice tone="warning" title="List reset" testId="recent-notice">
      <p className="notice__text">{props.notice}</p>
      <button type="button" className="button button--small" onClick={props.onDismiss}>
        Dismiss
      </button>
    </Notice>
  )
}
