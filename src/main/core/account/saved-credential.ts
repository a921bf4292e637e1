import { readFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { SecretStore } from '../secrets/secret-store'
import { SETTINGS_FILE } from '../settings/settings-store'
import type { Settings } from '../settings/settings-schema'
import { settingsSchema } from '../settings/settings-schema'
import type { Credential } from './account-ports'
import type { TrustGroups } from './credential-binding'
import { bindingFor, provenLegacyOrigin, SERVICE_TRUST_GROUPS } from './credential-binding'

/**
 * The app's user data folders, where its settings.json says which origin the saved credential
 * belongs to: Electron's userData for the release name and for development runs (package name).
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
      if (parsed.success && parsed.data.credential !== 'none') return parsed.data
    } catch {
      // An unreadable file names no credential; the app itself reports and repairs it.
    }
  }
  return null
}

/**
 * The credential the app saved in the keychain, bound to the origin the app saved it for (read,
 * never written, from the app's settings.json). A credential whose origin cannot be told gets an
 * empty binding: the upstream client then refuses to send it anywhere and says why.
 */
export async function readSavedCredential(options: {
  secrets: SecretStore
  userDataDirs: readonly string[]
  trustGroups?: TrustGroups
}): Promise<Credential | null> {
  const settings = await readAppSettings(options.userDataDirs)
  // Same rule as the app: a credential saved before origins were recorded belongs to the base
  // URL only when it was verified there. The CLI cannot ask, so an unproven one is not sent and
  // the error says to enter the key in the app again (or to set VOICEDESK_API_KEY).
  const savedFor =
    settings === null ? null : (settings.credentialOrigin ?? provenLegacyOrigin(settings))
  const binding = bindingFor(savedFor, options.trustGroups ?? SERVICE_TRUST_GROUPS)
  const order: Credential['kind'][] =
    settings?.credential === 'accessToken' ? ['accessToken', 'apiKey'] : ['apiKey', 'accessToken']
  for (const kind of order) {
    const secret = await options.secrets.get(kind === 'apiKey' ? 'api-key' : 'access-token')
    if (secret !== null && secret !== '') {
      // A keychain entry the settings do not name (another kind) has no known origin.
      const known = settings?.credential === kind
      return { kind, secret, binding: known ? binding : bindingFor(null, []) }
    }
  }
  return null
}
