import { AccountLimiter } from '../limits/account-limiter.js'
import type { AccountSettings, PlanLimits, PlanName } from '../options.js'
import { apiKey, credentialHint } from './ids.js'

/** One account of the sandbox: plan, settings, limits and API keys. */
export interface Account {
  id: string
  plan: PlanName
  settings: AccountSettings
  limiter: AccountLimiter
  keys: Set<string>
}

/** Accounts and the key lookup that maps an API key to its account (as the service does, by lookup). */
export class AccountRegistry {
  private readonly byKey = new Map<string, Account>()
  readonly byPlan: Record<PlanName, Account>

  constructor(
    setup: Record<PlanName, { key: string; settings: AccountSettings; limits: PlanLimits }>,
    now: number,
  ) {
    const make = (plan: PlanName): Account => {
      const { key, settings, limits } = setup[plan]
      const account: Account = {
        id: `acct_sandbox_${plan}`,
        plan,
        settings: { ...settings },
        limiter: new AccountLimiter(limits, now),
        keys: new Set([key]),
      }
      this.byKey.set(key, account)
      return account
    }
    this.byPlan = { paid: make('paid'), free: make('free') }
  }

  /** The account an API key belongs to, if the key is live. */
  lookup(key: string): Account | undefined {
    return this.byKey.get(key)
  }

  /** The account with this id. */
  byId(id: string): Account | undefined {
    return Object.values(this.byPlan).find((account) => account.id === id)
  }

  /** Issues another key for a plan's account (to show that limits are per account, not per key). */
  issueKey(plan: PlanName): string {
    const key = apiKey()
    this.byPlan[plan].keys.add(key)
    this.byKey.set(key, this.byPlan[plan])
    return key
  }

  /** Revokes a key at once; true when it existed. */
  revokeKey(key: string): boolean {
    const account = this.byKey.get(key)
    if (!account) return false
    account.keys.delete(key)
    this.byKey.delete(key)
    return true
  }

  /** Log-safe hints of an account's keys. */
  keyHints(plan: PlanName): string[] {
    return [...this.byPlan[plan].keys].map(credentialHint)
  }
}
