import { AppError } from '../../../shared/errors'
import type { Logger } from '../log/logger'
import type { SecretStore } from '../secrets/secret-store'
import type { Credential } from './account-ports'
import { appUserDataDirs, readSavedCredential } from './saved-credential'

/**
 * The one message for "no key or token at all", shown by the app and the command line alike: the
 * CLI reads the key saved in Account from the keychain, or takes one from its environment.
 */
export const NO_CREDENTIAL_MESSAGE =
  'No API key is set. Add your API key in Account, then try again. The command line uses that key too, or set VOICEDESK_API_KEY (or VOICEDESK_ACCESS_TOKEN) for it.'

/** The AUTH_MISSING error for a call made with no key or token at all. */
export function noCredentialError(): AppError {
  return new AppError('AUTH_MISSING', NO_CREDENTIAL_MESSAGE, {
    details: { noCredential: true },
  })
}

/**
 * The credential to call with, or AUTH_MISSING when there is none (or its secret is blank). The
 * secret is registered with the logger's redactor before anything can log it.
 */
export async function resolveCredential(
  source: () => Promise<Credential | null> | Credential | null,
  logger: Logger,
): Promise<Credential> {
  const credential = await source()
  if (credential === null || credential.secret.trim() === '') throw noCredentialError()
  logger.addSecret(credential.secret)
  return credential
}

/**
 * The command line's credential: the environment first (VOICEDESK_API_KEY, then
 * VOICEDESK_ACCESS_TOKEN), else the one the app saved in the keychain; null when neither has one.
 */
export async function commandLineCredential(options: {
  env: Record<string, string | undefined>
  /** The app's keychain; absent, only the environment is read. */
  secrets?: () => Promise<SecretStore>
  /** Where the app keeps settings.json (default: its user data folders for this user). */
  userDataDirs?: readonly string[]
  logger: Logger
}): Promise<Credential | null> {
  const key = options.env.VOICEDESK_API_KEY?.trim()
  if (key) return { kind: 'apiKey', secret: key }
  const token = options.env.VOICEDESK_ACCESS_TOKEN?.trim()
  if (token) return { kind: 'accessToken', secret: token }
  if (!options.secrets) return null
  try {
    // Why not just the secret: a keychain credential goes only to the origin the app saved it for
    // (the upstream client enforces its binding); a key in the environment is the user's own choice.
    return await readSavedCredential({
      secrets: await options.secrets(),
      userDataDirs: options.userDataDirs ?? appUserDataDirs(options.env),
    })
  } catch (error) {
    options.logger.debug('keychain not available', { error })
  }
  return null
}
