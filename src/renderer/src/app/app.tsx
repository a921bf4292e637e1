import { useCallback, useState } from 'react'
import type { ReactElement } from 'react'
import { AccountNotices } from '../features/account/components/account-notices'
import { useAccountChangedEvents } from '../features/account/api/account-queries'
import { useDocumentSync } from '../features/script/hooks/use-document-sync'
import { useNavigationStore } from './navigation-store'
import { ShortcutsSheet } from './shortcuts-sheet'
import { Sidebar } from './sidebar'
import { useTheme } from './theme'
import { useMenuCommands } from './use-menu-commands'
import { useWorkspaceShortcuts } from './use-workspace-shortcuts'
import { WORKSPACES } from './workspaces'

/** The shell: sidebar, account notices, and the open workspace. Renders before any data arrives. */
export function App(): ReactElement {
  const current = useNavigationStore((state) => state.current)
  const source = useNavigationStore((state) => state.source)
  const openWorkspace = useNavigationStore((state) => state.open)
  const [shortcutsOpen, setShortcutsOpen] = useState(false)
  const openShortcuts = useCallback(() => setShortcutsOpen(true), [])
  useWorkspaceShortcuts()
  useAccountChangedEvents()
  // The open script's edits reach main whichever workspace shows: Voices edits it too, and
  // typing just before leaving Script must still reach the crash-recovery draft.
  useDocumentSync()
  useTheme()
  useMenuCommands(openShortcuts)

  const workspace = WORKSPACES.find((entry) => entry.id === current) ?? WORKSPACES[0]
  if (workspace === undefined) throw new Error('No workspaces are defined.')
  const { Screen } = workspace

  return (
    <div className="app">
      <Sidebar onShowShortcuts={openShortcuts} />
      <main className="main" data-workspace={workspace.id}>
        <div className="main__notices" aria-label="Notices">
          {/* Account shows these in its own column, under its title (account-notices.tsx). */}
          {workspace.id !== 'account' && (
            <AccountNotices
              where="shell"
              onOpenAccount={() => openWorkspace('account', 'pointer')}
            />
          )}
        </div>
        <Screen key={workspace.id} focusOnMount={source === 'shortcut'} />
      </main>
      <ShortcutsSheet open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </div>
  )
}
