import type { FaultSettings } from './faults/fault-settings.js'
import type { SandboxClock } from './server/timers.js'

/** The two plans the sandbox seeds one account each for. */
export type PlanName = 'free' | 'paid'

/** Per-account limits of one plan. */
export interface PlanLimits {
  /** Synthesis requests accepted per second (token bucket holding this many, refilled at this rate). */
  synthesisPerSecond: number
  /** Synthesis requests in flight at once. */
  synthesisConcurrency: number
  /** Conversation reads per second (token bucket refill rate). */
  conversationReadsPerSecond: number
  /** Conversation read burst (token bucket capacity). */
  conversationReadBurst: number
}

/** What an account may do; change at run time with `sandbox.setAccount`. */
export interface AccountSettings {
  /** Synthesis answers 402 payment_required while true. */
  outOfCredit: boolean
  /** Voice creation answers 402 voice_cloning_not_included while false. */
  voiceCloning: boolean
  /** Voice creation answers 409 too_many_voices at this many personal voices. */
  maxPersonalVoices: number
}

/** Response-shape generation: the live service serves several at once, so clients must read all. */
export interface ShapeSettings {
  /** `GET /v1/voices`: bare array (older) or `{voices, next_cursor, has_more}` (newer). */
  voiceList: 'array' | 'paged'
  /** Spelling of the third gender value. */
  gender: 'notSpecified' | 'not_specified'
  /** Status of a successful `POST /v1/voices`. */
  createStatus: 200 | 201
  /** Messages and evaluations: `{messages}` (older) or with `next_cursor`/`has_more` and `limit`/`cursor` paging (newer). */
  conversationLists: 'plain' | 'paged'
  /** Conversation paths served: `/v1/conversations` (old), `/v1/agents/conversations` (new), or both. */
  conversationPaths: 'old' | 'new' | 'both'
  /** Error bodies: the JSON envelope, plain text, or empty (older deployments). */
  errorBodies: 'json' | 'text' | 'empty'
  /** Status for a token that lacks a scope: 401 per the interface description, 403 on newer deployments. */
  scopeDeniedStatus: 401 | 403
  /**
   * Conversation listing and stats: served (`served`), or answered 404 / 405 as by a deployment that
   * does not list (the app then falls back to pasted ids). Changeable at run time.
   */
  conversationListing: 'served' | 404 | 405
}

/** Options of `startSandbox`; every field is optional. */
export interface SandboxOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number
  /** Interface to bind; loopback (127.0.0.1) by default. */
  host?: string
  /** Fixed API keys; fresh random keys per start otherwise. */
  keys?: { paid?: string; free?: string }
  /** Use the stable demo keys (`SANDBOX_DEMO_KEYS`) where `keys` does not fix one. */
  demoKeys?: boolean
  /** Per-plan limit overrides. Infinity disables a limit. */
  limits?: { free?: Partial<PlanLimits>; paid?: Partial<PlanLimits> }
  /** Per-account settings. */
  accounts?: { free?: Partial<AccountSettings>; paid?: Partial<AccountSettings> }
  /** A generation preset (`newer` by default) or a preset refined field by field. */
  shapes?: 'older' | 'newer' | (Partial<ShapeSettings> & { generation?: 'older' | 'newer' })
  /** Voices per page of the paged voice list when the request gives no `limit` (default 100). */
  pageSize?: number
  /** Synthetic catalog voices added after the 44 real ones (e.g. 5000 for list benchmarks). */
  extraVoices?: number
  /** Hold every speech answer until exactly this long after arrival (when synthesis is faster). */
  serviceTimeMs?: number
  /** Stream pacing: delay before the first byte, chunk size, and pause between chunks. */
  stream?: { ttfbMs?: number; chunkBytes?: number; chunkIntervalMs?: number }
  /** Lifetime of issued access tokens (default 3600). */
  tokenTtlSeconds?: number
  /** Faults active from the start (see `FaultSettings`). */
  faults?: Partial<FaultSettings>
  /** Seed of every random fault decision (default 1). */
  seed?: number
  /** Where uploaded voice samples are stored; a fresh temporary folder by default. */
  stateDir?: string
  /** Largest accepted voice sample in bytes (default 10 MiB). */
  maxSampleBytes?: number
  /** Synthesis worker threads; 0 synthesizes on the main thread. Default: 2 (or 1 on a single core). */
  synthThreads?: number
  /** Optimize the engine before accepting requests (about a second of start-up; first requests ~10x faster). Default true. */
  warmUp?: boolean
  /** Bytes of rendered audio kept for repeated identical requests (default 64 MiB; 0 disables). */
  synthCacheBytes?: number
  /** Seed the fixed conversations (default true). */
  seedConversations?: boolean
  /** Finished conversations generated for the demo (paid) account besides the fixed ones (default 2,000). */
  conversationCount?: number
  /** The generated history, and the seeded waiting and live calls, end just before this time, epoch ms (default: the start time). */
  conversationAnchor?: number
  /** A new live conversation of the demo account starts this often, in ms (default 30,000; 0: none). */
  liveConversationEveryMs?: number
  /**
   * The sandbox's clock in epoch ms (rate-limit buckets, token expiry, timestamps). Default:
   * Date.now. Tests pass a clock they hold still, so a burst is judged the same on a loaded machine.
   */
  now?: () => number
  /**
   * The clock of every timer the sandbox sets (live conversations, the feed, stream pacing, fault
   * delays) and, unless `now` is given, of its time. Default: real time. A test passes a manual clock
   * so a conversation moves exactly when the test says, however loaded the machine is.
   */
  clock?: SandboxClock
  /**
   * Spoken turns said in a conversation recording: the first ones of its transcript (default 12);
   * the recording still lasts the whole call, silent after them. Tests shorten it, since every
   * said turn is synthesized on the first request.
   */
  recordingTurns?: number
  /** Receives one line per notable event (never a full key); silent by default. */
  log?: (line: string) => void
}

/**
 * Spoken turns said in a conversation recording by default: the opening of a call, enough to
 * scrub through in the app, synthesized in about two seconds on first request.
 */
export const DEFAULT_RECORDING_TURNS = 12

/** Limits per plan as the service documents them. */
export const DEFAULT_LIMITS: Record<PlanName, PlanLimits> = {
  free: {
    synthesisPerSecond: 1,
    synthesisConcurrency: 1,
    conversationReadsPerSecond: 5,
    conversationReadBurst: 30,
  },
  paid: {
    synthesisPerSecond: 20,
    synthesisConcurrency: 15,
    conversationReadsPerSecond: 20,
    conversationReadBurst: 60,
  },
}

/** Account settings per plan by default: cloning is a paid feature. */
export const DEFAULT_ACCOUNTS: Record<PlanName, AccountSettings> = {
  free: { outOfCredit: false, voiceCloning: false, maxPersonalVoices: 10 },
  paid: { outOfCredit: false, voiceCloning: true, maxPersonalVoices: 10 },
}

/** The two shape generations. */
export const SHAPE_GENERATIONS: Record<'older' | 'newer', ShapeSettings> = {
  older: {
    voiceList: 'array',
    gender: 'notSpecified',
    createStatus: 200,
    conversationLists: 'plain',
    conversationPaths: 'old',
    errorBodies: 'json',
    scopeDeniedStatus: 401,
    conversationListing: 'served',
  },
  newer: {
    voiceList: 'paged',
    gender: 'not_specified',
    createStatus: 201,
    conversationLists: 'paged',
    conversationPaths: 'both',
    errorBodies: 'json',
    scopeDeniedStatus: 401,
    conversationListing: 'served',
  },
}

/** Stable demo keys, for `npm start` and demos: never valid anywhere but a local sandbox. */
export const SANDBOX_DEMO_KEYS: Readonly<Record<PlanName, string>> = {
  paid: 'sk_sandbox_demo_paid_0000000000000000000000',
  free: 'sk_sandbox_demo_free_0000000000000000000000',
}

/** Resolves the shape option into concrete settings. */
export function resolveShapes(option: SandboxOptions['shapes']): ShapeSettings {
  if (option === undefined || typeof option === 'string')
    return { ...SHAPE_GENERATIONS[option ?? 'newer'] }
  const { generation, ...rest } = option
  const defined = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined),
  )
  return { ...SHAPE_GENERATIONS[generation ?? 'newer'], ...defined }
}
