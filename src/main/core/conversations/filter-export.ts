import type { InboxServerFilters } from '../../../shared/domain/conversation-inbox'
import { MAX_BATCH_EXPORT } from '../../../shared/domain/conversation-inbox'
import { AppError } from '../../../shared/errors'
import type { UpstreamClient } from '../upstream/upstream-client'

/** Rows per list page while finding an export's calls: the service's maximum. */
const PAGE_SIZE = 200

/**
 * The ids of every conversation the service's filters match (agent, status, start time), newest
 * first, paged through the list in main: an export of "everything the filter matches" is not
 * limited to the rows the window has loaded. Stops at {@link MAX_BATCH_EXPORT}; `onListed` hears
 * the count after each page. An older list that ignores the filters is filtered here.
 */
export async function conversationIdsMatching(
  client: UpstreamClient,
  filters: InboxServerFilters,
  signal: AbortSignal,
  onListed: (listed: number) => void,
): Promise<string[]> {
  const ids: string[] = []
  const seen = new Set<string>()
  const after = filters.startedAfter === undefined ? null : Date.parse(filters.startedAfter)
  const before = filters.startedBefore === undefined ? null : Date.parse(filters.startedBefore)
  let cursor: string | null = null
  do {
    const page = await client.listConversations(
      { ...filters, limit: PAGE_SIZE, ...(cursor === null ? {} : { cursor }) },
      { signal },
    )
    if (signal.aborted)
      throw new AppError('CANCELLED', 'The export was cancelled; no file was saved.')
    if (!page.served) {
      throw new AppError(
        'NOT_FOUND',
        'This service does not list conversations, so VoiceDesk cannot find the ones that match. Export the conversations you opened instead.',
      )
    }
    for (const c of page.conversations) {
      const started = c.startedAt === null ? null : Date.parse(c.startedAt)
      const inRange =
        (after === null || (started !== null && started >= after)) &&
        (before === null || (started !== null && started < before))
      const matches =
        inRange &&
        (filters.agentId === undefined || c.agentId === filters.agentId) &&
        (filters.status === undefined || c.status === filters.status)
      if (!matches || seen.has(c.id)) continue
      seen.add(c.id)
      ids.push(c.id)
      if (ids.length === MAX_BATCH_EXPORT) return ids
    }
    onListed(ids.length)
    cursor = page.hasMore ? page.nextCursor : null
  } while (cursor !== null)
  return ids
}
