/** Facts about the running app that the shell shows. */
export interface AppInfo {
  name: string
  version: string
  platform: string
  /** True when main started the development sandbox because no account is configured. */
  usingSandbox: boolean
  /** True outside packaged release builds. */
  development: boolean
}

/** How the window is coloured: as the OS says, or always light, or always dark. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const
export type ThemeChoice = (typeof THEME_CHOICES)[number]

/**
 * What a menu item (or its shortcut) asks the focused window to do. The window runs the same
 * action its on-screen control runs, so a menu and a button can never drift apart.
 */
export const MENU_COMMANDS = [
  'script:new',
  'script:open',
  'script:import',
  'script:save',
  'script:saveAs',
  'script:export',
  'script:render',
  'script:projectSettings',
  'script:cleanup',
  'script:chapters',
  'script:clearRecent',
  'edit:undo',
  'edit:redo',
  'help:shortcuts',
] as const
export type MenuCommandName = (typeof MENU_COMMANDS)[number]

/** One menu command; Open Recent names its project by the id main gave it (never a path). */
export type MenuCommand =
  { command: MenuCommandName } | { command: 'script:openRecent'; recentId: string }

/** What the window tells main so the menu can enable only what would do something. */
export interface MenuState {
  /** A script is open in the Script workspace (Save, Save As, Render and its settings need one). */
  scriptOpen: boolean
}
