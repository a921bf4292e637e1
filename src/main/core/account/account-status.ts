import type {
  AccountNotice,
  AccountStatus,
  ConnectionState,
  CredentialKind,
} from '../../../shared/domain/account'
import type { AppError } from '../../../shared/errors'
import type { SecretStorage } from '../secrets/secret-store'
import type { Settings } from '../settings/settings-schema'
import type { Permissions, TokenClaims } from './access-token'
import { isoOrNull, permissionsOf } from './access-token'
import type { SandboxAccount } from './account-ports'
import { SANDBOX_NOTICE, TOKEN_UNREADABLE, tokenNotice } from './account-notices'
import type { TrustGroups } from './credential-binding'
import { hostOf, originOf } from './credential-binding'
import { keyElsewhereNotice } from './key-elsewhere'

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

/** What the account knows at one moment, from which its status is told. */
export interface AccountFacts {
  settings: Settings
  kind: CredentialKind
  /** The saved key or token (only its last four characters reach the status). */
  secret: string | null
  /** The origin stored with the saved key or token; null when none was. */
  savedFor: string | null
  token: TokenClaims | null
  sandbox: SandboxAccount | null
  sandboxVerifiedAt: string | null
  storage: SecretStorage
  /** Notices found earlier (a settings reset, a missing or unavailable keychain entry). */
  notices: AccountNotice[]
  /** Why the saved credential may not go to the current address, or null. */
  problem: AppError | null
  /** The service's trust groups, to name a service the user knows (key-elsewhere.ts). */
  trustGroups: TrustGroups
  /** Why no question about moving the key to an origin will come, in words; or null. */
  noQuestion: (origin: string) => string | null
  rejected: boolean
  /** The last check of this credential at this address, or null when unchecked. */
  reach: { state: Exclude<ConnectionState, 'unchecked'>; at: string } | null
  /** The service's default address this build knows, or null. */
  defaultBaseUrl: string | null
  /** The service's page where credit is added that this build knows, or null. */
  builtInAccountPage: string | null
  now: number
}

/** The notice of a key set aside: named as the user knows the services, addresses in Details. */
function elsewhereNotice(facts: AccountFacts, target: string): AccountNotice {
  const { sandbox } = facts
  return keyElsewhereNotice({
    kind: facts.kind,
    savedFor: facts.savedFor,
    target,
    noQuestion: facts.noQuestion(target),
    known: {
      demo: sandbox === null ? null : originOf(sandbox.baseUrl),
      own: facts.defaultBaseUrl,
      trustGroups: facts.trustGroups,
    },
  })
}

function hintOf(secret: string): string {
  return `…${secret.slice(-4)}`
}

/** What the credential allows now, with the notices its kind brings (sandbox, token expiry). */
function permissionsNow(facts: AccountFacts): {
  allowed: Permissions
  token: AccountStatus['token']
  notices: AccountNotice[]
} {
  const { kind, now } = facts
  if (kind === 'sandbox') return { allowed: ALL, token: null, notices: [SANDBOX_NOTICE] }
  if (kind === 'apiKey') return { allowed: ALL, token: null, notices: [] }
  if (kind !== 'accessToken' || facts.token === null)
    return { allowed: NONE, token: null, notices: [] }
  const { scopes, expiresAtMs } = facts.token
  const expiresAt = isoOrNull(expiresAtMs)
  // Why guarded: the status is read by every window and at start; a token whose expiry is not a
  // date grants nothing and says so, it never makes the status read fail.
  if (expiresAt === null) return { allowed: NONE, token: null, notices: [TOKEN_UNREADABLE] }
  const notice = tokenNotice(facts.token, now)
  return {
    allowed: expiresAtMs > now ? permissionsOf(scopes) : NONE,
    token: { scopes, expiresAt },
    notices: notice === null ? [] : [notice],
  }
}

/** What the UI may know: never the key or token, only its last four characters. */
export function accountStatus(facts: AccountFacts): AccountStatus {
  const { settings, kind, problem } = facts
  const now = permissionsNow(facts)
  const notices = [...facts.notices, ...now.notices]
  let allowed = now.allowed
  if (problem !== null) {
    // Suspended, not deleted: the key stays saved for its own service and works again there.
    // In words first; the hosts and the session's answers go to Details (key-elsewhere.ts).
    const target = originOf(settings.baseUrl)
    if (target !== null) notices.push(elsewhereNotice(facts, target))
    allowed = NONE
  }
  const { savedFor } = facts
  const sandbox = kind === 'sandbox' ? facts.sandbox : null
  return {
    credential: kind,
    hasKey: kind !== 'none',
    keyHint:
      kind === 'none' ? null : hintOf(sandbox !== null ? sandbox.apiKey : (facts.secret ?? '')),
    keyFor:
      kind === 'apiKey' || kind === 'accessToken'
        ? {
            origin: savedFor,
            host: savedFor === null ? null : hostOf(savedFor),
            usable: problem === null,
          }
        : null,
    plan: sandbox !== null ? 'paid' : settings.plan,
    planAnswered: sandbox !== null || settings.planAnswered || settings.plan !== 'free',
    customLimits: sandbox !== null ? null : settings.customLimits,
    baseUrl: sandbox !== null ? sandbox.baseUrl : settings.baseUrl,
    verifiedAt: sandbox !== null ? facts.sandboxVerifiedAt : settings.verifiedAt,
    rejected: facts.rejected,
    connection: facts.reach?.state ?? 'unchecked',
    checkedAt: facts.reach?.at ?? null,
    defaultBaseUrl: facts.defaultBaseUrl,
    accountPage: settings.accountPage,
    builtInAccountPage: facts.builtInAccountPage,
    storage: kind === 'none' ? 'none' : sandbox !== null ? 'session' : facts.storage,
    token: now.token,
    allowed,
    notices,
  }
}
