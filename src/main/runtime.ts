import { AppError } from '../shared/errors'
import type { AccountStatus } from '../shared/domain/account'
import type { MenuState, ThemeChoice } from '../shared/domain/app'
import type { EventChannel, EventOf } from '../shared/ipc/contract'
import { maskStrings } from '../shared/credential-redaction'
import { exportConversationBatch } from './core/conversations/batch-export'
import { ExportedFiles } from './core/conversations/exported-files'
import type { Logger } from './core/log/logger'
import { createLogger } from './core/log/logger'
import { configurePlanning } from './core/narration/offload/plan-offload'
import type { Dispatch, Handlers, SenderInfo } from './ipc/dispatch'
import { createDispatcher } from './ipc/dispatch'
import { createAccountHandlers } from './ipc/handlers/account'
import type { BuildInfo } from './ipc/handlers/app'
import { createAppHandlers } from './ipc/handlers/app'
import type { ExportConversationBatch } from './ipc/handlers/conversation-inbox'
import { createInboxHandlers } from './ipc/handlers/conversation-inbox'
import { createOverviewHandlers } from './ipc/handlers/conversation-overview'
import { createConversationHandlers } from './ipc/handlers/conversations'
import { createJobHandlers } from './ipc/handlers/jobs'
import { createLexiconHandlers } from './ipc/handlers/lexicon'
import { createScriptHandlers } from './ipc/handlers/script'
import { createVoicesHandlers } from './ipc/handlers/voices'
import { createVoiceoverHandlers } from './ipc/handlers/voiceover'
import type { RuntimeServices, ServiceOptions } from './runtime-services'
import { createServices } from './runtime-services'
import type { AppOrigin } from './security/app-origin'
import { isTrustedSender } from './security/sender'

/**
 * Events sent only to one window: the one that started the work (through the handler's `emit`),
 * or the focused one (a menu command, sent by index.ts).
 */
type WindowOnlyChannel = 'voices:tryAudio' | 'voices:tryEnded' | 'app:menuCommand'
/** The Conversations workspace's events go only to the window that follows the conversation. */
type ConversationChannel = Extract<EventChannel, `conversations:${string}`>
/** The Script workspace's renders and previews report only to the window that started them. */
type ScriptChannel = Extract<EventChannel, `script:${string}`>
/** A voice-over render reports only to the window that started it. */
type VoiceoverChannel = Extract<EventChannel, `voiceover:${string}`>
type BroadcastChannel = Exclude<
  EventChannel,
  WindowOnlyChannel | ConversationChannel | ScriptChannel | VoiceoverChannel
>

/** A main -> renderer event meant for every window. */
export type RuntimeEvent = EventOf<BroadcastChannel>

export interface MainRuntimeOptions extends ServiceOptions {
  logger?: Logger
  /** The app's own origins, or a custom sender predicate (the e2e host). */
  appOrigins: readonly AppOrigin[] | ((sender: SenderInfo) => boolean)
  /** Name, version, platform of the build. Default: VoiceDesk, package version unknown, Node's platform. */
  build?: Partial<BuildInfo>
  /** Batch export of conversations. Default: core/conversations/batch-export.ts. */
  exportConversationBatch?: ExportConversationBatch
  /** A window said what it can do now (app:setMenuState); index.ts rebuilds the menu. Default: ignored. */
  onMenuState?: (ownerId: number, state: MenuState) => void
}

/** The main process without Electron: the dispatcher, the services, and events for all windows. */
export interface MainRuntime {
  dispatch: Dispatch
  services: RuntimeServices
  /** Saves the colour theme and tells every window (app:themeChanged); the View menu calls it. */
  setTheme(theme: ThemeChoice): Promise<ThemeChoice>
  /** A window closed: its jobs are cancelled and what the services kept for it is forgotten. */
  windowClosed(ownerId: number): void
  /** A window is on screen: its first screens' data is loaded ahead (never rejects). */
  windowShown(): Promise<void>
  /** Events meant for every window (account:changed); returns the unsubscribe. */
  onEvent(listener: (event: RuntimeEvent) => void): () => void
  /** Stops timers and the sandbox this runtime started, and waits for settings writes. */
  dispose(): Promise<void>
}

/** Events for every window: listeners added and removed, and one send that survives a failing one. */
function createEventHub(logger: Logger): {
  broadcast: (event: RuntimeEvent) => void
  onEvent: (listener: (event: RuntimeEvent) => void) => () => void
  clear: () => void
} {
  const listeners = new Set<(event: RuntimeEvent) => void>()
  return {
    broadcast: (unmasked) => {
      // Why mask here: every window receives this, so it gets what the page may see, no secret.
      const event = maskStrings(unmasked, (text) => logger.maskText(text))
      for (const listener of listeners) {
        try {
          listener(event)
        } catch (error) {
          logger.error('event listener failed', { channel: event.channel, error: String(error) })
        }
      }
    },
    onEvent: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    clear: () => listeners.clear(),
  }
}

/**
 * What the service sent for the signed-out account, off this computer: the saved calls of the
 * overview and the downloaded recordings.
 */
async function eraseAccountData(
  overview: Pick<RuntimeServices['overview'], 'eraseSaved'>,
  recordings: { clear(): Promise<void> },
): Promise<void> {
  try {
    await Promise.all([overview.eraseSaved(), recordings.clear()])
  } catch (error) {
    throw new AppError(
      'DISK',
      'Your key is forgotten, but the calls and recordings saved from that account could not all be deleted. Close VoiceDesk and choose Forget again.',
      { cause: error },
    )
  }
}

/** Every channel's handler, each area's from its services. */
function createHandlers(
  services: RuntimeServices,
  options: MainRuntimeOptions,
  setTheme: (theme: ThemeChoice) => Promise<ThemeChoice>,
): Handlers {
  const {
    account,
    settings,
    jobs,
    conversations,
    inbox,
    overview,
    voices,
    script,
    upstream,
    usage,
    lexicon,
    voiceover,
  } = services
  const { platform } = options
  const exported = new ExportedFiles()
  const build: BuildInfo = {
    name: options.build?.name ?? 'VoiceDesk',
    version: options.build?.version ?? '0.0.0',
    platform: options.build?.platform ?? process.platform,
    development: options.build?.development ?? false,
  }
  return {
    ...createScriptHandlers(script, platform, {
      get: () => settings.get().cleanupRules,
      set: async (cleanupRules) => {
        await settings.update(() => ({ cleanupRules }))
      },
    }),
    ...createAppHandlers({
      build,
      account,
      platform,
      theme: { get: () => settings.get().theme, set: setTheme },
      onMenuState: options.onMenuState ?? (() => {}),
      ...(options.clock ? { clock: options.clock } : {}),
    }),
    ...createAccountHandlers(
      account,
      platform,
      usage,
      () => eraseAccountData(overview, conversations.recordings),
      options.clock ? { clock: options.clock } : {},
    ),
    ...createJobHandlers(jobs),
    ...createConversationHandlers({ conversations, platform, exported }),
    ...createInboxHandlers({
      inbox,
      jobs,
      platform,
      client: () => upstream.client(),
      exportBatch: options.exportConversationBatch ?? exportConversationBatch,
      exported,
      ...(options.clock ? { clock: options.clock } : {}),
    }),
    ...createOverviewHandlers({ overview, jobs }),
    ...createVoicesHandlers(voices, platform),
    ...createLexiconHandlers(lexicon),
    ...createVoiceoverHandlers(voiceover),
  }
}

/** The dispatcher: the sender check for the app's origins, and unexpected errors logged. */
function createRuntimeDispatch(
  handlers: Handlers,
  options: MainRuntimeOptions,
  logger: Logger,
): Dispatch {
  const origins = options.appOrigins
  return createDispatcher({
    handlers,
    isTrustedSender:
      typeof origins === 'function' ? origins : (sender) => isTrustedSender(sender, origins),
    maskText: (text) => logger.maskText(text),
    onUnexpectedError: (channel, error) =>
      logger.error('unexpected error in IPC handler', {
        channel,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  })
}

/**
 * Builds everything the main process does, minus Electron: settings, secrets, account, handlers
 * and the dispatcher. index.ts calls it with real Electron ports; the e2e browser host with test
 * ports, so both run the very same handlers.
 */
export async function createMainRuntime(options: MainRuntimeOptions): Promise<MainRuntime> {
  const logger = options.logger ?? createLogger({ scope: 'main' })
  configurePlanning({ logger: logger.child('planning') })
  const { services, stopSandbox } = await createServices(options, logger)
  const { account, settings, upstream, jobs, voices, conversations, inbox, script } = services
  const events = createEventHub(logger)
  const unsubscribeAccount = account.onChanged((status: AccountStatus) => {
    events.broadcast({ channel: 'account:changed', payload: status })
    // A key set or changed: its saved calls are loaded now, not when Conversations is opened.
    if (status.credential !== 'none') void services.overview.warmUp()
  })
  const setTheme = async (theme: ThemeChoice): Promise<ThemeChoice> => {
    await settings.update(() => ({ theme }))
    events.broadcast({ channel: 'app:themeChanged', payload: { theme } })
    return theme
  }
  const handlers = createHandlers(services, options, setTheme)

  let disposed = false
  return {
    dispatch: createRuntimeDispatch(handlers, options, logger),
    services,
    setTheme,
    windowClosed(ownerId) {
      jobs.cancelOwnedBy(ownerId)
      inbox.forgetWindow(ownerId)
      voices.forgetWindow(ownerId)
    },
    onEvent: events.onEvent,
    async windowShown() {
      // Why after the window shows: the start stays as quick as before; the saved calls are then
      // read and counted in turns of main's loop, before the user opens Conversations.
      if (account.getStatus().credential !== 'none') await services.overview.warmUp()
    },
    async dispose() {
      if (disposed) return
      disposed = true
      unsubscribeAccount()
      jobs.cancelAll()
      inbox.dispose()
      await conversations.dispose()
      upstream.dispose()
      account.dispose()
      events.clear()
      await settings.flush()
      await voices.flush()
      await script.flush()
      await services.usage.flush()
      if (stopSandbox !== null) await stopSandbox()
    },
  }
}
