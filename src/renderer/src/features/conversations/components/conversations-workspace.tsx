import { useEffect } from 'react'
import type { ReactElement } from 'react'
import { WorkspaceHeader } from '../../../components/workspace-header'
import { closeConversation, useConversationEvents } from '../api/conversation-queries'
import { useVisibilityReport } from '../hooks/use-visibility-report'
import { useConversationsStore } from '../stores/conversations-store'
import { ConversationDetail } from './conversation-detail'
import { OpenConversationForm } from './open-conversation-form'
import { RecentList } from './recent-list'
import './conversations.css'

/** The Conversations workspace: open a conversation by id, follow it live, read it afterwards. */
export function ConversationsWorkspace(props: { focusOnMount?: boolean }): ReactElement {
  useConversationEvents()
  useVisibilityReport()
  const selectedId = useConversationsStore((s) => s.selectedId)
  const select = useConversationsStore((s) => s.select)

  // One conversation is followed at a time: opening another stops the previous follow.
  const open = (id: string): void => {
    if (selectedId !== null && selectedId !== id) void closeConversation(selectedId)
    select(id)
  }
  const close = (): void => {
    if (selectedId !== null) void closeConversation(selectedId)
    select(null)
  }

  // A reload or a closing window stops the follow at once (main also cancels on window close).
  useEffect(() => {
    if (selectedId === null) return
    const stop = (): void => void closeConversation(selectedId)
    window.addEventListener('pagehide', stop)
    return () => window.removeEventListener('pagehide', stop)
  }, [selectedId])

  return (
    <section
      className="workspace workspace--wide"
      aria-labelledby="workspace-title"
      data-testid="workspace"
    >
      <WorkspaceHeader
        title="Conversations"
        description="Open a voice-agent conversation by its id to follow it live, then read its transcript, tool calls and evaluations."
        focusOnMount={props.focusOnMount ?? false}
      />
      <div className="conversations">
        <aside className="conversations__side">
          <OpenConversationForm onOpen={open} />
          <RecentList onOpen={open} onRemoved={(id) => (id === selectedId ? close() : undefined)} />
        </aside>
        <div className="conversations__main">
          {selectedId === null ? (
            <div className="conversations__empty">
              <p>
                Paste a conversation id (conv_…) to open it. While it runs, its status and new turns
                appear about once a second.
              </p>
            </div>
          ) : (
            <ConversationDetail key={selectedId} id={selectedId} onClose={close} />
          )}
        </div>
      </div>
    </section>
  )
}
