import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import type { ReactElement } from 'react'
import { Notice } from '../../../components/notice'
import { WorkspaceHeader } from '../../../components/workspace-header'
import { closeConversation, useConversationEvents } from '../api/conversation-queries'
import { listServedKey, useInboxList, useListServed } from '../api/inbox-queries'
import { toServerFilters } from '../hooks/inbox-filter'
import { useVisibilityReport } from '../hooks/use-visibility-report'
import { useConversationsStore } from '../stores/conversations-store'
import type { InboxTab } from '../stores/inbox-store'
import { useInboxStore } from '../stores/inbox-store'
import { ConversationDetail } from './conversation-detail'
import { InboxView } from './inbox-view'
import { OpenConversationForm } from './open-conversation-form'
import { RecentList } from './recent-list'
import './conversations.css'
import './inbox.css'

const TABS: { value: InboxTab; label: string }[] = [
  { value: 'inbox', label: 'All conversations' },
  { value: 'opened', label: 'Opened by id' },
]

/**
 * The Conversations workspace: the inbox of every conversation (where the service lists them)
 * with the open one beside it; or, where it does not, open by id with a local list.
 */
export function ConversationsWorkspace(props: { focusOnMount?: boolean }): ReactElement {
  useConversationEvents()
  useVisibilityReport()
  const queryClient = useQueryClient()
  const selectedId = useConversationsStore((s) => s.selectedId)
  const select = useConversationsStore((s) => s.select)
  const tab = useInboxStore((s) => s.tab)
  const setTab = useInboxStore((s) => s.setTab)
  const filters = useInboxStore((s) => s.filters)
  const server = useMemo(() => toServerFilters(filters), [filters])
  const list = useInboxList(server)
  const listServed = useListServed()
  const served = listServed && list.data?.pages[0] !== null

  // One conversation is followed at a time: opening another stops the previous follow.
  const open = (id: string): void => {
    if (selectedId !== null && selectedId !== id) void closeConversation(selectedId)
    select(id)
  }
  const close = (): void => {
    if (selectedId !== null) void closeConversation(selectedId)
    select(null)
  }
  const checkAgain = (): void => {
    queryClient.setQueryData(listServedKey, true)
    void queryClient.resetQueries({ queryKey: ['conversations', 'inbox'] })
  }

  // A reload or a closing window stops the follow at once (main also cancels on window close).
  useEffect(() => {
    if (selectedId === null) return
    const stop = (): void => void closeConversation(selectedId)
    window.addEventListener('pagehide', stop)
    return () => window.removeEventListener('pagehide', stop)
  }, [selectedId])

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
      className="workspace workspace--wide workspace--conversations"
      aria-labelledby="workspace-title"
      data-testid="workspace"
    >
      <WorkspaceHeader
        title="Conversations"
        description={
          served
            ? 'Every call of your voice agents, newest first. Filter and search, open one beside the list (j/k to move, Enter to open), and export a selection.'
            : 'Open a voice-agent conversation by its id to follow it live, then read its transcript, tool calls and evaluations.'
        }
        focusOnMount={props.focusOnMount ?? false}
      />
      {served ? (
        <div
          className={`conversations-inbox${detail === null ? '' : ' conversations-inbox--open'}`}
        >
          <div className="conversations-inbox__list">
            <fieldset className="segmented inbox-tabs">
              <legend className="visually-hidden">Show</legend>
              {TABS.map((option) => (
                <label key={option.value} className="segmented__option">
                  <input
                    type="radio"
                    name="conversations-tab"
                    value={option.value}
                    checked={tab === option.value}
                    onChange={() => setTab(option.value)}
                  />
                  <span>{option.label}</span>
                </label>
              ))}
            </fieldset>
            {tab === 'inbox' ? (
              <InboxView server={server} openId={selectedId} onOpen={open} />
            ) : (
              openedById
            )}
          </div>
          {detail}
        </div>
      ) : (
        <>
          {list.data?.pages[0] === null || !listServed ? (
            <Notice
              tone="info"
              title="This service does not list conversations"
              testId="list-not-served"
            >
              <p className="notice__text">
                Paste a conversation id to open it. The conversations you open are kept in a list on
                this computer.
              </p>
              <div className="button-row">
                <button type="button" className="button button--small" onClick={checkAgain}>
                  Check again
                </button>
              </div>
            </Notice>
          ) : null}
          <div className="conversations">
            <aside className="conversations__side">{openedById}</aside>
            {detail ?? (
              <div className="conversations__main">
                <div className="conversations__empty" data-testid="opened-by-id-empty">
                  <p>
                    Paste a conversation id (conv_…) or a link to one to open it. While it runs, its
                    status and new turns appear about once a second.
                  </p>
                  <p className="field__hint">
                    Where ids come from: the address of a conversation in the service&apos;s web
                    console, the <code>conversation_id</code> of your webhook events, or the logs of
                    the app that starts your agent&apos;s calls.
                  </p>
                </div>
              </div>
            )}
          </div>
        </>
      )}
    </section>
  )
}
