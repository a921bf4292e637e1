import type { PlanLimits, VerifyResult } from '../../../shared/domain/account'
import type { CredentialBinding } from './credential-binding'
import type { ServiceAddress } from './service-address'

/**
 * The credential a call is made with, sent as `Authorization: Bearer <secret>`. Main-process
 * only: it never crosses IPC.
 */
export interface Credential {
  kind: 'apiKey' | 'accessToken'
  secret: string
  /**
   * The origins a saved credential may be sent to; checked where the header is attached (see
   * credential-binding.ts). Absent: the caller gave it for this client's base URL (CLI
   * environment, tests), so only that origin receives it.
   */
  binding?: CredentialBinding
}

/** The port "Verify" goes through: one cheap authenticated call (GET {baseUrl}/v1/voices). */
export type VerifyCredential = (args: {
  baseUrl: string
  credential: Credential
  signal?: AbortSignal
}) => Promise<VerifyResult>

/** The development sandbox the account falls back to when nothing is configured. */
export interface SandboxAccount {
  baseUrl: string
  apiKey: string
}

/** Everything other core services need to call the upstream service. */
export interface ActiveCredential {
  baseUrl: string
  credential: Credential
  limits: PlanLimits
}

/**
 * Where the account's calls go and with what, as one value account builds and the upstream
 * client only uses: the checked service address, and the credential with the origins it is bound
 * to (its trust group, and the sandbox main started).
 */
export interface ServiceTarget {
  address: ServiceAddress
  credential: Credential
}
