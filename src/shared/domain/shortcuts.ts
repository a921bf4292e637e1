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

/** One group's shortcuts from rows of keys, action and (when a menu item carries it) command. */
function inGroup(
  group: ShortcutGroup,
  rows: ReadonlyArray<[keys: string, action: string, command?: MenuCommandName]>,
): Shortcut[] {
  return rows.map(([keys, action, command]) => ({
    keys,
    action,
    group,
    ...(command ? { command } : {}),
  }))
}

/**
 * Every keyboard shortcut of the app: the application menu takes its accelerators from here and
 * the shortcuts sheet lists them, so the two cannot disagree. Why no Ctrl+R for Render: it reloads
 * the window in development builds (View > Reload), and Ctrl+Shift+R force-reloads.
 */
export const SHORTCUTS: readonly Shortcut[] = [
  ...inGroup('Everywhere', [
    ['CmdOrCtrl+/', 'Show keyboard shortcuts', 'help:shortcuts'],
    ['CmdOrCtrl+1', 'Open the Script workspace'],
    ['CmdOrCtrl+2', 'Open the Voices workspace'],
    ['CmdOrCtrl+3', 'Open the Conversations workspace'],
    ['CmdOrCtrl+4', 'Open the Voice-over workspace'],
    ['CmdOrCtrl+5', 'Open the Account workspace'],
    ['CmdOrCtrl+N', 'New script', 'script:new'],
    ['CmdOrCtrl+O', 'Open a project or script', 'script:open'],
    ['CmdOrCtrl+I', 'Import a script, document, PDF or EPUB book', 'script:import'],
  ]),
  ...inGroup('Script', [
    ['CmdOrCtrl+S', 'Save the script', 'script:save'],
    ['CmdOrCtrl+Shift+S', 'Save the script as…', 'script:saveAs'],
    ['CmdOrCtrl+Shift+Enter', 'Render the script to audio files', 'script:render'],
    ['CmdOrCtrl+Z', 'Undo', 'edit:undo'],
    ['CmdOrCtrl+Shift+Z', 'Redo', 'edit:redo'],
    ['CmdOrCtrl+F', 'Find'],
    ['CmdOrCtrl+H', 'Find and replace'],
    ['CmdOrCtrl+B', 'Emphasize the selection'],
    ['CmdOrCtrl+Shift+B', 'Insert a half-second pause where you are typing'],
    ['CmdOrCtrl+E', 'Marks for the selection'],
    ['CmdOrCtrl+Enter', 'Preview the block or selection where you are typing'],
    ['A', 'Play take A (in the A/B comparison)'],
    ['B', 'Play take B (in the A/B comparison)'],
  ]),
  ...inGroup('Voices', [
    ['Up', 'Previous voice (PageUp, Home: further)'],
    ['Down', 'Next voice (PageDown, End: further)'],
    ['Enter', 'Play the preview of the voice'],
    ['Space', 'Mark or unmark the voice as a favourite'],
    ['Delete', 'Delete the personal voice'],
  ]),
  ...inGroup('Conversations', [
    ['J', 'Next conversation (or Down)'],
    ['K', 'Previous conversation (or Up)'],
    ['Enter', 'Open the conversation beside the table'],
    ['Home', 'First conversation (End: last)'],
  ]),
]

/** The accelerator of a menu command, from {@link SHORTCUTS}; undefined when it has none. */
export function acceleratorOf(command: MenuCommandName): string | undefined {
  return SHORTCUTS.find((shortcut) => shortcut.command === command)?.keys
}
