import type {
  AccountNotice,
  AccountStatus,
  CredentialKind,
  Plan,
  PlanLimits,
  VerifyResult,
} from '../../../shared/domain/account'
import { createHash } from 'node:crypto'
import { PLAN_LIMITS } from '../../../shared/domain/account'
import { AppError } from '../../../shared/errors'
import type { Logger } from '../log/logger'
import type { SecretStore } from '../secrets/secret-store'
import type { SettingsStore } from '../settings/settings-store'
import type { Permissions, TokenClaims } from './access-token'
import type { ActiveCredential, SandboxAccount, VerifyCredential } from './account-ports'
import { permissionsOf, readAccessToken } from './access-token'
import {
  credentialNotFound,
  KEYCHAIN_UNAVAILABLE,
  SANDBOX_NOTICE,
  TOKEN_EXPIRING_MS,
  tokenNotice,
} from './account-notices'
import { normaliseBaseUrl } from './base-url'
import type { CredentialBinding, CredentialMove, TrustGroups } from './credential-binding'
import {
  bindingFor,
  credentialElsewhere,
  hostOf,
  mayCarryTo,
  originOf,
  provenLegacyOrigin,
  saveAddressFirst,
  SERVICE_TRUST_GROUPS,
} from './credential-binding'
import { noCredentialError } from './credential-resolver'
import { explainVerifyError } from './verify-errors'
import type { Clock } from '../clock'
import { systemClock } from '../clock'

export interface AccountServiceOptions {
  settings: SettingsStore
  secrets: SecretStore
  verifyCredential: VerifyCredential
  logger: Logger
  sandbox?: SandboxAccount | null
  /** Origins that are one service (its current and legacy addresses): a saved key works on all. */
  trustGroups?: TrustGroups
  /** Time and timers (token expiry notices). Default: the system clock; tests pass a manual one. */
  clock?: Clock
}

const NONE: Permissions = {
  speech: false,
  stream: false,
  voicesRead: false,
  voicesCreate: false,
  voicesDelete: false,
}
const ALL: Permissions = {
  speech: true,
  stream: true,
  voicesRead: true,
  voicesCreate: true,
  voicesDelete: true,
}

/** Refusal of a base URL change while the user is still answering the move question. */
function questionStillOpen(): AppError {
  return new AppError(
    'CONFLICT',
    'VoiceDesk is already asking whether to send the saved key to another address. Answer that question first, then change the base URL again.',
  )
}

function hintOf(secret: string): string {
  return `…${secret.slice(-4)}`
}

/**
 * The account: which credential is active (API key, access token, development sandbox or none),
 * where it is kept, which base URL and plan apply, and what the UI may know about it.
 */
/** A credential and its address, compared without keeping the secret itself. */
function identityOf(active: ActiveCredential): string {
  const digest = createHash('sha256').update(active.credential.secret).digest('hex')
  return `${active.baseUrl}\n${active.credential.kind}\n${digest}`
}

export class AccountService {
  readonly #settings: SettingsStore
  readonly #secrets: SecretStore
  readonly #verify: VerifyCredential
  readonly #logger: Logger
  readonly #sandbox: SandboxAccount | null
  readonly #trustGroups: TrustGroups
  readonly #now: () => number
  readonly #listeners = new Set<(status: AccountStatus) => void>()
  #secret: string | null = null
  #token: TokenClaims | null = null
  #sandboxVerifiedAt: string | null = null
  /**
   * Which credential the service refused at its last check (base URL plus a digest of the
   * secret, in memory only): any other key, token or address is not "rejected" until checked.
   */
  #rejected: string | null = null
  readonly #clock: Clock
  #timers: (() => void)[] = []
  #loadNotice: AccountNotice | null = null
  /** True while the native "send the key to another address?" question is on screen. */
  #moveQuestionOpen = false
  /** Origins the user refused the saved key to this session: never asked about again. */
  readonly #declinedOrigins = new Set<string>()

  private constructor(options: AccountServiceOptions) {
    this.#settings = options.settings
    this.#secrets = options.secrets
    this.#verify = options.verifyCredential
    this.#logger = options.logger
    this.#sandbox = options.sandbox ?? null
    this.#trustGroups = options.trustGroups ?? SERVICE_TRUST_GROUPS
    this.#clock = options.clock ?? systemClock
    this.#now = () => this.#clock.now()
  }

  /** Creates the service and loads the stored credential from the secret store. */
  static async create(options: AccountServiceOptions): Promise<AccountService> {
    const service = new AccountService(options)
    await service.#load()
    return service
  }

  async #load(): Promise<void> {
    const { credential } = this.#settings.get()
    if (credential === 'none') return
    const secret = await this.#secrets.get(credential === 'apiKey' ? 'api-key' : 'access-token')
    if (secret === null) {
      // Settings say a credential exists but the keychain has none (another machine's settings, a
      // wiped keychain, or a session-only key from the last run): start signed out, say why.
      this.#loadNotice = credentialNotFound(this.#secrets.storage === 'keychain')
      // Why keep the setting while the keychain is unavailable: a locked keychain still holds
      // the key, and the next start with a working keychain must find it again.
      if (this.#secrets.storage === 'keychain') {
        await this.#settings.update(() => ({
          credential: 'none',
          credentialOrigin: null,
          verifiedAt: null,
        }))
      }
      return
    }
    this.#logger.addSecret(secret)
    this.#secret = secret
    await this.#bindUnrecordedCredential()
    if (credential === 'accessToken') {
      try {
        const claims = readAccessToken(secret, Number.NEGATIVE_INFINITY)
        this.#token = claims
        this.#scheduleTokenNotices()
      } catch {
        this.#secret = null
        await this.#secrets.delete('access-token').catch(() => false)
        await this.#settings.update(() => ({
          credential: 'none',
          credentialOrigin: null,
          verifiedAt: null,
        }))
      }
    }
  }

  /**
   * A credential saved before origins were recorded binds silently only to an address it was
   * proven on (see provenLegacyOrigin). Otherwise it stays unbound and is sent nowhere: Account
   * says so and asks for the key again (saving an address also asks in the native dialog).
   */
  async #bindUnrecordedCredential(): Promise<void> {
    const settings = this.#settings.get()
    if (settings.credentialOrigin !== null) return
    const sandbox = this.#sandbox === null ? null : originOf(this.#sandbox.baseUrl)
    const origin = provenLegacyOrigin(settings, sandbox)
    if (origin === null) {
      this.#logger.info('saved credential left unbound: never verified with its address')
      return
    }
    await this.#settings.update(() => ({ credentialOrigin: origin }))
    this.#logger.info('saved credential bound to its address', { origin })
  }

  /** Where the saved credential may go: its trust group, and the sandbox main itself started. */
  #binding(): CredentialBinding {
    const sandbox = this.#sandbox === null ? null : originOf(this.#sandbox.baseUrl)
    return bindingFor(
      this.#settings.get().credentialOrigin,
      this.#trustGroups,
      sandbox === null ? [] : [sandbox],
    )
  }

  /**
   * Why the saved key or token cannot be used with the current base URL (it belongs to another
   * service), or null when it can (or nothing is saved, or no base URL is set).
   */
  credentialProblem(): AppError | null {
    const kind = this.#kind()
    if (kind !== 'apiKey' && kind !== 'accessToken') return null
    const target = originOf(this.#settings.get().baseUrl)
    const binding = this.#binding()
    if (target === null || mayCarryTo(binding, target)) return null
    const problem = credentialElsewhere(binding, target, kind)
    if (!this.#declinedOrigins.has(target)) return problem
    const declined = `${problem.message} You chose not to send it to ${hostOf(target)}; VoiceDesk does not ask again until it restarts.`
    return new AppError('AUTH_MISSING', declined)
  }

  #kind(): CredentialKind {
    const { credential } = this.#settings.get()
    if (credential !== 'none' && this.#secret !== null) return credential
    return this.#sandbox !== null ? 'sandbox' : 'none'
  }

  /** The credential other core services call with, or null when signed out. */
  activeCredential(): ActiveCredential | null {
    const kind = this.#kind()
    if (kind === 'none') return null
    const settings = this.#settings.get()
    if (kind === 'sandbox' && this.#sandbox !== null) {
      return {
        baseUrl: this.#sandbox.baseUrl,
        credential: { kind: 'apiKey', secret: this.#sandbox.apiKey },
        limits: PLAN_LIMITS.paid,
      }
    }
    return {
      baseUrl: settings.baseUrl,
      credential: {
        kind: kind === 'accessToken' ? 'accessToken' : 'apiKey',
        secret: this.#secret ?? '',
        binding: this.#binding(),
      },
      limits: this.limits(),
    }
  }

  /** The synthesis limits of the chosen plan. */
  limits(): PlanLimits {
    const settings = this.#settings.get()
    if (this.#kind() === 'sandbox') return PLAN_LIMITS.paid
    if (settings.plan === 'custom') return settings.customLimits ?? PLAN_LIMITS.free
    return PLAN_LIMITS[settings.plan]
  }

  /** What the UI may know: never the key or token, only its last four characters. */
  getStatus(): AccountStatus {
    const settings = this.#settings.get()
    const kind = this.#kind()
    const now = this.#now()
    const notices: AccountNotice[] = []
    const reset = this.#settings.resetNotice()
    if (reset !== null) notices.push(reset)
    if (this.#secrets.storage === 'session') notices.push(KEYCHAIN_UNAVAILABLE)
    else if (this.#loadNotice !== null) notices.push(this.#loadNotice)
    let allowed = NONE
    let token: AccountStatus['token'] = null
    if (kind === 'sandbox') {
      notices.push(SANDBOX_NOTICE)
      allowed = ALL
    } else if (kind === 'apiKey') {
      allowed = ALL
    } else if (kind === 'accessToken' && this.#token !== null) {
      const { scopes, expiresAtMs } = this.#token
      token = { scopes, expiresAt: new Date(expiresAtMs).toISOString() }
      const notice = tokenNotice(this.#token, now)
      if (notice !== null) notices.push(notice)
      if (expiresAtMs > now) allowed = permissionsOf(scopes)
    }
    const problem = this.credentialProblem()
    if (problem !== null) {
      // Suspended, not deleted: the key stays saved for its own service and works again there.
      notices.push({ kind: 'key-elsewhere', message: problem.message })
      allowed = NONE
    }
    const savedFor = settings.credentialOrigin
    const sandbox = kind === 'sandbox' ? this.#sandbox : null
    return {
      credential: kind,
      hasKey: kind !== 'none',
      keyHint:
        kind === 'none' ? null : hintOf(sandbox !== null ? sandbox.apiKey : (this.#secret ?? '')),
      keyFor:
        kind === 'apiKey' || kind === 'accessToken'
          ? {
              origin: savedFor,
              host: savedFor === null ? null : hostOf(savedFor),
              usable: problem === null,
            }
          : null,
      plan: sandbox !== null ? 'paid' : settings.plan,
      customLimits: sandbox !== null ? null : settings.customLimits,
      baseUrl: sandbox !== null ? sandbox.baseUrl : settings.baseUrl,
      verifiedAt: sandbox !== null ? this.#sandboxVerifiedAt : settings.verifiedAt,
      rejected: this.#isRejected(),
      storage: kind === 'none' ? 'none' : sandbox !== null ? 'session' : this.#secrets.storage,
      token,
      allowed,
      notices,
    }
  }

  /** Calls `listener` with the new status after every change; returns the unsubscribe. */
  onChanged(listener: (status: AccountStatus) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #changed(): AccountStatus {
    const status = this.getStatus()
    for (const listener of this.#listeners) {
      try {
        listener(status)
      } catch (error) {
        this.#logger.error('account listener failed', { error: String(error) })
      }
    }
    return status
  }

  #clearTimers(): void {
    for (const cancel of this.#timers) cancel()
    this.#timers = []
  }

  #scheduleTokenNotices(): void {
    this.#clearTimers()
    if (this.#token === null) return
    const now = this.#now()
    // Why timers: the UI must learn that the token is about to expire (and has expired) without
    // polling; each moment broadcasts a fresh status.
    for (const at of [this.#token.expiresAtMs - TOKEN_EXPIRING_MS, this.#token.expiresAtMs]) {
      const delay = at - now
      if (delay <= 0) continue
      this.#timers.push(this.#clock.setTimer(() => this.#changed(), delay))
    }
  }

  /** The origin a new credential is saved for: the base URL's; refused while none is set. */
  #originForNewCredential(): string {
    const origin = originOf(this.#settings.get().baseUrl)
    if (origin === null) throw saveAddressFirst()
    return origin
  }

  async #storeCredential(
    kind: 'apiKey' | 'accessToken',
    secret: string,
    origin: string,
  ): Promise<void> {
    const account = kind === 'apiKey' ? 'api-key' : 'access-token'
    const other = kind === 'apiKey' ? 'access-token' : 'api-key'
    this.#logger.addSecret(secret)
    await this.#secrets.set(account, secret)
    await this.#secrets.delete(other)
    this.#secret = secret
    this.#loadNotice = null
    await this.#settings.update(() => ({
      credential: kind,
      credentialOrigin: origin,
      verifiedAt: null,
    }))
  }

  /** Stores an API key in the keychain (session only when it is unavailable) and uses it. */
  async setApiKey(apiKey: string): Promise<AccountStatus> {
    const key = apiKey.trim()
    if (/\s/.test(key)) {
      const message = 'An API key contains no spaces. Copy the key again from the dashboard.'
      throw new AppError('VALIDATION_FAILED', message, { details: { fields: { apiKey: message } } })
    }
    const origin = this.#originForNewCredential()
    this.#clearTimers()
    this.#token = null
    await this.#storeCredential('apiKey', key, origin)
    this.#logger.info('API key set', { storage: this.#secrets.storage })
    return this.#changed()
  }

  /** Signs in with an access token: scope and expiry are read from the token (not verified). */
  async setAccessToken(token: string): Promise<AccountStatus> {
    const trimmed = token.trim()
    const claims = readAccessToken(trimmed, this.#now())
    const origin = this.#originForNewCredential()
    await this.#storeCredential('accessToken', trimmed, origin)
    this.#token = claims
    this.#scheduleTokenNotices()
    this.#logger.info('access token set', { scopes: claims.scopes.join(' ') })
    return this.#changed()
  }

  /** Removes the key and token from the keychain and from memory. */
  async forget(): Promise<AccountStatus> {
    this.#clearTimers()
    this.#secret = null
    this.#token = null
    this.#loadNotice = null
    await this.#secrets.delete('api-key')
    await this.#secrets.delete('access-token')
    await this.#settings.update(() => ({
      credential: 'none',
      credentialOrigin: null,
      verifiedAt: null,
    }))
    this.#logger.info('credential forgotten')
    return this.#changed()
  }

  /**
   * Sets the service base URL (https, or http on loopback); a new address needs a new verify.
   * A saved credential never follows the address to another service on its own: it moves only
   * when `confirmMove` (a native dialog main shows, never the page) says yes; otherwise it stays
   * saved for its own service and is not sent until the user enters the new service's key.
   */
  async setBaseUrl(
    raw: string,
    options: { confirmMove?: (move: CredentialMove) => Promise<boolean> } = {},
  ): Promise<AccountStatus> {
    const baseUrl = normaliseBaseUrl(raw)
    // Why one question at a time: the page must not stack native dialogs naming hosts of its
    // choosing, nor change the address under a question the user is still reading.
    if (this.#moveQuestionOpen) throw questionStillOpen()
    const kind = this.#kind()
    const target = originOf(baseUrl)
    let credentialOrigin = this.#settings.get().credentialOrigin
    if (
      (kind === 'apiKey' || kind === 'accessToken') &&
      target !== null &&
      !mayCarryTo(this.#binding(), target) &&
      options.confirmMove !== undefined &&
      // Declined once: not asked again this session, so the page cannot wear the user down.
      !this.#declinedOrigins.has(target)
    ) {
      this.#moveQuestionOpen = true
      let yes = false
      try {
        yes = await options.confirmMove({ kind, from: credentialOrigin, to: target })
      } finally {
        this.#moveQuestionOpen = false
      }
      if (yes) {
        credentialOrigin = target
        this.#logger.info('credential moved to a new address', { to: target })
      } else {
        this.#declinedOrigins.add(target)
      }
    }
    await this.#settings.update((s) => ({
      baseUrl,
      credentialOrigin,
      verifiedAt: s.baseUrl === baseUrl ? s.verifiedAt : null,
    }))
    return this.#changed()
  }

  /** Sets the plan; `custom` needs its limits, fixed plans use the published ones. */
  async setPlan(plan: Plan, customLimits?: PlanLimits): Promise<AccountStatus> {
    if (plan === 'custom' && customLimits === undefined) {
      const message = 'A custom plan needs its limits: requests per second and requests in flight.'
      throw new AppError('VALIDATION_FAILED', message, {
        details: { fields: { customLimits: message } },
      })
    }
    await this.#settings.update(() => ({
      plan,
      customLimits: plan === 'custom' ? (customLimits ?? null) : null,
    }))
    return this.#changed()
  }

  /**
   * Proves the credential and the base URL with one cheap authenticated call. Errors keep their
   * code and details (request id) and get a message that says which of the two is wrong.
   */
  async verify(signal?: AbortSignal): Promise<VerifyResult> {
    const active = this.activeCredential()
    if (active === null) {
      throw noCredentialError()
    }
    if (active.baseUrl === '') {
      const message = 'No service address is set. Enter the base URL in Account, then verify.'
      throw new AppError('VALIDATION_FAILED', message, {
        details: { fields: { baseUrl: message } },
      })
    }
    const problem = this.credentialProblem()
    if (problem !== null) throw problem
    let result: VerifyResult
    const checked = identityOf(active)
    try {
      result = await this.#verify({
        baseUrl: active.baseUrl,
        credential: active.credential,
        ...(signal === undefined ? {} : { signal }),
      })
    } catch (error) {
      const explained = explainVerifyError(error, active.baseUrl, active.credential.kind)
      if (explained.code === 'AUTH_INVALID') {
        this.#rejected = checked
        this.#changed()
      }
      throw explained
    }
    this.#rejected = null
    if (this.#kind() === 'sandbox') {
      this.#sandboxVerifiedAt = result.verifiedAt
    } else {
      await this.#settings.update(() => ({ verifiedAt: result.verifiedAt }))
    }
    this.#changed()
    return result
  }

  #isRejected(): boolean {
    if (this.#rejected === null) return false
    const active = this.activeCredential()
    return active !== null && identityOf(active) === this.#rejected
  }

  /** Stops the token timers. */
  dispose(): void {
    this.#clearTimers()
    this.#listeners.clear()
  }
}
