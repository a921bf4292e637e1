import type { MenuItemConstructorOptions } from 'electron'
import type { MenuCommand, MenuCommandName, MenuState, ThemeChoice } from '../shared/domain/app'
import { acceleratorOf } from '../shared/domain/shortcuts'

/** A recent project as Open Recent lists it: main's id for it and what the user reads. */
export interface RecentMenuEntry {
  id: string
  label: string
}

/** What the application menu needs to know and do. */
export interface MenuOptions {
  appName: string
  isMac: boolean
  /** Reload and developer tools appear only in development. */
  development: boolean
  /** Opens the documentation through the guarded external-link helper; null hides the item. */
  openDocs: (() => void) | null
  /** Sends a command to the focused window, which runs the action of its on-screen control. */
  send: (command: MenuCommand) => void
  /** What the focused window can do now (everything off when no window has focus). */
  state: MenuState
  /** Recent projects, newest first. */
  recent: readonly RecentMenuEntry[]
  theme: ThemeChoice
  /** Saves a theme choice (View > Theme) and applies it. */
  setTheme: (theme: ThemeChoice) => void
}

const THEME_LABELS: Record<ThemeChoice, string> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
}

/**
 * The application menu. File (the script's commands, Project Settings… among them), View > Theme
 * and Help > Keyboard Shortcuts send typed commands to the focused window (its accelerators come
 * from the shared shortcut list, which the shortcuts sheet shows); Edit > Undo/Redo too, so the script's own undo runs where the editor has focus. The rest
 * are Electron roles, so copy, paste, zoom, full screen, close and quit behave as the OS expects.
 */
// eslint-disable-next-line max-lines-per-function -- the whole menu bar as one declarative table, read top to bottom like the menus it makes
export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { isMac, development, state } = options
  const command = (
    name: MenuCommandName,
    label: string,
    enabled = true,
  ): MenuItemConstructorOptions => {
    const accelerator = acceleratorOf(name)
    return {
      id: name,
      label,
      enabled,
      ...(accelerator === undefined ? {} : { accelerator }),
      click: () => options.send({ command: name }),
    }
  }
  const openRecent: MenuItemConstructorOptions[] = [
    ...options.recent.map((entry): MenuItemConstructorOptions => ({
      id: `script:openRecent:${entry.id}`,
      label: entry.label,
      click: () => options.send({ command: 'script:openRecent', recentId: entry.id }),
    })),
    ...(options.recent.length > 0 ? [{ type: 'separator' } as const] : []),
    command('script:clearRecent', 'Clear Recent', options.recent.length > 0),
  ]
  const template: MenuItemConstructorOptions[] = []
  if (isMac) {
    template.push({
      label: options.appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    })
  }
  template.push(
    {
      label: 'File',
      submenu: [
        command('script:new', 'New Script'),
        command('script:open', 'Open…'),
        { id: 'script:openRecent', label: 'Open Recent', submenu: openRecent },
        command('script:import', 'Import…'),
        { type: 'separator' },
        command('script:save', 'Save', state.scriptOpen),
        command('script:saveAs', 'Save As…', state.scriptOpen),
        command('script:export', 'Export Script…', state.scriptOpen),
        { type: 'separator' },
        command('script:projectSettings', 'Project Settings…', state.scriptOpen),
        command('script:render', 'Render…', state.scriptOpen),
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    {
      label: 'Edit',
      submenu: [
        // Why not the undo/redo roles: those undo typing in a text field only; the window sends
        // them on to the script's own undo when the editor has focus (and to the field otherwise).
        command('edit:undo', 'Undo'),
        command('edit:redo', 'Redo'),
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'delete' },
        { type: 'separator' },
        { role: 'selectAll' },
        { type: 'separator' },
        command('script:cleanup', 'Clean Up Text…', state.scriptOpen),
      ],
    },
    {
      label: 'View',
      submenu: [
        ...(development
          ? ([
              { role: 'reload' },
              { role: 'forceReload' },
              { role: 'toggleDevTools' },
              { type: 'separator' },
            ] satisfies MenuItemConstructorOptions[])
          : []),
        command('script:chapters', 'Chapters', state.scriptOpen),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        {
          id: 'view:theme',
          label: 'Theme',
          submenu: (Object.keys(THEME_LABELS) as ThemeChoice[]).map((theme) => ({
            id: `view:theme:${theme}`,
            label: THEME_LABELS[theme],
            type: 'radio',
            checked: options.theme === theme,
            click: () => options.setTheme(theme),
          })),
        },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: 'Window',
      submenu: isMac
        ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
        : [{ role: 'minimize' }, { role: 'close' }],
    },
    {
      role: 'help',
      submenu: [
        command('help:shortcuts', 'Keyboard Shortcuts'),
        { type: 'separator' },
        options.openDocs === null
          ? { role: 'about' }
          : { label: `${options.appName} Documentation`, click: options.openDocs },
      ],
    },
  )
  return template
}
