import type { CredentialKind, PlanLimits } from '../../../shared/domain/account'
import { PLAN_LIMITS } from '../../../shared/domain/account'
import { AppError } from '../../../shared/errors'
import type { Settings } from '../settings/settings-schema'
import type { ActiveCredential, SandboxAccount } from './account-ports'
import type { CredentialBinding } from './credential-binding'

/** The synthesis limits of the chosen plan (the development sandbox runs at the paid plan's). */
export function planLimits(settings: Settings, kind: CredentialKind): PlanLimits {
  if (kind === 'sandbox') return PLAN_LIMITS.paid
  if (settings.plan === 'custom') return settings.customLimits ?? PLAN_LIMITS.free
  return PLAN_LIMITS[settings.plan]
}

/** Refusal of a custom plan chosen without its limits. */
export function customLimitsMissing(): AppError {
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
