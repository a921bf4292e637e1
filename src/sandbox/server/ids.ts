import { randomBytes } from 'node:crypto'

const BASE32 = '0123456789abcdefghjkmnpqrstvwxyz'
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** A random string of `length` characters from `alphabet`. */
function randomString(length: number, alphabet: string): string {
  const bytes = randomBytes(length)
  let out = ''
  for (const byte of bytes) out += alphabet[byte % alphabet.length] ?? '0'
  return out
}

/** A time-ordered id in the service's style (`conv_01j...`): 10 time characters then 16 random ones. */
export function sortableId(prefix: string, now = Date.now()): string {
  let time = ''
  let rest = now
  for (let i = 0; i < 10; i++) {
    time = (BASE32[rest % 32] ?? '0') + time
    rest = Math.floor(rest / 32)
  }
  return `${prefix}_${time}${randomString(16, BASE32)}`
}

/** A request id (`req_...`). */
export function requestId(): string {
  return sortableId('req')
}

/** A fresh API key shaped like the service's (`sk_` and 40 base62 characters). */
export function apiKey(): string {
  return `sk_${randomString(40, BASE62)}`
}

/** A log-safe hint of a credential: its kind and last four characters, never the whole secret. */
export function credentialHint(credential: string): string {
  const tail = credential.slice(-4)
  return credential.startsWith('sk_') ? `sk_…${tail}` : `token…${tail}`
}
