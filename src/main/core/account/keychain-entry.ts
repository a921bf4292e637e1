import { z } from 'zod'
import { originOf } from './credential-binding'

/**
 * What one keychain entry holds: the key or token together with the origin it was saved for.
 * Why together: the binding must be written in the same step as the key, or not at all. A
 * binding kept elsewhere (settings.json) was written even when the key itself could only be kept
 * for the session, and at the next start bound the keychain's older key to the new address.
 */
export interface KeychainCredential {
  secret: string
  /** The origin the secret belongs to; null for a bare secret an older build stored. */
  origin: string | null
}

const FORMAT = 'voicedesk-credential'

const entrySchema = z.object({
  [FORMAT]: z.literal(2),
  origin: z.string().min(1).max(2048),
  secret: z.string().min(1).max(65_536),
})

/** The keychain text for `secret` bound to `origin` (one value, written in one step). */
export function encodeKeychainEntry(secret: string, origin: string): string {
  return JSON.stringify({ [FORMAT]: 2, origin, secret })
}

/**
 * Reads a keychain entry. One written by this build gives its secret and origin; anything else is
 * a bare secret from an older build, with no origin: the credential is then sent nowhere until
 * the user enters it again or confirms an address in the native question (see credential-binding).
 * Why an older build's binding is not migrated from settings.json: that is exactly the value a
 * keychain outage could have pointed at another service.
 */
export function decodeKeychainEntry(stored: string): KeychainCredential {
  if (stored.startsWith('{')) {
    let parsed: unknown
    try {
      parsed = JSON.parse(stored)
    } catch {
      parsed = null
    }
    const entry = entrySchema.safeParse(parsed)
    if (entry.success) {
      const origin = originOf(entry.data.origin) === entry.data.origin ? entry.data.origin : null
      return { secret: entry.data.secret, origin }
    }
  }
  return { secret: stored, origin: null }
}
