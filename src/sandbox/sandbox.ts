import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import {
  SandboxControl,
  type AccountPatch,
  type ConversationFeedPatch,
  type ConversationFeedSettings,
  type SandboxStateSummary,
} from './control.js'
import { ConversationFeed, DEFAULT_FEED_EVERY_MS } from './conversations/conversation-feed.js'
import type {
  StartConversationOptions,
  StartedConversation,
} from './conversations/live-conversation.js'
import { ConversationStore } from './conversations/conversation-store.js'
import { generateHistory } from './conversations/generated-history.js'
import { seedConversations, SEEDED_CONVERSATION_IDS } from './conversations/seed.js'
import { SynthService } from './engine/synth-service.js'
import { faultPatchSchema, type FaultPatch, type FaultSettings } from './faults/fault-settings.js'
import { FaultState } from './faults/fault-state.js'
import {
  DEFAULT_ACCOUNTS,
  DEFAULT_LIMITS,
  DEFAULT_RECORDING_TURNS,
  resolveShapes,
  SANDBOX_DEMO_KEYS,
  type AccountSettings,
  type PlanLimits,
  type PlanName,
  type SandboxOptions,
  type ShapeSettings,
} from './options.js'
import { AccountRegistry } from './server/accounts.js'
import { TokenAuthority } from './server/auth.js'
import type { ServerEnv } from './server/context.js'
import { createSandboxServer, LEGACY_PREFIX } from './server/http-server.js'
import { apiKey, credentialHint } from './server/ids.js'
import {
  RequestLog,
  type RequestArrival,
  type RequestLogEntry,
  type RequestLogFilter,
} from './server/request-log.js'
import { realSandboxClock, Timers } from './server/timers.js'
import { VoiceStore } from './voices/voice-store.js'

/** One account as a test or a person sees it. */
export interface SandboxAccount {
  id: string
  plan: PlanName
  /** Log-safe hint of the account's first key. */
  keyHint: string
}

/** A running sandbox. */
export interface Sandbox {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  baseUrl: string
  /** The same API under the legacy base address: `${baseUrl}/legacy`. */
  legacyBaseUrl: string
  port: number
  host: string
  /** One API key per account. */
  keys: { paid: string; free: string }
  accounts: { paid: SandboxAccount; free: SandboxAccount }
  /** Folder holding uploaded voice samples. */
  stateDir: string
  /** Ids of the seeded conversations (owned by the paid account). */
  seededConversations: typeof SEEDED_CONVERSATION_IDS
  /** Logged requests (oldest first), credentials as hints only. */
  requestLog(filter?: RequestLogFilter): RequestLogEntry[]
  /** Resolves with the next request logged from now on that matches (once it is answered or dropped). */
  nextRequest(filter?: RequestLogFilter): Promise<RequestLogEntry>
  /** Resolves when the next request matching path and method arrives, before it is handled. */
  nextArrival(filter?: Omit<RequestLogFilter, 'accountId'>): Promise<RequestArrival>
  clearRequestLog(): void
  /** Current fault settings. */
  faults(): FaultSettings
  /** Merges fault settings (validated like `POST /sandbox/faults`). */
  setFaults(patch: FaultPatch): FaultSettings
  /** Turns every fault off. */
  clearFaults(): void
  /** Starts a conversation that runs on its own. */
  startConversation(options?: StartConversationOptions): StartedConversation
  /** Changes the pace of new live conversations and whether the list is served (like `PATCH /sandbox/conversation-feed`). */
  setConversationFeed(patch: ConversationFeedPatch): ConversationFeedSettings
  /** Changes an account's settings (credit, cloning, voice cap) or limits. */
  setAccount(plan: PlanName, patch: AccountPatch): { settings: AccountSettings; limits: PlanLimits }
  /** Issues another API key for the same account (limits stay per account). */
  issueApiKey(plan: PlanName): string
  /** Revokes an API key at once. */
  revokeApiKey(key: string): boolean
  /** Signs an access token directly (any scope string, any lifetime), for client tests. */
  issueAccessToken(plan: PlanName, scope: string, ttlSeconds?: number): Promise<string>
  /** A snapshot: accounts, conversations, faults, shapes. */
  state(): SandboxStateSummary
  /** The shape generation in force. */
  shapes: ShapeSettings
  /** Closes the server and every connection, clears live-conversation timers, stops synthesis workers, removes a temporary state folder. */
  stop(): Promise<void>
}

function createAccounts(
  options: SandboxOptions,
  keys: Record<PlanName, string>,
  now: () => number,
): AccountRegistry {
  const account = (
    plan: PlanName,
  ): { key: string; settings: AccountSettings; limits: PlanLimits } => ({
    key: keys[plan],
    settings: { ...DEFAULT_ACCOUNTS[plan], ...options.accounts?.[plan] },
    limits: { ...DEFAULT_LIMITS[plan], ...options.limits?.[plan] },
  })
  return new AccountRegistry({ paid: account('paid'), free: account('free') }, now())
}

/** The paid account's conversations: the seeded few (unless turned off) and a generated history. */
function createConversations(
  options: SandboxOptions,
  accountId: string,
  now: () => number,
): ConversationStore {
  const conversations = new ConversationStore()
  // One anchor for the seeded calls and the generated history: a test that fixes it gets the
  // same list on every start.
  const anchor = options.conversationAnchor ?? now()
  if (options.seedConversations ?? true)
    for (const record of seedConversations(accountId, anchor)) conversations.put(record)
  const history = generateHistory(
    accountId,
    options.conversationCount ?? 2_000,
    anchor,
    options.seed ?? 1,
  )
  for (const record of history) conversations.put(record)
  return conversations
}

function serverSettings(options: SandboxOptions, stateDir: string): ServerEnv['settings'] {
  return {
    pageSize: options.pageSize ?? 100,
    serviceTimeMs: options.serviceTimeMs ?? 0,
    streamTtfbMs: options.stream?.ttfbMs ?? 100,
    streamChunkBytes: options.stream?.chunkBytes ?? 4096,
    streamChunkIntervalMs: options.stream?.chunkIntervalMs ?? 20,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    maxSampleBytes: options.maxSampleBytes ?? 10 * 1024 * 1024,
    recordingTurns: options.recordingTurns ?? DEFAULT_RECORDING_TURNS,
    stateDir,
  }
}

/** Everything the server's routes share; `baseUrl` is filled in once the server listens. */
function createEnv(
  options: SandboxOptions,
  stateDir: string,
  keys: Record<PlanName, string>,
): ServerEnv {
  const clock = options.clock ?? realSandboxClock
  const now = options.now ?? ((): number => clock.now())
  const log = options.log ?? ((): void => undefined)
  const accounts = createAccounts(options, keys, now)
  const timers = new Timers(clock)
  const conversations = createConversations(options, accounts.byPlan.paid.id, now)
  return {
    baseUrl: '',
    accounts,
    tokens: new TokenAuthority(randomBytes(32), now),
    faults: new FaultState(options.faults ?? {}, options.seed ?? 1),
    shapes: resolveShapes(options.shapes),
    settings: serverSettings(options, stateDir),
    voices: new VoiceStore(options.extraVoices ?? 0, stateDir, now),
    conversations,
    feed: ConversationFeed.forStore(
      conversations,
      timers,
      now,
      accounts.byPlan.paid.id,
      options.seed ?? 1,
    ),
    synth: new SynthService(
      options.synthThreads ?? Math.min(2, availableParallelism()),
      options.synthCacheBytes ?? 64 * 1024 * 1024,
      log,
      options.warmUp ?? true,
    ),
    requestLog: new RequestLog(),
    timers,
    now,
    log,
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolveListen())
  })
}

interface RunningParts {
  env: ServerEnv
  control: SandboxControl
  server: Server
  host: string
  port: number
  keys: { paid: string; free: string }
  stateDir: string
  /** Whether the state folder is the sandbox's own temporary one, removed on stop. */
  ownsStateDir: boolean
}

/** The handle a caller holds: addresses, keys, and the control calls that the HTTP routes also offer. */
function sandboxHandle(parts: RunningParts): Sandbox {
  const { env, control, server, keys, stateDir } = parts
  const { accounts } = env
  let stopped: Promise<void> | undefined
  const account = (plan: PlanName): SandboxAccount => ({
    id: accounts.byPlan[plan].id,
    plan,
    keyHint: credentialHint(keys[plan]),
  })
  return {
    baseUrl: env.baseUrl,
    legacyBaseUrl: `${env.baseUrl}${LEGACY_PREFIX}`,
    port: parts.port,
    host: parts.host,
    keys,
    accounts: { paid: account('paid'), free: account('free') },
    stateDir,
    seededConversations: SEEDED_CONVERSATION_IDS,
    shapes: env.shapes,
    requestLog: (filter) => env.requestLog.list(filter),
    nextRequest: (filter) => env.requestLog.next(filter),
    nextArrival: (filter) => env.requestLog.nextArrival(filter),
    clearRequestLog: () => env.requestLog.clear(),
    faults: () => env.faults.current(),
    setFaults: (patch) => env.faults.update(faultPatchSchema.parse(patch)),
    clearFaults: () => env.faults.reset(),
    startConversation: (startOptions) => control.startConversation(startOptions),
    setConversationFeed: (patch) => control.setConversationFeed(patch),
    setAccount: (plan, patch) => control.setAccount(plan, patch),
    issueApiKey: (plan) => accounts.issueKey(plan),
    revokeApiKey: (key) => accounts.revokeKey(key),
    issueAccessToken: (plan, scope, ttlSeconds) =>
      env.tokens.issue(accounts.byPlan[plan], scope, ttlSeconds ?? env.settings.tokenTtlSeconds),
    state: () => control.state(),
    stop: () => {
      stopped ??= (async () => {
        env.timers.stop()
        const closed = new Promise<void>((resolveClose) => server.close(() => resolveClose()))
        server.closeAllConnections()
        await Promise.all([closed, env.synth.stop()])
        // A temporary state folder is the sandbox's own; a folder the caller chose is left alone.
        if (parts.ownsStateDir) await rm(stateDir, { recursive: true, force: true })
      })()
      return stopped
    },
  }
}

/** Starts a sandbox on loopback (port 0 by default) and resolves once it accepts requests. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const stateDir = options.stateDir
    ? resolve(options.stateDir)
    : await mkdtemp(join(tmpdir(), 'voicedesk-sandbox-'))
  await mkdir(stateDir, { recursive: true })
  const keyFor = (plan: PlanName): string =>
    options.keys?.[plan] ?? (options.demoKeys ? SANDBOX_DEMO_KEYS[plan] : apiKey())
  const keys = { paid: keyFor('paid'), free: keyFor('free') }
  if (keys.paid === keys.free) throw new Error('the paid and free keys must differ')
  const env = createEnv(options, stateDir, keys)
  const control = new SandboxControl(env, LEGACY_PREFIX)
  const server = createSandboxServer(env, control)
  const host = options.host ?? '127.0.0.1'
  await Promise.all([env.synth.ready(), listen(server, options.port ?? 0, host)])
  const { port } = server.address() as AddressInfo
  env.feed.setEveryMs(options.liveConversationEveryMs ?? DEFAULT_FEED_EVERY_MS)
  const urlHost = host.includes(':') ? `[${host}]` : host
  env.baseUrl = `http://${urlHost}:${port}`
  env.log(`sandbox listening on ${env.baseUrl}`)
  const ownsStateDir = !options.stateDir
  return sandboxHandle({ env, control, server, host, port, keys, stateDir, ownsStateDir })
}
