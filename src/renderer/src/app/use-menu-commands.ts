import { useEffect } from 'react'
import type { MenuCommand } from '../../../shared/domain/app'
import { SHORTCUTS } from '../../../shared/domain/shortcuts'
import { useScriptDocumentStore } from '../features/script/stores/script-document-store'
import { matchesAccelerator } from '../lib/accelerator'
import { holdCommand, runCommand } from '../lib/menu-commands'
import { onMenuCommand, reportMenuState } from './api/app-api'
import { useNavigationStore } from './navigation-store'

/** The shortcuts the window handles for the menu's commands (undo and redo stay with the editor). */
const COMMAND_SHORTCUTS = SHORTCUTS.filter(
  (shortcut) => shortcut.command !== undefined && !shortcut.command.startsWith('edit:'),
)

/** The commands that act on the open script: with none open they do nothing. */
const NEEDS_SCRIPT: ReadonlySet<MenuCommand['command']> = new Set([
  'script:save',
  'script:saveAs',
  'script:export',
  'script:render',
  'script:projectSettings',
  'script:cleanup',
  'script:chapters',
])

/**
 * Runs a menu command the way its on-screen control does: the Script workspace's commands open
 * that workspace first; undo and redo go to the script's undo unless a text field with its own
 * undo has focus. True when something acted on it.
 */
function dispatchCommand(command: MenuCommand, openShortcuts: () => void): boolean {
  if (command.command === 'help:shortcuts') {
    openShortcuts()
    return true
  }
  if (command.command === 'edit:undo' || command.command === 'edit:redo') {
    if (runCommand(command)) return true
    // Nobody took it: the focused field's own undo, as the Edit menu's undo role would do.
    return document.execCommand(command.command === 'edit:undo' ? 'undo' : 'redo')
  }
  if (NEEDS_SCRIPT.has(command.command) && useScriptDocumentStore.getState().doc === null) {
    return false
  }
  const navigation = useNavigationStore.getState()
  if (navigation.current !== 'script') {
    holdCommand(command)
    navigation.open('script', 'shortcut')
    return true
  }
  return runCommand(command)
}

/**
 * The menu's side in the window: app:menuCommand events, the same commands from their shortcuts
 * (so they work wherever the page has the keyboard, the browser host included), and the state
 * main needs to enable Save and Render.
 */
export function useMenuCommands(openShortcuts: () => void): void {
  useEffect(() => {
    const run = (command: MenuCommand): boolean => dispatchCommand(command, openShortcuts)
    const unsubscribe = onMenuCommand((command) => void run(command))
    const onKeyDown = (event: KeyboardEvent): void => {
      const shortcut = COMMAND_SHORTCUTS.find((entry) => matchesAccelerator(event, entry.keys))
      if (shortcut?.command === undefined) return
      // Handled here, the key never reaches the menu (Electron gives the page the first say).
      if (run({ command: shortcut.command })) event.preventDefault()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => {
      unsubscribe()
      window.removeEventListener('keydown', onKeyDown)
    }
  }, [openShortcuts])

  const scriptOpen = useScriptDocumentStore((state) => state.doc !== null)
  useEffect(() => {
    reportMenuState({ scriptOpen })
  }, [scriptOpen])
}
