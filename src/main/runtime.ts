import type { AccountStatus } from '../shared/domain/account'
import type { MenuState, ThemeChoice } from '../shared/domain/app'
import type { EventChannel, EventOf } from '../shared/ipc/contract'
import type { SandboxAccount, VerifyCredential } from './core/account/account-ports'
import { AccountService } from './core/account/account-service'
import type { TrustGroups } from './core/account/credential-binding'
import type { Clock } from './core/clock'
import { createUpstreamVerifier } from './core/account/upstream-verifier'
import { ConversationService } from './core/conversations/conversation-service'
import { InboxService } from './core/conversations/inbox-service'
import { exportConversationBatch } from './core/conversations/batch-export'
import { systemClock } from './core/clock'
import { UpstreamAccess } from './core/account/upstream-access'
import { JobRegistry } from './core/jobs/job-registry'
import type { Logger } from './core/log/logger'
import { createLogger } from './core/log/logger'
import { FallbackSecretStore } from './core/secrets/fallback-secret-store'
import { KeytarSecretStore } from './core/secrets/keytar-secret-store'
import type { SecretStore } from './core/secrets/secret-store'
import type { UpstreamClient } from './core/upstream/upstream-client'
import { ScriptWorkspaceService } from './core/script-workspace/script-workspace-service'
import { SettingsStore } from './core/settings/settings-store'
import { VoicesService } from './core/voices/voices-service'
import type { Dispatch, Handlers, SenderInfo } from './ipc/dispatch'
import { createDispatcher } from './ipc/dispatch'
import { createAccountHandlers } from './ipc/handlers/account'
import { createAppHandlers } from './ipc/handlers/app'
import { createConversationHandlers } from './ipc/handlers/conversations'
import { createInboxHandlers } from './ipc/handlers/conversation-inbox'
import type { ExportConversationBatch } from './ipc/handlers/conversation-inbox'
import { createJobHandlers } from './ipc/handlers/jobs'
import { createScriptHandlers } from './ipc/handlers/script'
import { createVoicesHandlers } from './ipc/handlers/voices'
import type { PlatformPorts } from './core/platform-ports'
import type { BuildInfo } from './ipc/handlers/app'
import type { AppOrigin } from './security/app-origin'
import { isTrustedSender } from './security/sender'
import { configurePlanning } from './core/narration/offload/plan-offload'

/**
 * Events sent only to one window: the one that started the work (through the handler's `emit`),
 * or the focused one (a menu command, sent by index.ts).
 */
type WindowOnlyChannel = 'voices:tryAudio' | 'voices:tryEnded' | 'app:menuCommand'
/** The Conversations workspace's events go only to the window that follows the conversation. */
type ConversationChannel = Extract<EventChannel, `conversations:${string}`>
/** The Script workspace's renders and previews report only to the window that started them. */
type ScriptChannel = Extract<EventChannel, `script:${string}`>
type BroadcastChannel = Exclude<
  EventChannel,
  WindowOnlyChannel | ConversationChannel | ScriptChannel
>

/** A main -> renderer event meant for every window. */
export type RuntimeEvent = EventOf<BroadcastChannel>

export interface MainRuntimeOptions {
  /** Electron's userData folder, or a temporary folder in tests. */
  userDataDir: string
  /** Time and timers for main's services (token expiry). Default: the system clock. */
  clock?: Clock
  /** Default: the OS keychain (keytar), falling back to session-only memory if it is unavailable. */
  secretStore?: SecretStore
  platform: PlatformPorts
  logger?: Logger
  /** The development sandbox, already started; used while no credential is configured. */
  sandbox?: SandboxAccount | null
  /**
   * Starts the development sandbox, called only when no credential is configured (so a dev run
   * with a real key never starts it). Its `stop` runs on dispose.
   */
  startSandbox?: () => Promise<(SandboxAccount & { stop(): Promise<void> }) | null>
  /** The app's own origins, or a custom sender predicate (the e2e host). */
  appOrigins: readonly AppOrigin[] | ((sender: SenderInfo) => boolean)
  /** Name, version, platform of the build. Default: VoiceDesk, package version unknown, Node's platform. */
  build?: Partial<BuildInfo>
  /**
   * Origins that are one service (its current and legacy addresses): a saved key works on all of
   * them. Default: SERVICE_TRUST_GROUPS (account/credential-binding.ts).
   */
  trustGroups?: TrustGroups
  /** The "Verify" port. Default: GET {baseUrl}/v1/voices through the upstream client. */
  verifyCredential?: VerifyCredential
  /** Batch export of conversations. Default: core/conversations/batch-export.ts. */
  exportConversationBatch?: ExportConversationBatch
  /** A window said what it can do now (app:setMenuState); index.ts rebuilds the menu. Default: ignored. */
  onMenuState?: (ownerId: number, state: MenuState) => void
}

/** The main process without Electron: the dispatcher, the services, and events for all windows. */
export interface MainRuntime {
  dispatch: Dispatch
  services: {
    account: AccountService
    settings: SettingsStore
    secrets: SecretStore
    /** The account's client and its one synthesis scheduler, shared by every feature. */
    upstream: UpstreamAccess
    /** Long work (renders, streams, downloads, watches), cancellable by the window that started it. */
    jobs: JobRegistry
    /** Conversation follows, the local list, recordings and exports (the Conversations workspace). */
    conversations: ConversationService
    /** The Conversations inbox: list pages, agents, stats, evaluation summaries, live pollers. */
    inbox: InboxService
    /** Voice list, media cache, personal voices, samples and trials (the Voices workspace). */
    voices: VoicesService
    /** Script documents, the recent-projects list, renders (the Script workspace). */
    script: ScriptWorkspaceService
  }
  /** Saves the colour theme and tells every window (app:themeChanged); the View menu calls it. */
  setTheme(theme: ThemeChoice): Promise<ThemeChoice>
  /** A window closed: its jobs are cancelled and what the services kept for it is forgotten. */
  windowClosed(ownerId: number): void
  /** Events meant for every window (account:changed); returns the unsubscribe. */
  onEvent(listener: (event: RuntimeEvent) => void): () => void
  /** Stops timers and the sandbox this runtime started, and waits for settings writes. */
  dispose(): Promise<void>
}

/**
 * Builds everything the main process does, minus Electron: settings, secrets, account, handlers
 * and the dispatcher. index.ts calls it with real Electron ports; the e2e browser host with test
 * ports, so both run the very same handlers.
 */
export async function createMainRuntime(options: MainRuntimeOptions): Promise<MainRuntime> {
  const logger = options.logger ?? createLogger({ scope: 'main' })
  configurePlanning({ logger: logger.child('planning') })
  const settings = await SettingsStore.open(options.userDataDir)
  const reset = settings.report.resetFrom
  if (reset !== null) logger.warn('settings reset to defaults', { ...reset })

  let secrets = options.secretStore
  if (secrets === undefined) {
    const fallback = new FallbackSecretStore(new KeytarSecretStore(), {
      onFallback: (error) =>
        logger.warn('system keychain unavailable; credentials kept for this session only', {
          error: error instanceof Error ? error.message : String(error),
        }),
    })
    // Why probe now: the UI must say "session only" before the user types a key, not after.
    await fallback.get('api-key')
    secrets = fallback
  }

  let sandbox = options.sandbox ?? null
  let stopSandbox: (() => Promise<void>) | null = null
  if (
    sandbox === null &&
    options.startSandbox !== undefined &&
    settings.get().credential === 'none'
  ) {
    const started = await options.startSandbox()
    if (started !== null) {
      sandbox = { baseUrl: started.baseUrl, apiKey: started.apiKey }
      stopSandbox = () => started.stop()
      logger.info('development sandbox started', { baseUrl: started.baseUrl })
    }
  }

  const account = await AccountService.create({
    settings,
    secrets,
    verifyCredential:
      options.verifyCredential ?? createUpstreamVerifier({ logger: logger.child('verify') }),
    logger: logger.child('account'),
    sandbox,
    ...(options.trustGroups === undefined ? {} : { trustGroups: options.trustGroups }),
    clock: options.clock,
  })

  // Every service is built the same way: its class, one options object, `create` when it first
  // loads what it kept on disk. Each reaches the service through the account's one client.
  const upstream = new UpstreamAccess({ account, logger: logger.child('upstream') })
  const client = (): UpstreamClient => upstream.client()
  const jobs = new JobRegistry()
  const conversations = await ConversationService.create({
    userDataDir: options.userDataDir,
    client,
    // The account's client: its credential, connection and conversation-read limit, so an
    // export and the live polling of the same account share one budget.
    readRaw: (id, signal) => client().readRawConversation(id, signal ? { signal } : {}),
    jobs,
    logger: logger.child('conversations'),
  })
  const accountIdentity = (): string => {
    const status = account.getStatus()
    return `${status.baseUrl}|${status.credential}|${status.keyHint ?? ''}`
  }
  const inbox = new InboxService({
    client,
    accountIdentity,
    clock: options.clock ?? systemClock,
    logger: logger.child('inbox'),
  })
  const voices = await VoicesService.create({
    userDataDir: options.userDataDir,
    client,
    jobs,
    dialogs: options.platform,
    logger: logger.child('voices'),
    accountIdentity,
  })

  const script = new ScriptWorkspaceService({
    userDataDir: options.userDataDir,
    jobs,
    platform: options.platform,
    client,
    logger: logger.child('script'),
    // Renders check their voices against the list the Voices workspace already holds.
    voices: (refresh) => voices.list(refresh),
  })

  const listeners = new Set<(event: RuntimeEvent) => void>()
  const broadcast = (event: RuntimeEvent): void => {
    for (const listener of listeners) {
      try {
        listener(event)
      } catch (error) {
        logger.error('event listener failed', { channel: event.channel, error: String(error) })
      }
    }
  }
  const unsubscribeAccount = account.onChanged((status: AccountStatus) =>
    broadcast({ channel: 'account:changed', payload: status }),
  )

  const setTheme = async (theme: ThemeChoice): Promise<ThemeChoice> => {
    await settings.update(() => ({ theme }))
    broadcast({ channel: 'app:themeChanged', payload: { theme } })
    return theme
  }

  const build: BuildInfo = {
    name: options.build?.name ?? 'VoiceDesk',
    version: options.build?.version ?? '0.0.0',
    platform: options.build?.platform ?? process.platform,
    development: options.build?.development ?? false,
  }
  const handlers: Handlers = {
    ...createScriptHandlers(script, options.platform),
    ...createAppHandlers({
      build,
      account,
      platform: options.platform,
      theme: { get: () => settings.get().theme, set: setTheme },
      onMenuState: options.onMenuState ?? (() => {}),
    }),
    ...createAccountHandlers(account, options.platform),
    ...createJobHandlers(jobs),
    ...createConversationHandlers({ conversations, platform: options.platform }),
    ...createInboxHandlers({
      inbox,
      jobs,
      platform: options.platform,
      client,
      exportBatch: options.exportConversationBatch ?? exportConversationBatch,
      ...(options.clock ? { clock: options.clock } : {}),
    }),
    ...createVoicesHandlers(voices, options.platform),
  }

  const origins = options.appOrigins
  const dispatch = createDispatcher({
    handlers,
    isTrustedSender:
      typeof origins === 'function' ? origins : (sender) => isTrustedSender(sender, origins),
    onUnexpectedError: (channel, error) =>
      logger.error('unexpected error in IPC handler', {
        channel,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  })

  let disposed = false
  return {
    dispatch,
    services: { account, settings, secrets, upstream, jobs, voices, conversations, inbox, script },
    setTheme,
    windowClosed(ownerId) {
      jobs.cancelOwnedBy(ownerId)
      inbox.forgetWindow(ownerId)
      voices.forgetWindow(ownerId)
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
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
      listeners.clear()
      await settings.flush()
      await voices.flush()
      await script.flush()
      if (stopSandbox !== null) await stopSandbox()
    },
  }
}
