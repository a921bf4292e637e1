import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { WebContents } from 'electron'
import {
  app,
  BrowserWindow,
  ipcMain,
  Menu,
  nativeTheme,
  protocol,
  screen,
  session,
  shell,
} from 'electron'
import { createElectronPlatform } from './electron-platform'
import { createLogger } from './core/log/logger'
import { startDevSandbox } from './dev-sandbox'
import { emitTo, registerIpc } from './ipc/register'
import { buildMenuTemplate } from './menu'
import type { MenuCommand, MenuState } from '../shared/domain/app'
import type { MainRuntime } from './runtime'
import { createMainRuntime } from './runtime'
import type { AppOrigin } from './security/app-origin'
import { httpAppOrigin, isAppUrl, schemeAppOrigin } from './security/app-origin'
import { createAppFileServer } from './security/app-file-server'
import { APP_ENTRY_URL, APP_SCHEME, APP_SCHEME_PRIVILEGES } from './security/app-protocol'
import { createExternalLinkOpener } from './security/external-links'
import { hardenSession, hardenWebContents } from './security/harden-window'
import { restorableBounds } from './window-state'
// Why an asset import (not extraResources): electron-vite resolves resources/ (main's public
// folder) from the bundle's own place at run time, so one path works in dev and inside the
// packaged asar, which ships this one file (electron-builder.yml `files`).
import windowIcon from '../../resources/icons/256x256.png?asset'

const logger = createLogger({ scope: 'main' })
const here = dirname(fileURLToPath(import.meta.url))
const rendererDir = join(here, '../renderer')
const devServerUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL
const development = !app.isPackaged
// The pages main trusts: the dev server in development, the app:// scheme (which serves the built
// renderer folder) otherwise.
const appOrigins: AppOrigin[] =
  devServerUrl !== undefined ? [httpAppOrigin(devServerUrl)] : [schemeAppOrigin()]
/** Where Help > Documentation points; none is built in until the project publishes one. */
const DOCS_URL: string | null = null

let runtime: MainRuntime | null = null
let mainWindow: BrowserWindow | null = null
/** What each window said it can do (app:setMenuState), by web contents id. */
const menuStates = new Map<number, MenuState>()
const NOTHING_OPEN: MenuState = { scriptOpen: false }

// One paced opener for window.open in every web contents and the Help menu (external-links.ts).
const openExternal = createExternalLinkOpener(shell)

// Every renderer is sandboxed, including any created by a library or a future feature.
app.enableSandbox()
// Why a privileged custom scheme and not file://: a file: page may read any other file: URL, and
// the grantFileProtocolExtraPrivileges fuse (off, electron-builder.yml) would have to stay on for
// its module scripts to load. app://voicedesk is a real, secure origin that serves one folder,
// with the CSP as a response header. Must be registered before the app is ready.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES])

if (!app.requestSingleInstanceLock()) {
  // Another VoiceDesk is running: it gets focus (below, in its process); this one leaves.
  app.quit()
} else {
  app.on('second-instance', () => {
    if (mainWindow === null) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })

  // Why harden on creation, not per window: every web contents (windows, devtools-opened pages,
  // anything a future feature creates) gets the navigation, popup and webview policy.
  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, {
      appOrigins,
      openExternal,
      onBlocked: (what, url) => logger.warn('blocked', { what, url: url.slice(0, 200) }),
    })
  })

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })

  let quitting = false
  app.on('will-quit', (event) => {
    if (runtime === null || quitting) return
    // Wait for settings writes and the sandbox to stop before the process ends.
    event.preventDefault()
    quitting = true
    const closing = runtime
    runtime = null
    closing
      .dispose()
      .catch((error: unknown) => logger.error('shutdown failed', { error: String(error) }))
      .finally(() => app.quit())
  })

  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      logger.error('startup failed', {
        error: error instanceof Error ? error.stack : String(error),
      })
      app.exit(1)
    })
}

function sendToAppWindows(channel: string, payload: unknown): void {
  for (const window of BrowserWindow.getAllWindows()) {
    const contents: WebContents = window.webContents
    if (contents.isDestroyed() || !isAppUrl(contents.getURL(), appOrigins)) continue
    contents.send(channel, payload)
  }
}

/** The window a menu command is for: the focused one, else the main window. */
function commandTarget(): BrowserWindow | null {
  const focused = BrowserWindow.getFocusedWindow() ?? mainWindow
  return focused !== null && !focused.isDestroyed() ? focused : null
}

function sendMenuCommand(command: MenuCommand): void {
  const target = commandTarget()
  if (target === null) return
  // Why only the focused window, and only an app page: a command acts on what the user is looking at.
  if (!isAppUrl(target.webContents.getURL(), appOrigins)) return
  emitTo(target.webContents)('app:menuCommand', command)
}

/**
 * Builds the application menu from the focused window's state, the recent projects and the theme;
 * called again whenever one of them changes (menus are immutable once built).
 */
async function installMenu(current: MainRuntime): Promise<void> {
  const recent = await current.services.script.documents.listRecent()
  const target = commandTarget()
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        appName: 'VoiceDesk',
        isMac: process.platform === 'darwin',
        development,
        openDocs:
          DOCS_URL === null
            ? null
            : () => {
                openExternal(DOCS_URL).catch((error: unknown) =>
                  logger.warn('could not open the documentation', { error: String(error) }),
                )
              },
        send: sendMenuCommand,
        state: (target && menuStates.get(target.webContents.id)) ?? NOTHING_OPEN,
        recent: recent
          .filter((entry) => entry.exists)
          .map((entry) => ({ id: entry.id, label: `${entry.fileName} — ${entry.location}` })),
        theme: current.services.settings.get().theme,
        setTheme: (theme) => {
          current
            .setTheme(theme)
            .catch((error: unknown) =>
              logger.warn('could not save the theme', { error: String(error) }),
            )
        },
      }),
    ),
  )
}

function refreshMenu(): void {
  if (runtime === null) return
  installMenu(runtime).catch((error: unknown) =>
    logger.warn('could not rebuild the menu', { error: String(error) }),
  )
}

async function start(): Promise<void> {
  hardenSession(session.defaultSession, { appOrigins, development })
  if (devServerUrl === undefined) serveRendererFolder()

  runtime = await createMainRuntime({
    userDataDir: app.getPath('userData'),
    platform: createElectronPlatform(logger),
    logger,
    startSandbox: () => startDevSandbox(app.getAppPath()),
    appOrigins,
    build: {
      name: 'VoiceDesk',
      version: app.getVersion(),
      platform: process.platform,
      development,
    },
    onMenuState: (ownerId, state) => {
      const before = menuStates.get(ownerId)
      menuStates.set(ownerId, state)
      if (before?.scriptOpen !== state.scriptOpen) refreshMenu()
    },
  })
  // Why set before the first window: native dialogs, menus and the page's prefers-color-scheme
  // follow themeSource, so the saved choice shows from the first frame.
  nativeTheme.themeSource = runtime.services.settings.get().theme
  registerIpc(ipcMain, runtime.dispatch)
  runtime.onEvent((event) => {
    sendToAppWindows(event.channel, event.payload)
    if (event.channel === 'app:themeChanged') {
      nativeTheme.themeSource = event.payload.theme
      refreshMenu()
    }
  })
  runtime.services.script.documents.recents.onChange((change) => {
    // macOS lists recent documents in the Dock menu and File > Open Recent of other apps' panels.
    if (process.platform === 'darwin') {
      if (change.kind === 'touched') app.addRecentDocument(change.path)
      if (change.kind === 'cleared') app.clearRecentDocuments()
    }
    refreshMenu()
  })
  app.on('browser-window-focus', refreshMenu)
  await installMenu(runtime)

  mainWindow = createMainWindow(runtime)
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0 && runtime !== null) {
      mainWindow = createMainWindow(runtime)
    }
  })
}

function createMainWindow(current: MainRuntime): BrowserWindow {
  const { settings } = current.services
  const saved = settings.get().window
  const bounds = restorableBounds(
    saved.bounds,
    screen.getAllDisplays().map((display) => display.workArea),
  )
  const window = new BrowserWindow({
    ...(bounds ?? { width: 1280, height: 820 }),
    minWidth: 880,
    minHeight: 560,
    show: false,
    title: 'VoiceDesk',
    // Linux takes the window icon from here; Windows and macOS from the executable and the bundle.
    ...(process.platform === 'linux' ? { icon: windowIcon } : {}),
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#17181c' : '#ffffff',
    // Spelled out here, as a literal, so the security scan (npm run security) reads the real
    // values; each is set even where it is Electron's default, so a changed default cannot
    // weaken the window.
    webPreferences: {
      preload: join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // Middle-click would otherwise try to open a new window (denied anyway, see harden-window).
      disableBlinkFeatures: 'Auxclick',
    },
  })
  if (bounds !== null && saved.maximized) window.maximize()
  window.once('ready-to-show', () => {
    window.show()
    void current.windowShown()
  })
  nativeTheme.on('updated', () => {
    if (!window.isDestroyed()) {
      window.setBackgroundColor(nativeTheme.shouldUseDarkColors ? '#17181c' : '#ffffff')
    }
  })

  // Remember where the window was, so the next start opens it there (if still on a display).
  let saveTimer: ReturnType<typeof setTimeout> | undefined
  const saveBounds = (): void => {
    if (window.isDestroyed()) return
    const normal = window.getNormalBounds()
    const bounds = {
      x: Math.round(normal.x),
      y: Math.round(normal.y),
      width: Math.max(200, Math.round(normal.width)),
      height: Math.max(150, Math.round(normal.height)),
    }
    settings
      .update(() => ({ window: { bounds, maximized: window.isMaximized() } }))
      .catch((error: unknown) =>
        logger.warn('could not save window bounds', { error: String(error) }),
      )
  }
  const saveSoon = (): void => {
    clearTimeout(saveTimer)
    saveTimer = setTimeout(saveBounds, 500)
  }
  window.on('resize', saveSoon)
  window.on('move', saveSoon)
  window.on('maximize', saveSoon)
  window.on('unmaximize', saveSoon)
  window.on('close', () => {
    clearTimeout(saveTimer)
    saveBounds()
  })
  // Read now: a closed window's web contents can no longer be asked for its id.
  const ownerId = window.webContents.id
  window.on('closed', () => {
    // Why: the jobs a window started (conversation follows, streams) must not outlive it.
    current.windowClosed(ownerId)
    menuStates.delete(ownerId)
    if (mainWindow === window) mainWindow = null
  })

  void window.loadURL(devServerUrl ?? APP_ENTRY_URL)
  return window
}

/** Answers app:// requests from the built renderer folder only (see app-file-server.ts). */
function serveRendererFolder(): void {
  // Errors are answered by the file server itself (500 with the security headers); logged here.
  const files = createAppFileServer(rendererDir, {
    onError: (error, url) =>
      logger.error('could not serve an app file', { url: url.slice(0, 200), error: String(error) }),
  })
  protocol.handle(APP_SCHEME, (request) => files.handle(request))
}
