import type { BrowserWindow as BrowserWindowType } from 'electron'
import { BrowserWindow, Notification, dialog, shell, webContents } from 'electron'
import type { Logger } from './core/log/logger'
import type { PlatformPorts } from './core/platform-ports'
import { openExternalUrl } from './security/external-links'

function windowOf(ownerId: number): BrowserWindowType | null {
  const contents = webContents.fromId(ownerId)
  if (contents === undefined || contents.isDestroyed()) return null
  return BrowserWindow.fromWebContents(contents)
}

/** The platform ports backed by Electron: native dialogs, the shell, notifications, taskbar progress. */
export function createElectronPlatform(logger: Logger): PlatformPorts {
  return {
    openExternal: (url) => openExternalUrl(url, shell),
    async showOpenDialog(ownerId, options) {
      const properties: ('openFile' | 'openDirectory' | 'createDirectory' | 'multiSelections')[] =
        options.directory === true ? ['openDirectory', 'createDirectory'] : ['openFile']
      if (options.multiple === true) properties.push('multiSelections')
      const owner = windowOf(ownerId)
      const settings = { title: options.title, filters: options.filters, properties }
      const result =
        owner === null
          ? await dialog.showOpenDialog(settings)
          : await dialog.showOpenDialog(owner, settings)
      return result.canceled || result.filePaths.length === 0 ? null : result.filePaths
    },
    async showSaveDialog(ownerId, options) {
      const owner = windowOf(ownerId)
      const settings = {
        title: options.title,
        defaultPath: options.defaultName,
        filters: options.filters,
      }
      const result =
        owner === null
          ? await dialog.showSaveDialog(settings)
          : await dialog.showSaveDialog(owner, settings)
      return result.canceled || result.filePath === undefined || result.filePath === ''
        ? null
        : result.filePath
    },
    async confirm(ownerId, question) {
      const owner = windowOf(ownerId)
      const settings = {
        type: 'warning' as const,
        title: question.title,
        message: question.message,
        detail: question.detail,
        buttons: [question.cancelLabel, question.confirmLabel],
        // Why cancel first and default: Enter or Escape on a surprise question keeps things as they were.
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      }
      const result =
        owner === null
          ? await dialog.showMessageBox(settings)
          : await dialog.showMessageBox(owner, settings)
      return result.response === 1
    },
    showItemInFolder: (path) => shell.showItemInFolder(path),
    async openPath(path) {
      const problem = await shell.openPath(path)
      if (problem !== '')
        logger.warn('could not open a file with its default application', { problem })
    },
    isWindowFocused: (ownerId) => windowOf(ownerId)?.isFocused() ?? false,
    notify({ title, body }) {
      if (Notification.isSupported()) new Notification({ title, body }).show()
    },
    setProgress(ownerId, fraction) {
      const window = windowOf(ownerId)
      if (window === null || window.isDestroyed()) return
      // -1 removes the bar (Electron's convention); values are clamped to 0..1.
      window.setProgressBar(fraction === null ? -1 : Math.min(1, Math.max(0, fraction)))
    },
  }
}
