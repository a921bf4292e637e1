import { readFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { SecretStore } from '../secrets/secret-store'
import { SETTINGS_FILE } from '../settings/settings-store'
import type { Settings } from '../settings/settings-schema'
import { settingsSchema } from '../settings/settings-schema'
import type { Credential } from './account-ports'
import type { TrustGroups } from './credential-binding'
import { bindingFor, SERVICE_TRUST_GROUPS } from './credential-binding'
import { decodeKeychainEntry } from './keychain-entry'

/**
 * The app's user data folders, where its settings.json says which credential kind is saved (and
 * whether a forget is pending): Electron's userData for the release name and for development runs.
 */
export function appUserDataDirs(
  env: Record<string, string | undefined>,
  platform: NodeJS.Platform = process.platform,
): string[] {
  const home = env.HOME ?? env.USERPROFILE ?? homedir()
  const appData =
    platform === 'win32'
      ? (env.APPDATA ?? join(home, 'AppData', 'Roaming'))
      : platform === 'darwin'
        ? join(home, 'Library', 'Application Support')
        : (env.XDG_CONFIG_HOME ?? join(home, '.config'))
  return [join(appData, 'VoiceDesk'), join(appData, 'voicedesk')]
}

async function readAppSettings(dirs: readonly string[]): Promise<Settings | null> {
  for (const dir of dirs) {
    let text: string
    try {
      text = await readFile(join(dir, SETTINGS_FILE), 'utf8')
    } catch {
      continue
    }
    try {
      const parsed = settingsSchema.safeParse(JSON.parse(text) as unknown)
      if (parsed.success) return parsed.data
    } catch {
      // An unreadable file names no credential; the app itself reports and repairs it.
    }
  }
  return null
}

/**
 * The credential the app saved in the keychain, bound to the origin stored with it in the same
 * keychain entry. An entry an older build wrote has no origin: the upstream client then refuses
 * to send it anywhere and says why. A credential the user forgot in the app while the keychain
 * was unavailable is not used.
 */
export async function readSavedCredential(options: {
  secrets: SecretStore
  userDataDirs: readonly string[]
  trustGroups?: TrustGroups
}): Promise<Credential | null> {
  const settings = await readAppSettings(options.userDataDirs)
  if (settings?.forgetPending === true) return null
  const order: Credential['kind'][] =
    settings?.credential === 'accessToken' ? ['accessToken', 'apiKey'] : ['apiKey', 'accessToken']
  for (const kind of order) {
    const stored = await options.secrets.get(kind === 'apiKey' ? 'api-key' : 'access-token')
    if (stored === null || stored === '') continue
    // Same rule as the app: only the origin written with the secret counts (keychain-entry.ts).
    const { secret, origin } = decodeKeychainEntry(stored)
    return {
      kind,
      secret,
      binding: bindingFor(origin, options.trustGroups ?? SERVICE_TRUST_GROUPS),
    }
  }
  return null
}
