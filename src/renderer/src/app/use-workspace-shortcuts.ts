import { useEffect } from 'react'
import { useNavigationStore } from './navigation-store'
import { isMac } from './platform'
import { WORKSPACES } from './workspaces'

/** Ctrl+1..5 (⌘1..5 on macOS) opens a workspace from anywhere in the window. */
export function useWorkspaceShortcuts(): void {
  const open = useNavigationStore((state) => state.open)
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      const modifier = isMac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey
      if (!modifier || event.altKey || event.shiftKey) return
      const entry = WORKSPACES.find((workspace) => workspace.digit === event.key)
      if (entry === undefined) return
      event.preventDefault()
      open(entry.id, 'shortcut')
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [open])
}
