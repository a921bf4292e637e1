import { z } from 'zod'

/** The service's plan tiers, plus `custom` for accounts with negotiated limits. */
export const PLANS = ['free', 'paid', 'custom'] as const
export type Plan = (typeof PLANS)[number]

/** Synthesis limits the client keeps under (per account, shared by every caller). */
export interface PlanLimits {
  requestsPerSecond: number
  maxInFlight: number
}

/** The published limits of each fixed plan (service-interface.md, "Limits"). */
export const PLAN_LIMITS: Record<Exclude<Plan, 'custom'>, PlanLimits> = {
  free: { requestsPerSecond: 1, maxInFlight: 1 },
  paid: { requestsPerSecond: 20, maxInFlight: 15 },
}

/**
 * What a custom plan may set. Why a floor on the rate: below one request every 10 s a render of a
 * few hundred pieces would take days, and a rate like 1e-7 (one start every 116 days) stalls every
 * synthesis without a word. Why 64 at most in flight: the client opens at most 64 connections to
 * the service, so more could never run at once.
 */
export const PLAN_LIMIT_BOUNDS = {
  requestsPerSecond: { min: 0.1, max: 1000 },
  maxInFlight: { min: 1, max: 64 },
} as const

const { requestsPerSecond: rpsBounds, maxInFlight: inFlightBounds } = PLAN_LIMIT_BOUNDS
const rpsMessage = `Enter a rate from ${rpsBounds.min} to ${rpsBounds.max} requests a second.`
const inFlightMessage = `Enter a whole number from ${inFlightBounds.min} to ${inFlightBounds.max}.`

export const planLimitsSchema = z.object({
  requestsPerSecond: z
    .number({ message: rpsMessage })
    .min(rpsBounds.min, rpsMessage)
    .max(rpsBounds.max, rpsMessage),
  maxInFlight: z
    .number({ message: inFlightMessage })
    .int(inFlightMessage)
    .min(inFlightBounds.min, inFlightMessage)
    .max(inFlightBounds.max, inFlightMessage),
})

/** Scopes an access token can carry (service-interface.md, "Scopes"). */
export const SCOPES = [
  'audio:speech',
  'audio:stream',
  'audio:all',
  'voices:read',
  'voices:create',
  'voices:delete',
  'voices:all',
] as const
export type Scope = (typeof SCOPES)[number]

/** How the app is signed in. `sandbox` means the in-process development sandbox with its demo key. */
export type CredentialKind = 'none' | 'apiKey' | 'accessToken' | 'sandbox'

/** What the renderer may know about the account. Never the key, never the token. */
export interface AccountStatus {
  credential: CredentialKind
  hasKey: boolean
  /** Last four characters, as "…abcd"; null without a credential. */
  keyHint: string | null
  /**
   * The service the saved key or token belongs to (it is sent nowhere else), and whether the
   * current base URL may use it. Null for the sandbox key or without a credential.
   */
  keyFor: { origin: string | null; host: string | null; usable: boolean } | null
  plan: Plan
  /**
   * The user said which plan their account is on (the service cannot tell): until then Account
   * asks once, after the key is accepted. Always true for the development sandbox.
   */
  planAnswered: boolean
  customLimits: PlanLimits | null
  baseUrl: string
  /** ISO time of the last successful verification of the current credential, or null. */
  verifiedAt: string | null
  /**
   * The service refused this very credential (key or token, at this base URL) the last time it
   * was checked in this session; a new key, token or address clears it.
   */
  rejected: boolean
  /** Where the credential is kept: the OS keychain, or this session only (keychain unavailable). */
  storage: 'keychain' | 'session' | 'none'
  /** For access tokens: the granted scopes (expanded) and the expiry, read from the token itself. */
  token: { scopes: Scope[]; expiresAt: string } | null
  /** Operations the current credential may perform. */
  allowed: {
    speech: boolean
    stream: boolean
    voicesRead: boolean
    voicesCreate: boolean
    voicesDelete: boolean
  }
  /**
   * What the last check of this very credential at this address found: the service answered
   * (`connected`), nothing answered in time (`unreachable`), something answered that is not the
   * voice service (`wrong-address`), the service answered with a failure of its own
   * (`service-trouble`), or nobody checked yet in this session (`unchecked`). A refused key is
   * `rejected` above.
   */
  connection: ConnectionState
  /** ISO time of that last check, whatever it found; null when unchecked. */
  checkedAt: string | null
  /** The service's own address this build starts with (shown under Advanced), or null. */
  defaultBaseUrl: string | null
  /**
   * The user's page on the voice service's website, where credit is added, as they saved it
   * (https, checked); null until they do. Only main opens it (account:openAccountPage).
   */
  accountPage: string | null
  /**
   * The service's own page where credit is added, when this build names one (its customer
   * dashboard); the user's saved page, if any, is opened instead. Null when unknown.
   */
  builtInAccountPage: string | null
  /** Notices the UI must show (for example: the keychain is unavailable, settings were reset). */
  notices: AccountNotice[]
}

/** See {@link AccountStatus.connection}. */
export type ConnectionState =
  'unchecked' | 'connected' | 'unreachable' | 'wrong-address' | 'service-trouble'

export interface AccountNotice {
  kind:
    | 'keychain-unavailable'
    | 'settings-reset'
    | 'sandbox'
    | 'token-expiring'
    | 'token-expired'
    /** The base URL points at another service than the saved key belongs to: it is not sent. */
    | 'key-elsewhere'
    /**
     * The account is set to a plan with more than one request at a time, and the service keeps
     * refusing a second one as it does on the free plan.
     */
    | 'plan-mismatch'
  message: string
  /** What a support person needs (addresses, earlier answers), shown behind Details. */
  details?: string
}

/** Result of "Verify": one cheap authenticated call against the configured base URL. */
export interface VerifyResult {
  verifiedAt: string
  /** Number of voices the credential can list (proves voices:read), or null when not allowed. */
  voiceCount: number | null
  /** The request id of the verifying call. */
  requestId: string | null
}
