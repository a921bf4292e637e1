import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ConversationFeed } from '../conversations/conversation-feed.js'
import type { ConversationStore } from '../conversations/conversation-store.js'
import type { SynthService } from '../engine/synth-service.js'
import type { FaultState, RequestFaults } from '../faults/fault-state.js'
import type { ShapeSettings } from '../options.js'
import type { VoiceStore } from '../voices/voice-store.js'
import type { AccountRegistry } from './accounts.js'
import type { Principal, TokenAuthority } from './auth.js'
import type { RequestLog } from './request-log.js'
import type { Timers } from './timers.js'

/** Settings fixed for the run. */
export interface RunSettings {
  pageSize: number
  serviceTimeMs: number
  streamTtfbMs: number
  streamChunkBytes: number
  streamChunkIntervalMs: number
  tokenTtlSeconds: number
  maxSampleBytes: number
  /** Spoken turns a conversation recording holds (the first ones). */
  recordingTurns: number
  stateDir: string
}

/** Everything a request handler may use. */
export interface ServerEnv {
  /** Filled in once the server listens. */
  baseUrl: string
  accounts: AccountRegistry
  tokens: TokenAuthority
  faults: FaultState
  shapes: ShapeSettings
  settings: RunSettings
  voices: VoiceStore
  conversations: ConversationStore
  /** New live conversations of the demo account, at a settable pace. */
  feed: ConversationFeed
  synth: SynthService
  requestLog: RequestLog
  timers: Timers
  now: () => number
  log: (line: string) => void
}

/** One request in flight. */
export interface RequestContext {
  env: ServerEnv
  req: IncomingMessage
  res: ServerResponse
  id: string
  startedAt: number
  url: URL
  /** Path with the legacy prefix removed. */
  path: string
  legacy: boolean
  faults: RequestFaults
  principal?: Principal
  /** Summary of the request body for the request log. */
  logBody?: Record<string, unknown>
  errorCode?: string
  /** Set once the answer's first byte is on its way, so the ttfb fault is applied once. */
  ttfbApplied?: boolean
}
