import { z } from 'zod'
import {
  startLiveConversation,
  type StartConversationOptions,
  type StartedConversation,
} from './conversations/live-conversation.js'
import type { FaultSettings } from './faults/fault-settings.js'
import type { AccountSettings, PlanLimits, PlanName, ShapeSettings } from './options.js'
import type { ServerEnv } from './server/context.js'

/** A change to one account: its settings and/or its limits. */
export interface AccountPatch extends Partial<AccountSettings> {
  limits?: Partial<PlanLimits>
}

/** Schema of `POST /sandbox/conversations` bodies. */
export const startConversationSchema = z
  .object({
    plan: z.enum(['paid', 'free']),
    turns: z.number().int().min(0).max(10_000),
    turnIntervalMs: z.number().int().min(1),
    startDelayMs: z.number().int().min(0),
    outcome: z.enum(['completed', 'failed']),
    endReason: z.string().min(1),
    evaluationDelayMs: z.number().int().min(0),
    recording: z.boolean(),
    initialTurns: z.number().int().min(0).max(100_000),
    agentId: z.string().min(1),
    transport: z.enum(['web', 'phone']),
  })
  .partial()
  .strict()

/** Schema of `PATCH /sandbox/conversation-feed` bodies. */
export const conversationFeedPatchSchema = z
  .object({
    everyMs: z.number().int().min(0),
    listing: z.union([z.literal('served'), z.literal(404), z.literal(405)]),
  })
  .partial()
  .strict()

/** A change to the feed: pace of new live conversations (0: off) and whether the list is served. */
export type ConversationFeedPatch = z.infer<typeof conversationFeedPatchSchema>

/** The feed settings in force. */
export interface ConversationFeedSettings {
  everyMs: number
  listing: ShapeSettings['conversationListing']
}

const limit = z.number().positive()
/** Schema of `PATCH /sandbox/accounts/{plan}` bodies. */
export const accountPatchSchema = z
  .object({
    outOfCredit: z.boolean(),
    voiceCloning: z.boolean(),
    maxPersonalVoices: z.number().int().min(0),
    limits: z
      .object({
        synthesisPerSecond: limit,
        synthesisConcurrency: limit,
        conversationReadsPerSecond: limit,
        conversationReadBurst: limit,
      })
      .partial()
      .strict(),
  })
  .partial()
  .strict()

/** A snapshot of the sandbox for `GET /sandbox/state` and `sandbox.state()`. */
export interface SandboxStateSummary {
  baseUrl: string
  legacyBaseUrl: string
  stateDir: string
  accounts: Array<{
    id: string
    plan: PlanName
    keyHints: string[]
    settings: AccountSettings
    limits: PlanLimits
    synthesisInFlight: number
  }>
  /** The fixed (seeded) and live conversations; the generated history is only counted. */
  conversations: Array<{ id: string; status: string; plan: PlanName | null; messages: number }>
  /** Every conversation, generated history included. */
  conversationCount: number
  conversationFeed: ConversationFeedSettings
  voices: { catalog: number; personal: number }
  faults: FaultSettings
  shapes: ShapeSettings
}

/** Operations shared by the `/sandbox/` control endpoints and the object `startSandbox` returns. */
export class SandboxControl {
  constructor(
    private readonly env: ServerEnv,
    private readonly legacyPrefix: string,
  ) {}

  /** Starts a conversation that runs on its own (see StartConversationOptions). */
  startConversation(options: StartConversationOptions = {}): StartedConversation {
    const account = this.env.accounts.byPlan[options.plan ?? 'paid']
    return startLiveConversation(
      this.env.conversations,
      this.env.timers,
      this.env.now,
      account.id,
      options,
    )
  }

  /** Sets the pace of new live conversations and whether listing and stats are served. */
  setConversationFeed(patch: ConversationFeedPatch): ConversationFeedSettings {
    if (patch.everyMs !== undefined) this.env.feed.setEveryMs(patch.everyMs)
    if (patch.listing !== undefined) this.env.shapes.conversationListing = patch.listing
    return this.conversationFeed()
  }

  /** The feed settings in force. */
  conversationFeed(): ConversationFeedSettings {
    return { everyMs: this.env.feed.current(), listing: this.env.shapes.conversationListing }
  }

  /** Changes an account's settings or limits at run time. */
  setAccount(
    plan: PlanName,
    patch: AccountPatch,
  ): { settings: AccountSettings; limits: PlanLimits } {
    const account = this.env.accounts.byPlan[plan]
    const { limits, ...settings } = patch
    const defined = Object.fromEntries(
      Object.entries(settings).filter(([, value]) => value !== undefined),
    )
    account.settings = { ...account.settings, ...defined }
    if (limits)
      account.limiter.reconfigure({ ...account.limiter.current(), ...limits }, this.env.now())
    return { settings: { ...account.settings }, limits: account.limiter.current() }
  }

  /** A snapshot for people and tests; credentials appear as hints only. */
  state(): SandboxStateSummary {
    const { accounts } = this.env
    return {
      baseUrl: this.env.baseUrl,
      legacyBaseUrl: `${this.env.baseUrl}${this.legacyPrefix}`,
      stateDir: this.env.settings.stateDir,
      accounts: (['paid', 'free'] as const).map((plan) => {
        const account = accounts.byPlan[plan]
        return {
          id: account.id,
          plan,
          keyHints: accounts.keyHints(plan),
          settings: { ...account.settings },
          limits: account.limiter.current(),
          synthesisInFlight: account.limiter.synthesisInFlight(),
        }
      }),
      conversations: this.env.conversations
        .all()
        .filter((record) => record.metadata.generated !== true)
        .map((record) => ({
          id: record.id,
          status: record.status,
          plan: accounts.byId(record.accountId)?.plan ?? null,
          messages: record.messages.length,
        })),
      conversationCount: this.env.conversations.all().length,
      conversationFeed: this.conversationFeed(),
      voices: this.env.voices.counts(),
      faults: this.env.faults.current(),
      shapes: { ...this.env.shapes },
    }
  }
}
