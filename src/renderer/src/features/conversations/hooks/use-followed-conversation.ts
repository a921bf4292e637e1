import { useEffect } from 'react'
import { closeConversation } from '../api/conversation-queries'
import { useConversationsStore } from '../stores/conversations-store'

/**
 * The conversation open beside the list, and opening or closing it. One conversation is followed
 * at a time: opening another, closing it, or the page going away stops the follow in main.
 */
export function useFollowedConversation(): {
  selectedId: string | null
  open: (id: string) => void
  close: () => void
} {
  const selectedId = useConversationsStore((s) => s.selectedId)
  const select = useConversationsStore((s) => s.select)
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

  return { selectedId, open, close }
}
