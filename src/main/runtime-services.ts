import { join } from 'node:path'
import { LexiconService } from './core/lexicon/lexicon-service'
import { UserLexiconStore } from './core/lexicon/user-lexicon-store'
import type { SandboxAccount, VerifyCredential } from './core/account/account-ports'
import { AccountService } from './core/account/account-service'
import type { AccountServiceOptions } from './core/account/account-service'
import type { TrustGroups } from './core/account/credential-binding'
import { UpstreamAccess } from './core/account/upstream-access'
import { createUpstreamVerifier } from './core/account/upstream-verifier'
import type { Clock } from './core/clock'
import { systemClock } from './core/clock'
import { ConversationService } from './core/conversations/conversation-service'
import { InboxService } from './core/conversations/inbox-service'
import { OverviewService } from './core/conversations/overview/overview-service'
import { JobRegistry } from './core/jobs/job-registry'
import type { Logger } from './core/log/logger'
import type { PlatformPorts } from './core/platform-ports'
import { ScriptWorkspaceService } from './core/script-workspace/script-workspace-service'
import { FallbackSecretStore } from './core/secrets/fallback-secret-store'
import { KeytarSecretStore } from './core/secrets/keytar-secret-store'
import type { SecretStore } from './core/secrets/secret-store'
import { SettingsStore } from './core/settings/settings-store'
import type { UpstreamClient } from './core/upstream/upstream-client'
import { countedClientOf } from './core/usage/counted-client'
import { UsageStore } from './core/usage/usage-store'
import { USAGE_PREVIEWS } from '../shared/domain/usage'
import { VoicesService } from './core/voices/voices-service'
import { VoiceoverWorkspace } from './core/voiceover-workspace/voiceover-workspace'

/**
 * What an account's saved calls are kept under: its service address and the key's last four
 * characters (hashed into the file name), never the key; null without a credential.
 */
function overviewCacheIdentity(account: AccountService): string | null {
  const status = account.getStatus()
  return status.credential === 'none' ? null : `${status.baseUrl}|${status.keyHint ?? ''}`
}

/** What the services are built from (the runtime's options that are not about IPC or windows). */
export interface ServiceOptions {
  /** Electron's userData folder, or a temporary folder in tests. */
  userDataDir: string
  /**
   * Time and timers for main's services (token expiry, conversation follows, the inbox poller).
   * Default: the system clock.
   */
  clock?: Clock
  /** Default: the OS keychain (keytar), falling back to session-only memory if it is unavailable. */
  secretStore?: SecretStore
  platform: PlatformPorts
  /** The development sandbox, already started; used while no credential is configured. */
  sandbox?: SandboxAccount | null
  /**
   * Starts the development sandbox, called only when no credential is configured (so a dev run
   * with a real key never starts it). Its `stop` runs on dispose.
   */
  startSandbox?: () => Promise<(SandboxAccount & { stop(): Promise<void> }) | null>
  /**
   * Origins that are one service (its current and legacy addresses): a saved key works on all of
   * them. Default: SERVICE_TRUST_GROUPS (account/credential-binding.ts).
   */
  trustGroups?: TrustGroups
  /** The "Verify" port. Default: GET {baseUrl}/v1/voices through the upstream client. */
  verifyCredential?: VerifyCredential
  /**
   * The service's address used until the user sets one, so the first run asks only for the key.
   * Default: SERVICE_DEFAULT_ADDRESS (account/service-address.ts).
   */
  defaultBaseUrl?: string
  /** The service's page where credit is added. Default: this build's (built-in-deployment.ts). */
  defaultAccountPage?: string
}

/** Every service of the main process, each built once. */
export interface RuntimeServices {
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
  /** The Conversations overview: a period's figures, paged from the list in main and kept a while. */
  overview: OverviewService
  /** Voice list, media cache, personal voices, samples and trials (the Voices workspace). */
  voices: VoicesService
  /** Script documents, the recent-projects list, renders (the Script workspace). */
  script: ScriptWorkspaceService
  /** Billable characters this computer sent, by month and project (Account's usage table). */
  usage: UsageStore
  /** The pronunciations every project shares, and PLS/CSV files in and out. */
  lexicon: LexiconService
  /** Voice-over projects from subtitles (the Voice-over workspace). */
  voiceover: VoiceoverWorkspace
}

/** The shared pronunciations, which every plan of `script` reads under the project's own. */
async function openLexicon(
  userDataDir: string,
  script: ScriptWorkspaceService,
  platform: PlatformPorts,
  logger: Logger,
): Promise<LexiconService> {
  const store = await UserLexiconStore.open(userDataDir)
  script.documents.shareLexicon(() => store.get())
  return new LexiconService({
    store,
    dialogs: platform,
    projectAt: (docId, revision) => script.documents.projectAt(docId, revision),
    logger: logger.child('lexicon'),
  })
}

/** The Voice-over workspace, on the Script workspace's cache: a line is never paid for twice. */
function voiceoverWorkspace(
  userDataDir: string,
  script: ScriptWorkspaceService,
  ports: {
    jobs: JobRegistry
    platform: PlatformPorts
    client: () => UpstreamClient
    usage: UsageStore
    logger: Logger
  },
): VoiceoverWorkspace {
  return new VoiceoverWorkspace({
    userDataDir,
    cacheDir: join(userDataDir, 'narration-cache'),
    cache: () => script.cache(),
    jobs: ports.jobs,
    dialogs: ports.platform,
    client: ports.client,
    usage: ports.usage,
    logger: ports.logger.child('voiceover'),
  })
}

/** The OS keychain, falling back to session-only memory; probed before the window asks. */
async function openKeychain(logger: Logger): Promise<SecretStore> {
  const fallback = new FallbackSecretStore(new KeytarSecretStore(), {
    onFallback: (error) =>
      logger.warn('system keychain unavailable; credentials kept for this session only', {
        error: error instanceof Error ? error.message : String(error),
      }),
  })
  // Why probe now: the UI must say "session only" before the user types a key, not after.
  await fallback.get('api-key')
  return fallback
}

/** The sandbox given, or one started because no credential is configured; with how to stop it. */
async function sandboxFor(
  options: ServiceOptions,
  settings: SettingsStore,
  logger: Logger,
): Promise<{ sandbox: SandboxAccount | null; stopSandbox: (() => Promise<void>) | null }> {
  const given = options.sandbox ?? null
  if (given !== null || options.startSandbox === undefined) {
    return { sandbox: given, stopSandbox: null }
  }
  if (settings.get().credential !== 'none') return { sandbox: null, stopSandbox: null }
  const started = await options.startSandbox()
  if (started === null) return { sandbox: null, stopSandbox: null }
  logger.info('development sandbox started', { baseUrl: started.baseUrl })
  return {
    sandbox: { baseUrl: started.baseUrl, apiKey: started.apiKey },
    stopSandbox: () => started.stop(),
  }
}

/**
 * Builds every service one way: its class with one options object, `create` when it first loads
 * what it kept on disk. Each reaches the service through the account's one client.
 */
/** The deployment's addresses a runtime was given (tests, the e2e hosts); else the build's. */
function deploymentOf(
  options: ServiceOptions,
): Pick<AccountServiceOptions, 'defaultBaseUrl' | 'defaultAccountPage'> {
  const { defaultBaseUrl, defaultAccountPage } = options
  return {
    ...(defaultBaseUrl === undefined ? {} : { defaultBaseUrl }),
    ...(defaultAccountPage === undefined ? {} : { defaultAccountPage }),
  }
}

export async function createServices(
  options: ServiceOptions,
  logger: Logger,
): Promise<{ services: RuntimeServices; stopSandbox: (() => Promise<void>) | null }> {
  const { userDataDir, platform } = options
  const settings = await SettingsStore.open(userDataDir)
  const reset = settings.report.resetFrom
  if (reset !== null) logger.warn('settings reset to defaults', { ...reset })
  const secrets = options.secretStore ?? (await openKeychain(logger))
  const { sandbox, stopSandbox } = await sandboxFor(options, settings, logger)
  const account = await AccountService.create({
    settings,
    secrets,
    verifyCredential:
      options.verifyCredential ?? createUpstreamVerifier({ logger: logger.child('verify') }),
    logger: logger.child('account'),
    sandbox,
    ...(options.trustGroups === undefined ? {} : { trustGroups: options.trustGroups }),
    ...deploymentOf(options),
    clock: options.clock,
  })
  const upstream = new UpstreamAccess({ account, logger: logger.child('upstream') })
  const client = (): UpstreamClient => upstream.client()
  const jobs = new JobRegistry()
  const clock = options.clock ?? systemClock
  const conversations = await ConversationService.create({
    userDataDir,
    client,
    // The account's client: its credential, connection and conversation-read limit, so an
    // export and the live polling of the same account share one budget.
    readRaw: (id, signal) => client().readRawConversation(id, signal ? { signal } : {}),
    jobs,
    logger: logger.child('conversations'),
    // Why passed: a follow waits a second between reads on this clock, so a test that moves it
    // sees exactly the reads a user's app makes, without waiting for them.
    clock,
  })
  const accountIdentity = (): string => {
    const status = account.getStatus()
    return `${status.baseUrl}|${status.credential}|${status.keyHint ?? ''}`
  }
  const inbox = new InboxService({ client, accountIdentity, clock, logger: logger.child('inbox') })
  const overview = new OverviewService({
    ...{ inbox, accountIdentity, clock, userDataDir, logger: logger.child('overview') },
    cacheIdentity: () => overviewCacheIdentity(account),
  })
  const usage = await UsageStore.open(userDataDir, { clock, logger: logger.child('usage') })
  const voices = await VoicesService.create({
    userDataDir,
    // A voice tried with the user's own text is billed like any speech: counted as a preview.
    client: countedClientOf(client, usage, USAGE_PREVIEWS),
    jobs,
    dialogs: platform,
    logger: logger.child('voices'),
    accountIdentity,
  })
  const script = new ScriptWorkspaceService({
    userDataDir,
    usage,
    jobs,
    platform,
    client,
    logger: logger.child('script'),
    // Renders check their voices against the list the Voices workspace already holds.
    voices: (refresh) => voices.list(refresh),
  })
  const lexicon = await openLexicon(userDataDir, script, platform, logger)
  return {
    services: {
      account,
      settings,
      secrets,
      upstream,
      jobs,
      conversations,
      inbox,
      overview,
      voices,
      script,
      usage,
      lexicon,
      voiceover: voiceoverWorkspace(userDataDir, script, { jobs, platform, client, usage, logger }),
    },
    stopSandbox,
  }
}
