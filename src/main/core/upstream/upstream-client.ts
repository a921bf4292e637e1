import type PQueue from 'p-queue'
import type { PlanLimits } from '../../../shared/domain/account'
import { PLAN_LIMITS } from '../../../shared/domain/account'
import type {
  Conversation,
  ConversationEvaluation,
  ConversationMessage,
} from '../../../shared/domain/conversation'
import type {
  Agent,
  ConversationListQuery,
  ConversationListResult,
  ConversationStats,
} from '../../../shared/domain/conversation-list'
import type { StreamResult, SynthesisResult } from '../../../shared/domain/speech'
import type { Voice } from '../../../shared/domain/voice'
import { AppError } from '../../../shared/errors'
import type { Clock } from '../clock'
import { systemClock } from '../clock'
import type { Logger } from '../log/logger'
import { silentLogger } from '../log/logger'
import type { Credential } from '../account/account-ports'
import type { ServiceAddress } from '../account/service-address'
import { parseServiceAddress } from '../account/service-address'
import { resolveCredential } from '../account/credential-resolver'
import type { Timeouts, UpstreamContext } from './context'
import { DEFAULT_TIMEOUTS, requestJson } from './context'
import * as conversationList from './conversation-list'
import type { RecordingBytes } from './conversation-list'
import * as conversations from './conversations'
import type { DownloadOptions } from './conversations'
import { createHttpTransport } from './http'
import type { RawConversationRecords } from './raw-conversation'
import { readRawConversation } from './raw-conversation'
import type { RetryPolicy } from './retry'
import { DEFAULT_RETRY } from './retry'
import type { SynthesisScheduler } from './scheduler'
import { createReadLimiter, createSynthesisScheduler } from './scheduler'
import type { IssuedToken } from './schemas/token'
import { tokenResponseSchema } from './schemas/token'
import * as speech from './speech'
import type { StreamRequest, SynthesizeRequest } from './speech'
import * as voices from './voices'
import type { DownloadedFile } from './downloads'
import type { CreateVoiceRequest } from './voices'

export type { Timeouts } from './context'

type Signal = { signal?: AbortSignal }

/** Everything VoiceDesk asks of the service. Every method takes an AbortSignal; errors are AppErrors. */
export interface UpstreamClient {
  readonly baseUrl: URL
  readonly scheduler: SynthesisScheduler
  listVoices(options?: Signal): Promise<Voice[]>
  createVoice(request: CreateVoiceRequest): Promise<Voice>
  deleteVoice(id: string, options?: Signal): Promise<void>
  downloadVoiceSample(id: string, targetPath: string, options?: Signal): Promise<DownloadedFile>
  synthesize(request: SynthesizeRequest): Promise<SynthesisResult>
  stream(request: StreamRequest): Promise<StreamResult>
  getConversation(id: string, options?: Signal): Promise<Conversation>
  listMessages(id: string, options?: Signal): Promise<ConversationMessage[]>
  /** `background`: queued behind the reads a user waits for (the overview's many reads). */
  listEvaluations(
    id: string,
    options?: Signal & { background?: boolean },
  ): Promise<ConversationEvaluation[]>
  /** A recording (or a voice's media) by the URL the service gave, within a size bound. */
  downloadRecording(
    url: string,
    targetPath: string,
    options?: DownloadOptions,
  ): Promise<DownloadedFile>
  /** One page of conversations, most recent first; `{served: false}` when the deployment does not list. */
  listConversations(
    query?: ConversationListQuery,
    options?: Signal,
  ): Promise<ConversationListResult>
  /** The agents with their names; null when the deployment has no agent list. */
  listAgents(options?: Signal): Promise<Agent[] | null>
  /** Conversation counts and averages; null when the deployment serves no stats. */
  conversationStats(options?: Signal): Promise<ConversationStats | null>
  /** The recording as bytes by conversation id; null when there is none. */
  downloadRecordingBytes(id: string, options?: Signal): Promise<RecordingBytes | null>
  /** A conversation's records exactly as the service sent them (for the JSON export). */
  readRawConversation(id: string, options?: Signal): Promise<RawConversationRecords>
  /** Deprecated endpoint (the service supports API keys going forward): CLI and tests only. */
  issueAccessToken(scope?: string, options?: Signal): Promise<IssuedToken>
  /** Closes idle keep-alive connections. */
  close(): void
}

export interface UpstreamClientOptions {
  /**
   * The service address account built (the app), or a base URL typed on the command line, which
   * goes through the same one rule (account/service-address.ts): https, or http on loopback.
   */
  baseUrl: ServiceAddress | string
  /** A fixed credential, or a function read on every request (a key changed in Account applies at once). */
  credential: Credential | null | (() => Promise<Credential | null> | Credential | null)
  /** The account-wide synthesis scheduler; share one between clients of the same account. */
  scheduler?: SynthesisScheduler
  /** Used to build a scheduler when none is given (default: paid limits). */
  limits?: PlanLimits
  /** Conversation reads per second (default 5, the free plan's). */
  readsPerSecond?: number
  readLimiter?: PQueue
  logger?: Logger
  userAgent?: string
  timeouts?: Partial<Timeouts>
  retry?: Partial<RetryPolicy>
  /** Time source of retry waits and of the scheduler built here (tests: one that does not wait). */
  clock?: Clock
}

/** Creates the one upstream client (no electron import: runs in main, the CLI and tests). */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const address =
    typeof options.baseUrl === 'string' ? parseServiceAddress(options.baseUrl) : options.baseUrl
  const baseUrl = new URL(address.baseUrl)
  const logger = (options.logger ?? silentLogger).child('upstream')
  const transport = createHttpTransport()
  const clock = options.clock ?? systemClock
  // Only a scheduler built here is closed with the client; a shared one belongs to the account.
  const ownsScheduler = options.scheduler === undefined
  const scheduler =
    options.scheduler ?? createSynthesisScheduler(options.limits ?? PLAN_LIMITS.paid, { clock })
  const ctx: UpstreamContext = {
    baseUrl,
    transport,
    logger,
    clock,
    scheduler,
    readLimiter: options.readLimiter ?? createReadLimiter(options.readsPerSecond ?? 5),
    retry: { ...DEFAULT_RETRY, ...options.retry },
    timeouts: { ...DEFAULT_TIMEOUTS, ...options.timeouts },
    userAgent: options.userAgent ?? 'VoiceDesk',
    getCredential: () => {
      const source = options.credential
      return resolveCredential(typeof source === 'function' ? source : () => source, logger)
    },
  }

  return {
    baseUrl,
    scheduler: ctx.scheduler,
    listVoices: (o = {}) => voices.listVoices(ctx, o),
    createVoice: (request) => voices.createVoice(ctx, request),
    deleteVoice: (id, o = {}) => voices.deleteVoice(ctx, id, o),
    downloadVoiceSample: (id, target, o = {}) => voices.downloadVoiceSample(ctx, id, target, o),
    synthesize: (request) => speech.synthesize(ctx, request),
    stream: (request) => speech.stream(ctx, request),
    getConversation: (id, o = {}) => conversations.getConversation(ctx, id, o),
    listMessages: (id, o = {}) => conversations.listMessages(ctx, id, o),
    listEvaluations: (id, o = {}) => conversations.listEvaluations(ctx, id, o),
    downloadRecording: (url, target, o = {}) =>
      conversations.downloadRecording(ctx, url, target, o),
    listConversations: (query = {}, o = {}) => conversationList.listConversations(ctx, query, o),
    listAgents: (o = {}) => conversationList.listAgents(ctx, o),
    conversationStats: (o = {}) => conversationList.conversationStats(ctx, o),
    downloadRecordingBytes: (id, o = {}) => conversationList.downloadRecordingBytes(ctx, id, o),
    readRawConversation: (id, o = {}) => readRawConversation(ctx, id, o),
    async issueAccessToken(scope, o = {}) {
      const credential = await ctx.getCredential()
      if (credential.kind !== 'apiKey') {
        throw new AppError(
          'VALIDATION_FAILED',
          'An access token can only be issued with an API key, not with another access token.',
        )
      }
      const form = new URLSearchParams({ grant_type: 'client_credentials' })
      if (scope !== undefined && scope.trim() !== '') form.set('scope', scope.trim())
      const { data } = await requestJson(
        ctx,
        {
          method: 'POST',
          path: '/v1/auth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          op: { operation: 'issue an access token' },
          ...(o.signal ? { signal: o.signal } : {}),
        },
        tokenResponseSchema,
      )
      logger.addSecret(data.accessToken)
      return data
    },
    close: () => {
      if (ownsScheduler) scheduler.close()
      transport.close()
    },
  }
}
