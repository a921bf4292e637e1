import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import type { MenuCommand } from '../shared/domain/app'
import { MENU_COMMANDS } from '../shared/domain/app'
import { SHORTCUTS } from '../shared/domain/shortcuts'
import type { MenuOptions } from './menu'
import { buildMenuTemplate } from './menu'

vi.mock('electron', () => ({}))

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ])
}

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [
    item,
    ...(Array.isArray(item.submenu) ? flatten(item.submenu) : []),
  ])
}

function options(overrides: Partial<MenuOptions> = {}): MenuOptions {
  return {
    appName: 'VoiceDesk',
    isMac: false,
    development: false,
    openDocs: null,
    send: () => {},
    state: { scriptOpen: true },
    recent: [],
    theme: 'system',
    setTheme: () => {},
    ...overrides,
  }
}

function submenuOf(template: MenuItemConstructorOptions[], label: string) {
  const menu = template.find((item) => (item.label ?? item.role) === label)
  return (menu?.submenu ?? []) as MenuItemConstructorOptions[]
}

function itemById(template: MenuItemConstructorOptions[], id: string) {
  const item = flatten(template).find((entry) => entry.id === id)
  if (item === undefined) throw new Error(`no menu item ${id}`)
  return item
}

function click(item: MenuItemConstructorOptions): void {
  ;(item.click as () => void)()
}

/** The accelerators Electron gives these roles on Linux and Windows (docs: MenuItem roles). */
const ROLE_ACCELERATORS: Record<string, string> = {
  quit: 'CmdOrCtrl+Q',
  close: 'CmdOrCtrl+W',
  cut: 'CmdOrCtrl+X',
  copy: 'CmdOrCtrl+C',
  paste: 'CmdOrCtrl+V',
  selectAll: 'CmdOrCtrl+A',
  reload: 'CmdOrCtrl+R',
  forceReload: 'Shift+CmdOrCtrl+R',
  toggleDevTools: 'Ctrl+Shift+I',
  resetZoom: 'CmdOrCtrl+0',
  zoomIn: 'CmdOrCtrl+Plus',
  zoomOut: 'CmdOrCtrl+-',
  togglefullscreen: 'F11',
  minimize: 'CmdOrCtrl+M',
}

/** `Shift+CmdOrCtrl+R` and `CmdOrCtrl+Shift+R` are the same keys. */
function normal(accelerator: string): string {
  return accelerator
    .split('+')
    .map((part) => (part === 'Ctrl' ? 'CmdOrCtrl' : part))
    .sort()
    .join('+')
}

describe('buildMenuTemplate', () => {
  it('has File, Edit, View, Window and Help with the standard roles', () => {
    const template = buildMenuTemplate(options({ openDocs: () => {} }))
    expect(template.map((m) => m.label ?? m.role)).toEqual([
      'File',
      'Edit',
      'View',
      'Window',
      'help',
    ])
    // Undo and redo are no longer roles: they are commands routed to the script's undo (below).
    expect(roles(template)).toEqual(
      expect.arrayContaining([
        'quit',
        'cut',
        'copy',
        'paste',
        'selectAll',
        'zoomIn',
        'zoomOut',
        'resetZoom',
        'togglefullscreen',
        'minimize',
        'close',
      ]),
    )
    expect(roles(template)).not.toContain('undo')
    expect(roles(template)).not.toContain('redo')
  })

  it('File lists the script actions, each with its accelerator, and sends its command', () => {
    const sent: MenuCommand[] = []
    const template = buildMenuTemplate(options({ send: (command) => sent.push(command) }))
    const file = submenuOf(template, 'File')
    expect(
      file.map((item) => [item.label ?? item.role ?? item.type, item.accelerator ?? null]),
    ).toEqual([
      ['New Script', 'CmdOrCtrl+N'],
      ['Open…', 'CmdOrCtrl+O'],
      ['Open Recent', null],
      ['Import…', 'CmdOrCtrl+I'],
      ['separator', null],
      ['Save', 'CmdOrCtrl+S'],
      ['Save As…', 'CmdOrCtrl+Shift+S'],
      ['Export Script…', null],
      ['separator', null],
      ['Project Settings…', null],
      ['Render…', 'CmdOrCtrl+Shift+Enter'],
      ['separator', null],
      ['quit', null],
    ])
    for (const item of file) if (item.click !== undefined) click(item)
    expect(sent).toEqual([
      { command: 'script:new' },
      { command: 'script:open' },
      { command: 'script:import' },
      { command: 'script:save' },
      { command: 'script:saveAs' },
      { command: 'script:export' },
      { command: 'script:projectSettings' },
      { command: 'script:render' },
    ])
  })

  it('enables Save, Save As, Export, Project Settings and Render only while the focused window has a script open', () => {
    const enabled = (scriptOpen: boolean): Record<string, boolean> =>
      Object.fromEntries(
        submenuOf(buildMenuTemplate(options({ state: { scriptOpen } })), 'File')
          .filter((item) => item.id !== undefined)
          .map((item): [string, boolean] => [item.id ?? '', item.enabled ?? true]),
      )
    expect(enabled(false)).toEqual({
      'script:new': true,
      'script:open': true,
      'script:openRecent': true,
      'script:import': true,
      'script:save': false,
      'script:saveAs': false,
      'script:export': false,
      'script:projectSettings': false,
      'script:render': false,
    })
    expect(enabled(true)).toMatchObject({
      'script:save': true,
      'script:saveAs': true,
      'script:export': true,
      'script:projectSettings': true,
      'script:render': true,
    })
  })

  it('Open Recent lists the recent projects by id and ends with Clear Recent', () => {
    const sent: MenuCommand[] = []
    const send = (command: MenuCommand) => sent.push(command)
    const empty = buildMenuTemplate(options({ send }))
    const emptyRecent = itemById(empty, 'script:openRecent').submenu as MenuItemConstructorOptions[]
    expect(emptyRecent.map((item) => [item.label, item.enabled])).toEqual([['Clear Recent', false]])

    const template = buildMenuTemplate(
      options({
        send,
        recent: [
          { id: '0123456789abcdef', label: 'book.voicedesk — /home/a' },
          { id: 'fedcba9876543210', label: 'ad.voicedesk — /home/b' },
        ],
      }),
    )
    const recent = itemById(template, 'script:openRecent').submenu as MenuItemConstructorOptions[]
    expect(recent.map((item) => item.label ?? item.type)).toEqual([
      'book.voicedesk — /home/a',
      'ad.voicedesk — /home/b',
      'separator',
      'Clear Recent',
    ])
    expect(recent.at(-1)?.enabled).toBe(true)
    for (const item of recent) if (item.click !== undefined) click(item)
    expect(sent).toEqual([
      { command: 'script:openRecent', recentId: '0123456789abcdef' },
      { command: 'script:openRecent', recentId: 'fedcba9876543210' },
      { command: 'script:clearRecent' },
    ])
  })

  it("Edit > Undo and Redo go to the window (the script's undo), with the usual keys", () => {
    const sent: MenuCommand[] = []
    const template = buildMenuTemplate(options({ send: (command) => sent.push(command) }))
    const edit = submenuOf(template, 'Edit')
    expect(edit.slice(0, 2).map((item) => [item.label, item.accelerator, item.enabled])).toEqual([
      ['Undo', 'CmdOrCtrl+Z', true],
      ['Redo', 'CmdOrCtrl+Shift+Z', true],
    ])
    edit.slice(0, 2).forEach(click)
    expect(sent).toEqual([{ command: 'edit:undo' }, { command: 'edit:redo' }])
  })

  it('View > Theme offers System, Light and Dark as radio items, the saved one checked', () => {
    const chosen: string[] = []
    const template = buildMenuTemplate(
      options({ theme: 'dark', setTheme: (theme) => chosen.push(theme) }),
    )
    const theme = itemById(template, 'view:theme').submenu as MenuItemConstructorOptions[]
    expect(theme.map((item) => [item.label, item.type, item.checked])).toEqual([
      ['System', 'radio', false],
      ['Light', 'radio', false],
      ['Dark', 'radio', true],
    ])
    theme.forEach(click)
    expect(chosen).toEqual(['system', 'light', 'dark'])
    expect(roles(submenuOf(template, 'View'))).toEqual(
      expect.arrayContaining(['resetZoom', 'zoomIn', 'zoomOut']),
    )
  })

  it('View > Chapters shows or hides the script outline, while a script is open', () => {
    const sent: MenuCommand[] = []
    const closed = buildMenuTemplate(options({ state: { scriptOpen: false } }))
    expect(itemById(closed, 'script:chapters').enabled).toBe(false)
    const open = buildMenuTemplate(
      options({ send: (command) => sent.push(command), state: { scriptOpen: true } }),
    )
    const item = itemById(open, 'script:chapters')
    expect([item.label, item.enabled]).toEqual(['Chapters', true])
    expect(submenuOf(open, 'View')).toContain(item)
    click(item)
    expect(sent).toEqual([{ command: 'script:chapters' }])
  })

  it('Help > Keyboard Shortcuts opens the sheet with Ctrl+/ (Cmd+/)', () => {
    const sent: MenuCommand[] = []
    const template = buildMenuTemplate(options({ send: (command) => sent.push(command) }))
    const item = itemById(template, 'help:shortcuts')
    expect([item.label, item.accelerator]).toEqual(['Keyboard Shortcuts', 'CmdOrCtrl+/'])
    click(item)
    expect(sent).toEqual([{ command: 'help:shortcuts' }])
  })

  it('every menu command but Open Recent (one per project) is an item, and no two keys clash', () => {
    for (const development of [false, true]) {
      const template = buildMenuTemplate(options({ development }))
      const ids = flatten(template).map((item) => item.id)
      for (const command of MENU_COMMANDS) expect(ids).toContain(command)
      const keys = [
        ...flatten(template).flatMap((item) =>
          item.accelerator !== undefined
            ? [item.accelerator]
            : item.role !== undefined && ROLE_ACCELERATORS[item.role] !== undefined
              ? [ROLE_ACCELERATORS[item.role]!]
              : [],
        ),
        // The shortcuts the window handles itself (workspaces, find, preview…).
        ...SHORTCUTS.filter(
          (shortcut) => shortcut.command === undefined && shortcut.keys.includes('+'),
        ).map((shortcut) => shortcut.keys),
      ].map(normal)
      expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([])
    }
  })

  it('offers Reload and developer tools only in development', () => {
    const release = roles(buildMenuTemplate(options({ development: false })))
    expect(release).not.toContain('reload')
    expect(release).not.toContain('forceReload')
    expect(release).not.toContain('toggleDevTools')
    const dev = roles(buildMenuTemplate(options({ development: true })))
    expect(dev).toEqual(expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools']))
  })

  it('adds the app menu on macOS', () => {
    const template = buildMenuTemplate(options({ isMac: true }))
    expect(template[0]?.label).toBe('VoiceDesk')
    expect(roles(template)).toEqual(expect.arrayContaining(['about', 'hide', 'quit', 'front']))
    expect(submenuOf(template, 'File').at(-1)?.role).toBe('close')
  })

  it('Help > Documentation calls the guarded opener', () => {
    const openDocs = vi.fn()
    const help = submenuOf(buildMenuTemplate(options({ openDocs })), 'help')
    const item = help.find((entry) => entry.label === 'VoiceDesk Documentation')
    expect(item?.label).toBe('VoiceDesk Documentation')
    click(item!)
    expect(openDocs).toHaveBeenCalledTimes(1)
    const withoutDocs = submenuOf(buildMenuTemplate(options({ openDocs: null })), 'help')
    expect(withoutDocs.map((entry) => entry.label ?? entry.role ?? entry.type)).toEqual([
      'Keyboard Shortcuts',
      'separator',
      'about',
    ])
  })
})
