import { createHash } from 'node:crypto'
import type { CredentialKind, Plan, PlanLimits } from '../../../shared/domain/account'
import { PLAN_LIMITS } from '../../../shared/domain/account'
import { AppError } from '../../../shared/errors'
import type { Settings } from '../settings/settings-schema'
import type { ActiveCredential, SandboxAccount, ServiceTarget } from './account-ports'
import type { CredentialBinding } from './credential-binding'
import { noCredentialError } from './credential-resolver'
import { parseServiceAddress } from './service-address'

/** The synthesis limits of the chosen plan (the development sandbox runs at the paid plan's). */
export function planLimits(settings: Settings, kind: CredentialKind): PlanLimits {
  if (kind === 'sandbox') return PLAN_LIMITS.paid
  if (settings.plan === 'custom') return settings.customLimits ?? PLAN_LIMITS.free
  return PLAN_LIMITS[settings.plan]
}

/** The settings of a chosen plan: `custom` needs its limits, fixed plans use the published ones. */
export function planSettings(
  plan: Plan,
  customLimits: PlanLimits | undefined,
): { plan: Plan; customLimits: PlanLimits | null; planAnswered: true } {
  if (plan === 'custom' && customLimits === undefined) throw customLimitsMissing()
  return {
    plan,
    customLimits: plan === 'custom' ? (customLimits ?? null) : null,
    // Any choice of a plan answers the question Account asks once: it is not asked again.
    planAnswered: true,
  }
}

/** Refusal of a custom plan chosen without its limits. */
function customLimitsMissing(): AppError {
  const message = 'A custom plan needs its limits: requests per second and requests in flight.'
  return new AppError('VALIDATION_FAILED', message, {
    details: { fields: { customLimits: message } },
  })
}

/** The credential other core services call with, or null when signed out. */
export function activeCredentialOf(account: {
  kind: CredentialKind
  settings: Settings
  sandbox: SandboxAccount | null
  secret: string | null
  binding: () => CredentialBinding
}): ActiveCredential | null {
  const { kind, settings, sandbox } = account
  if (kind === 'none') return null
  if (kind === 'sandbox' && sandbox !== null) {
    return {
      baseUrl: sandbox.baseUrl,
      credential: { kind: 'apiKey', secret: sandbox.apiKey },
      limits: PLAN_LIMITS.paid,
    }
  }
  return {
    baseUrl: settings.baseUrl,
    credential: {
      kind: kind === 'accessToken' ? 'accessToken' : 'apiKey',
      secret: account.secret ?? '',
      binding: account.binding(),
    },
    limits: planLimits(settings, kind),
  }
}

/** Refusal of a call while no base URL is set. */
function noBaseUrl(): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    'No service base URL is set. Enter it in Account, then try again.',
    { details: { fields: { baseUrl: 'Required' } } },
  )
}

/**
 * The account's service target: the address through the one rule, the credential with its
 * binding. Throws AUTH_MISSING (signed out, or `problem`: the key belongs elsewhere) or
 * VALIDATION_FAILED (no base URL, or one a hand-edited settings file made invalid).
 */
export function serviceTargetOf(
  active: ActiveCredential | null,
  problem: AppError | null,
): ServiceTarget {
  if (active === null) throw noCredentialError()
  if (active.baseUrl === '') throw noBaseUrl()
  if (problem !== null) throw problem
  return { address: parseServiceAddress(active.baseUrl), credential: active.credential }
}

/** A credential and its address, compared without keeping the secret itself. */
export function identityOf(active: ActiveCredential): string {
  const digest = createHash('sha256').update(active.credential.secret).digest('hex')
  return `${active.baseUrl}\n${active.credential.kind}\n${digest}`
}
