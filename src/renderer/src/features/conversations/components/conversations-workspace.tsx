import { useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { ReactElement } from 'react'
import { SegmentedChoice } from '../../../components/segmented-choice'
import type { SegmentedOption } from '../../../components/segmented-choice'
import { WorkspaceHeader } from '../../../components/workspace-header'
import { useConversationEvents } from '../api/conversation-queries'
import { listServedKey, useInboxList, useListServed } from '../api/inbox-queries'
import { overviewRoot } from '../api/overview-queries'
import { toServerFilters } from '../hooks/inbox-filter'
import type { InboxFilters } from '../hooks/inbox-filter'
import { NO_FILTERS } from '../hooks/inbox-filter'
import { useFollowedConversation } from '../hooks/use-followed-conversation'
import { useRefocusWhenLost } from '../hooks/use-refocus-when-lost'
import { useVisibilityReport } from '../hooks/use-visibility-report'
import type { InboxTab } from '../stores/inbox-store'
import { useInboxStore } from '../stores/inbox-store'
import { ConversationDetail } from './conversation-detail'
import { InboxView } from './inbox-view'
import { OpenedByIdLayout } from './opened-by-id-layout'
import { OpenConversationForm } from './open-conversation-form'
import { OverviewView } from './overview-view'
import { RecentList } from './recent-list'
import './conversations.css'
import './inbox.css'
import './overview.css'

/** Where the focus goes back to when a call closes: the table, else the open-by-id form. */
const LIST_ROOT = 'conversations-list'
const LIST_FOCUS = ['[data-testid="inbox-table"]', 'input'] as const

const TABS: readonly SegmentedOption<InboxTab>[] = [
  { value: 'overview', label: 'Overview' },
  { value: 'inbox', label: 'All conversations' },
  { value: 'opened', label: 'Opened' },
]

/** What the workspace shows, switched with one group of radios. */
function WorkspaceTabs(props: { tab: InboxTab; onChange: (tab: InboxTab) => void }): ReactElement {
  return (
    <SegmentedChoice
      name="conversations-tab"
      legend="Show"
      className="inbox-tabs"
      options={TABS}
      value={props.tab}
      onChange={props.onChange}
    />
  )
}

/** A chart's part opens the inbox with exactly its calls: every other filter and the search cleared. */
function drillIntoInbox(chosen: Partial<InboxFilters>): void {
  useInboxStore.getState().drillFromOverview({ ...NO_FILTERS, ...chosen })
}

/** The header's line under the title, for the view on screen. */
function describeView(served: boolean, tab: InboxTab): string {
  if (!served)
    return 'Open a voice-agent conversation by its id to follow it live, then read its transcript, tool calls and evaluations.'
  if (tab === 'overview')
    return 'Your calls at a glance: how many, how long, why they ended, how each agent does. Click a bar to see those calls.'
  return 'Every call of your voice agents, newest first. Filter, search, open one to read it (j/k to move, Enter to open) and export a selection.'
}

/**
 * The Conversations workspace: the inbox of every conversation (where the service lists them)
 * with the open one beside it; or, where it does not, open by id with a local list.
 */
export function ConversationsWorkspace(props: {
  focusOnMount?: boolean
  /** False when no key is set yet: the overview then offers the way to Account. */
  hasKey?: boolean
  onOpenAccount?: () => void
}): ReactElement {
  useConversationEvents()
  useVisibilityReport()
  const queryClient = useQueryClient()
  const { selectedId, open, close } = useFollowedConversation()
  const tab = useInboxStore((s) => s.tab)
  const setTab = useInboxStore((s) => s.setTab)
  const filters = useInboxStore((s) => s.filters)
  const server = useMemo(() => toServerFilters(filters), [filters])
  // Why not while the overview shows: the overview reads its own figures, and the inbox's first
  // page (a list read and main's time) competed with them for the service's read limit.
  const list = useInboxList(server, tab !== 'overview')
  const listServed = useListServed()
  const served = listServed && list.data?.pages[0] !== null
  // A closed call hands the focus back to the list it came from (the table, or the tab's form).
  useRefocusWhenLost(selectedId, LIST_ROOT, LIST_FOCUS, true)

  const checkAgain = (): void => {
    queryClient.setQueryData(listServedKey, true)
    void queryClient.resetQueries({ queryKey: ['conversations', 'inbox'] })
    void queryClient.resetQueries({ queryKey: overviewRoot })
  }

  const tabs = <WorkspaceTabs tab={tab} onChange={setTab} />

  const openedById = (
    <div className="conversations__opened">
      <OpenConversationForm onOpen={open} />
      <RecentList onOpen={open} onRemoved={(id) => (id === selectedId ? close() : undefined)} />
    </div>
  )
  const detail =
    selectedId === null ? null : (
      <div className="conversations__main">
        <ConversationDetail key={selectedId} id={selectedId} onClose={close} />
      </div>
    )

  return (
    <section
      className="workspace workspace--fill workspace--conversations"
      aria-labelledby="workspace-title"
      data-testid="workspace"
    >
      <WorkspaceHeader
        title="Conversations"
        description={describeView(served, tab)}
        focusOnMount={props.focusOnMount ?? false}
      />
      {served && tab === 'overview' ? (
        <div className="conversations-overview">
          <OverviewView
            tabs={tabs}
            hasKey={props.hasKey ?? true}
            onOpenAccount={() => props.onOpenAccount?.()}
            onDrill={drillIntoInbox}
          />
        </div>
      ) : served ? (
        <div
          className={`conversations-inbox${detail === null ? '' : ' conversations-inbox--open'}`}
        >
          <div className="conversations-inbox__list" id={LIST_ROOT}>
            {tabs}
            {tab === 'inbox' ? (
              <InboxView server={server} openId={selectedId} onOpen={open} />
            ) : (
              openedById
            )}
          </div>
          {detail}
        </div>
      ) : (
        <OpenedByIdLayout
          notServed={list.data?.pages[0] === null || !listServed}
          openedById={openedById}
          detail={detail}
          onCheckAgain={checkAgain}
        />
      )}
    </section>
  )
}
