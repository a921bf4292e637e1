import type { MenuCommandName } from './app'

/** Where a shortcut works, as the shortcuts sheet groups them. */
export type ShortcutGroup = 'Everywhere' | 'Script' | 'Voices' | 'Conversations'

/** One keyboard shortcut as the user presses it. */
export interface Shortcut {
  /**
   * The keys in Electron's accelerator syntax (`CmdOrCtrl+Shift+S`, `Alt+F4`, `J`): the menu uses
   * it as given, the sheet shows it as ⌘/Ctrl for the platform.
   */
  keys: string
  /** What it does, in the user's words. */
  action: string
  group: ShortcutGroup
  /** The menu command it stands for, when a menu item carries it as its accelerator. */
  command?: MenuCommandName
}

/**
 * Every keyboard shortcut of the app: the application menu takes its accelerators from here and
 * the shortcuts sheet lists them, so the two cannot disagree. Why no Ctrl+R for Render: it reloads
 * the window in development builds (View > Reload), and Ctrl+Shift+R force-reloads.
 */
export const SHORTCUTS: readonly Shortcut[] = [
  {
    keys: 'CmdOrCtrl+/',
    action: 'Show keyboard shortcuts',
    group: 'Everywhere',
    command: 'help:shortcuts',
  },
  { keys: 'CmdOrCtrl+1', action: 'Open the Script workspace', group: 'Everywhere' },
  { keys: 'CmdOrCtrl+2', action: 'Open the Voices workspace', group: 'Everywhere' },
  { keys: 'CmdOrCtrl+3', action: 'Open the Conversations workspace', group: 'Everywhere' },
  { keys: 'CmdOrCtrl+4', action: 'Open the Account workspace', group: 'Everywhere' },
  { keys: 'CmdOrCtrl+N', action: 'New script', group: 'Everywhere', command: 'script:new' },
  {
    keys: 'CmdOrCtrl+O',
    action: 'Open a project or script',
    group: 'Everywhere',
    command: 'script:open',
  },
  {
    keys: 'CmdOrCtrl+I',
    action: 'Import a script, Word document or EPUB book',
    group: 'Everywhere',
    command: 'script:import',
  },
  { keys: 'CmdOrCtrl+S', action: 'Save the script', group: 'Script', command: 'script:save' },
  {
    keys: 'CmdOrCtrl+Shift+S',
    action: 'Save the script as…',
    group: 'Script',
    command: 'script:saveAs',
  },
  {
    keys: 'CmdOrCtrl+Shift+Enter',
    action: 'Render the script to audio files',
    group: 'Script',
    command: 'script:render',
  },
  { keys: 'CmdOrCtrl+Z', action: 'Undo', group: 'Script', command: 'edit:undo' },
  { keys: 'CmdOrCtrl+Shift+Z', action: 'Redo', group: 'Script', command: 'edit:redo' },
  { keys: 'CmdOrCtrl+F', action: 'Find', group: 'Script' },
  { keys: 'CmdOrCtrl+H', action: 'Find and replace', group: 'Script' },
  { keys: 'CmdOrCtrl+B', action: 'Insert a 500 ms pause at the caret', group: 'Script' },
  {
    keys: 'CmdOrCtrl+Enter',
    action: 'Preview the block or selection at the caret',
    group: 'Script',
  },
  { keys: 'A', action: 'Play take A (in the A/B comparison)', group: 'Script' },
  { keys: 'B', action: 'Play take B (in the A/B comparison)', group: 'Script' },
  { keys: 'Up', action: 'Previous voice (PageUp, Home: further)', group: 'Voices' },
  { keys: 'Down', action: 'Next voice (PageDown, End: further)', group: 'Voices' },
  { keys: 'Enter', action: 'Play the preview of the voice', group: 'Voices' },
  { keys: 'Space', action: 'Mark or unmark the voice as a favourite', group: 'Voices' },
  { keys: 'Delete', action: 'Delete the personal voice', group: 'Voices' },
  { keys: 'J', action: 'Next conversation (or Down)', group: 'Conversations' },
  { keys: 'K', action: 'Previous conversation (or Up)', group: 'Conversations' },
  { keys: 'Enter', action: 'Open the conversation beside the table', group: 'Conversations' },
  { keys: 'Home', action: 'First conversation (End: last)', group: 'Conversations' },
]

/** The accelerator of a menu command, from {@link SHORTCUTS}; undefined when it has none. */
export function acceleratorOf(command: MenuCommandName): string | undefined {
  return SHORTCUTS.find((shortcut) => shortcut.command === command)?.keys
}
