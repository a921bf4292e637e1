import type {
  AccountNotice,
  AccountStatus,
  CredentialKind,
  Plan,
  PlanLimits,
  VerifyResult,
} from '../../../shared/domain/account'
import type { AppError } from '../../../shared/errors'
import type { Logger } from '../log/logger'
import type { SecretStore } from '../secrets/secret-store'
import type { Settings } from '../settings/settings-schema'
import type { SettingsStore } from '../settings/settings-store'
import type { TokenClaims } from './access-token'
import type {
  ActiveCredential,
  SandboxAccount,
  ServiceTarget,
  VerifyCredential,
} from './account-ports'
import { readAccessToken } from './access-token'
import { accountStatus } from './account-status'
import {
  checkedApiKey,
  forgetCredential,
  loadSavedCredential,
  rebindCredential,
  storeCredential,
} from './credential-keychain'
import { CheckMemory } from './check-memory'
import { MoveQuestion } from './move-question'
import { planMismatchNotice, storageNotices } from './account-notices'
import { activeCredentialOf, planLimits, planSettings, serviceTargetOf } from './active-credential'
import { parseServiceAddress, withDefaultAddress } from './service-address'
import { deploymentAddresses, type GivenDeployment } from './deployment-addresses'
import type { CredentialBinding, CredentialMove, TrustGroups } from './credential-binding'
import {
  bindingFor,
  credentialElsewhere,
  mayCarryTo,
  originOf,
  saveAddressFirst,
  SERVICE_TRUST_GROUPS,
} from './credential-binding'
import { noCredentialError } from './credential-resolver'
import { noAddressToVerify } from './verify-errors'
import { accountPageToOpen, parseAccountPage } from './account-page'
import { StatusListeners } from './status-listeners'
import { scheduleTokenNotices } from './token-notice-timers'
import type { Clock } from '../clock'
import { systemClock } from '../clock'

export interface AccountServiceOptions extends GivenDeployment {
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

/**
 * The account: which credential is active (API key, access token, development sandbox or none),
 * where it is kept, which base URL and plan apply, and what the UI may know about it.
 */
export class AccountService {
  readonly #settings: SettingsStore
  readonly #secrets: SecretStore
  readonly #verify: VerifyCredential
  readonly #logger: Logger
  readonly #sandbox: SandboxAccount | null
  readonly #trustGroups: TrustGroups
  readonly #now: () => number
  readonly #listeners: StatusListeners
  #secret: string | null = null
  /** The origin stored with the secret in its keychain entry (see keychain-entry.ts), or null. */
  #savedFor: string | null = null
  #token: TokenClaims | null = null
  #sandboxVerifiedAt: string | null = null
  /** What the last check found (refused, reached, not reached), for that credential only. */
  readonly #checks = new CheckMemory()
  /** The service's own address and credit page (this build's, or the ones given). */
  readonly #deployment: ReturnType<typeof deploymentAddresses>
  readonly #clock: Clock
  #cancelTimers: () => void = () => undefined
  #loadNotice: AccountNotice | null = null
  /** The native "send the key to another address?" question, and the answers refused. */
  readonly #moveQuestion: MoveQuestion

  private constructor(options: AccountServiceOptions) {
    this.#settings = options.settings
    this.#secrets = options.secrets
    this.#verify = options.verifyCredential
    this.#logger = options.logger
    this.#sandbox = options.sandbox ?? null
    this.#trustGroups = options.trustGroups ?? SERVICE_TRUST_GROUPS
    this.#clock = options.clock ?? systemClock
    this.#moveQuestion = new MoveQuestion(options.logger, this.#clock)
    this.#listeners = new StatusListeners(options.logger)
    this.#now = () => this.#clock.now()
    this.#deployment = deploymentAddresses(options)
  }

  /** The settings, with the service's default address while the user has set none. */
  #settingsNow(): Settings {
    return withDefaultAddress(this.#settings.get(), this.#deployment.defaultBaseUrl)
  }

  /** Creates the service and loads the stored credential from the secret store. */
  static async create(options: AccountServiceOptions): Promise<AccountService> {
    const service = new AccountService(options)
    await service.#load()
    return service
  }

  async #load(): Promise<void> {
    const loaded = await loadSavedCredential(this.#stores())
    this.#secret = loaded.secret
    this.#savedFor = loaded.origin
    this.#token = loaded.token
    this.#loadNotice = loaded.notice
    if (loaded.token !== null) this.#scheduleTokenNotices()
  }

  /** Where the saved credential may go: its trust group, and the sandbox main itself started. */
  #binding(): CredentialBinding {
    const sandbox = this.#sandbox === null ? null : originOf(this.#sandbox.baseUrl)
    return bindingFor(this.#savedFor, this.#trustGroups, sandbox === null ? [] : [sandbox])
  }

  /**
   * Why the saved key or token cannot be used with the current base URL (it belongs to another
   * service), or null when it can (or nothing is saved, or no base URL is set).
   */
  credentialProblem(): AppError | null {
    const kind = this.#kind()
    if (kind !== 'apiKey' && kind !== 'accessToken') return null
    const target = originOf(this.#settingsNow().baseUrl)
    const binding = this.#binding()
    if (target === null || mayCarryTo(binding, target)) return null
    return this.#moveQuestion.explain(credentialElsewhere(binding, target, kind), target)
  }

  #kind(): CredentialKind {
    const { credential } = this.#settings.get()
    if (credential !== 'none' && this.#secret !== null) return credential
    return this.#sandbox !== null ? 'sandbox' : 'none'
  }

  /** The credential other core services call with, or null when signed out. */
  activeCredential(): ActiveCredential | null {
    return activeCredentialOf({
      kind: this.#kind(),
      settings: this.#settingsNow(),
      sandbox: this.#sandbox,
      secret: this.#secret,
      binding: () => this.#binding(),
    })
  }

  /** Where calls go and with what (see ServiceTarget); throws when they cannot be made. */
  serviceTarget(): ServiceTarget {
    return serviceTargetOf(this.activeCredential(), this.credentialProblem())
  }

  /** The synthesis limits of the chosen plan. */
  limits(): PlanLimits {
    return planLimits(this.#settings.get(), this.#kind())
  }

  /** What the UI may know: never the key or token, only its last four characters. */
  getStatus(): AccountStatus {
    const notices = storageNotices(
      this.#settings.resetNotice(),
      this.#secrets.storage,
      this.#loadNotice,
    )
    if (this.#checks.planMismatch && this.limits().maxInFlight > 1)
      notices.push(planMismatchNotice(this.#settings.get().plan))
    return accountStatus({
      settings: this.#settingsNow(),
      kind: this.#kind(),
      secret: this.#secret,
      savedFor: this.#savedFor,
      token: this.#token,
      sandbox: this.#sandbox,
      sandboxVerifiedAt: this.#sandboxVerifiedAt,
      storage: this.#secrets.storage,
      notices,
      problem: this.credentialProblem(),
      trustGroups: this.#trustGroups,
      noQuestion: (origin) => this.#moveQuestion.noQuestionWords(origin),
      rejected: this.#checks.isRejected(this.activeCredential()),
      reach: this.#checks.reachOf(this.activeCredential()),
      ...this.#deployment,
      now: this.#now(),
    })
  }

  /** Calls `listener` with the new status after every change; returns the unsubscribe. */
  onChanged(listener: (status: AccountStatus) => void): () => void {
    return this.#listeners.add(listener)
  }

  #changed(): AccountStatus {
    return this.#listeners.tell(this.getStatus())
  }

  #clearTimers(): void {
    this.#cancelTimers()
    this.#cancelTimers = () => undefined
  }

  #scheduleTokenNotices(): void {
    this.#clearTimers()
    if (this.#token === null) return
    this.#cancelTimers = scheduleTokenNotices(this.#clock, this.#token, () => this.#changed())
  }

  /** The origin a new credential is saved for: the base URL's; refused while none is set. */
  #originForNewCredential(): string {
    const { baseUrl } = this.#settingsNow()
    if (baseUrl.trim() === '') throw saveAddressFirst()
    // Through the one address rule: a settings file edited by hand cannot bind a key to plain
    // http on another machine.
    return parseServiceAddress(baseUrl).origin
  }

  async #storeCredential(
    kind: 'apiKey' | 'accessToken',
    secret: string,
    origin: string,
  ): Promise<void> {
    await storeCredential(this.#stores(), { kind, secret, origin })
    this.#secret = secret
    this.#savedFor = origin
    this.#loadNotice = null
  }

  #stores() {
    return { settings: this.#settings, secrets: this.#secrets, logger: this.#logger }
  }

  /** Stores an API key in the keychain (session only when it is unavailable) and uses it. */
  async setApiKey(apiKey: string): Promise<AccountStatus> {
    const key = checkedApiKey(apiKey)
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

  /** Removes the key and token from memory and the keychain (or says it could not: see there). */
  async forget(): Promise<AccountStatus> {
    this.#clearTimers()
    this.#secret = null
    this.#savedFor = null
    this.#token = null
    this.#loadNotice = null
    // Every window learns the key is no longer used, whether or not the keychain was reached.
    await forgetCredential(this.#stores()).finally(() => this.#changed())
    this.#logger.info('credential forgotten')
    return this.getStatus()
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
    const { baseUrl, origin: target } = parseServiceAddress(raw)
    this.#moveQuestion.ensureNoneOpen()
    const kind = this.#kind()
    if (
      (kind === 'apiKey' || kind === 'accessToken') &&
      this.#secret !== null &&
      !mayCarryTo(this.#binding(), target) &&
      options.confirmMove !== undefined &&
      !this.#moveQuestion.declined(target) &&
      (await this.#moveQuestion.ask(
        { kind, from: this.#savedFor, to: target },
        options.confirmMove,
      ))
    ) {
      // Written with the key in one step; with the keychain down, for this session only.
      await rebindCredential(this.#stores(), { kind, secret: this.#secret, origin: target })
      this.#savedFor = target
    }
    const before = this.#settingsNow().baseUrl
    await this.#settings.update((s) => ({
      baseUrl,
      verifiedAt: before === baseUrl ? s.verifiedAt : null,
    }))
    return this.#changed()
  }

  /** Sets the plan; `custom` needs its limits, fixed plans use the published ones. */
  async setPlan(plan: Plan, customLimits?: PlanLimits): Promise<AccountStatus> {
    await this.#settings.update(() => planSettings(plan, customLimits))
    // A new choice is judged afresh: the notice comes back only if the service keeps refusing.
    this.#checks.planMismatch = false
    return this.#changed()
  }

  /** Saves the user's account page on the service's website (null or empty forgets it). */
  async setAccountPage(raw: string | null): Promise<AccountStatus> {
    await this.#settings.update(() => ({ accountPage: parseAccountPage(raw) }))
    return this.#changed()
  }

  /** The user's saved account page, else this build's, checked again; throws when neither. */
  accountPageToOpen(): string {
    return accountPageToOpen(this.#settings.get().accountPage, this.#deployment.builtInAccountPage)
  }

  /**
   * The service keeps refusing a second request at once, as it does on the free plan, while the
   * chosen plan allows more (the scheduler noticed): the Account screen names it and says what
   * to do. Nothing changes when it is already said.
   */
  notePlanMismatch(): void {
    if (this.#checks.planMismatch || this.limits().maxInFlight <= 1) return
    this.#checks.planMismatch = true
    this.#logger.warn('the service keeps answering with the free plan’s limits')
    this.#changed()
  }

  /**
   * Proves the credential and the base URL with one cheap authenticated call. Errors keep their
   * code and details (request id) and get a message that says which of the two is wrong.
   */
  async verify(signal?: AbortSignal): Promise<VerifyResult> {
    const active = this.activeCredential()
    if (active === null) throw noCredentialError()
    if (active.baseUrl === '') throw noAddressToVerify()
    const problem = this.credentialProblem()
    if (problem !== null) throw problem
    const result = await this.#checks.check(active, this.#verify, {
      signal,
      now: this.#now,
      changed: () => this.#changed(),
    })
    if (this.#kind() === 'sandbox') {
      this.#sandboxVerifiedAt = result.verifiedAt
    } else {
      await this.#settings.update(() => ({ verifiedAt: result.verifiedAt }))
    }
    this.#changed()
    return result
  }

  /** Stops the token timers. */
  dispose(): void {
    this.#clearTimers()
    this.#listeners.clear()
  }
}
