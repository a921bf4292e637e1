import type { MenuItemConstructorOptions } from 'electron'

/** What the application menu needs to know and do. */
export interface MenuOptions {
  appName: string
  isMac: boolean
  /** Reload and developer tools appear only in development. */
  development: boolean
  /** Opens the documentation through the guarded external-link helper; null hides the item. */
  openDocs: (() => void) | null
}

/**
 * The application menu: File/Edit/View/Window/Help built from Electron roles, so every standard
 * accelerator (copy, paste, undo, zoom, full screen, close, quit) behaves as the OS expects.
 */
export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { isMac, development } = options
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
    { label: 'File', submenu: [isMac ? { role: 'close' } : { role: 'quit' }] },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'delete' },
        { type: 'separator' },
        { role: 'selectAll' },
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
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
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
      submenu:
        options.openDocs === null
          ? [{ role: 'about' }]
          : [{ label: `${options.appName} Documentation`, click: options.openDocs }],
    },
  )
  return template
}
