import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import { buildMenuTemplate } from './menu'

vi.mock('electron', () => ({}))

function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu) : []),
  ])
}

describe('buildMenuTemplate', () => {
  it('has File, Edit, View, Window and Help with the standard roles', () => {
    const template = buildMenuTemplate({
      appName: 'VoiceDesk',
      isMac: false,
      development: false,
      openDocs: () => {},
    })
    expect(template.map((m) => m.label ?? m.role)).toEqual([
      'File',
      'Edit',
      'View',
      'Window',
      'help',
    ])
    expect(roles(template)).toEqual(
      expect.arrayContaining([
        'quit',
        'undo',
        'redo',
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
  })

  it('offers Reload and developer tools only in development', () => {
    const release = roles(
      buildMenuTemplate({ appName: 'VoiceDesk', isMac: false, development: false, openDocs: null }),
    )
    expect(release).not.toContain('reload')
    expect(release).not.toContain('forceReload')
    expect(release).not.toContain('toggleDevTools')
    const dev = roles(
      buildMenuTemplate({ appName: 'VoiceDesk', isMac: false, development: true, openDocs: null }),
    )
    expect(dev).toEqual(expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools']))
  })

  it('adds the app menu on macOS', () => {
    const template = buildMenuTemplate({
      appName: 'VoiceDesk',
      isMac: true,
      development: false,
      openDocs: null,
    })
    expect(template[0]?.label).toBe('VoiceDesk')
    expect(roles(template)).toEqual(expect.arrayContaining(['about', 'hide', 'quit', 'front']))
  })

  it('Help > Documentation calls the guarded opener', () => {
    const openDocs = vi.fn()
    const help = buildMenuTemplate({
      appName: 'VoiceDesk',
      isMac: false,
      development: false,
      openDocs,
    }).at(-1)
    const item = (help?.submenu as MenuItemConstructorOptions[])[0]
    expect(item?.label).toBe('VoiceDesk Documentation')
    ;(item?.click as () => void)()
    expect(openDocs).toHaveBeenCalledTimes(1)
  })
})
