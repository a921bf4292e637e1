/**
 * Masks text shaped like a credential. One set of shapes for every text that leaves main: IPC
 * results, errors and events (the dispatcher and the runtime's event hub), the log (logger.ts)
 * and the command line's output. Pure and environment-free, so main, the CLI and tests share it.
 */

/** What replaces a credential. */
export const REDACTED = '[redacted]'

/** Characters of a bearer token (RFC 6750's token68) and of most API keys. */
const TOKEN_CHARS = 'A-Za-z0-9._~+/-'

/** Names under which a value is a secret, as in `key=…`, `"access_token": "…"`, `password: …`. */
const SECRET_NAME =
  '(?:api[-_]?key|x[-_]api[-_]key|key|secret|client[-_]?secret|token|access[-_]?token|refresh[-_]?token|id[-_]?token|password|passwd)'

/**
 * True when a word could be a generated secret rather than a word of prose: long enough, and with
 * a digit or a token symbol in it, or very long (a sentence's final dot does not count). Why the
 * test: the same shapes are applied to scripts, file names and voice names the page shows, and
 * "the bearer of well-known news." or a folder "sk_project" must survive.
 */
function looksGenerated(word: string, minLength: number): boolean {
  const core = word.replace(/\.+$/, '')
  if (core.length < minLength) return false
  return /[0-9_~+/=.]/.test(core) || core.length >= 16
}

/**
 * True when a value after `key=` has the variety of a random secret: at least 16 characters of at
 * least two kinds (lower case, upper case, digits, symbols). Why: `token=expired` or
 * `key=chapter-one` are words; `key=Zp81Lq0vQ…` is not.
 */
function looksHighEntropy(value: string): boolean {
  if (value.length < 16) return false
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[._~+/=-]/].filter((kind) => kind.test(value))
  return kinds.length >= 2
}

type Rule = { pattern: RegExp; mask: (match: string, ...groups: string[]) => string }

const RULES: readonly Rule[] = [
  {
    // "Authorization: Bearer x", "authorization=Basic x", JSON "authorization":"…": whatever
    // follows the header's name is the credential, whatever its shape.
    pattern: /(authorization["']?\s*[:=]\s*["']?)(?:[A-Za-z]+\s+)?[^\s"',;}]+/gi,
    mask: (_match, prefix = '') => `${prefix}${REDACTED}`,
  },
  {
    // A scheme and its credential seen outside a header: "Bearer eyJ…", "Basic dXNlcjpw…".
    pattern: new RegExp(`\\b((?:Bearer|Basic)\\s+)([${TOKEN_CHARS}]+=*)`, 'gi'),
    mask: (match, prefix = '', token = '') =>
      looksGenerated(token, 8) ? `${prefix}${REDACTED}` : match,
  },
  {
    // The service's key shape: sk_live_…, sk_test_…
    pattern: /\bsk_([A-Za-z0-9_-]{6,})/g,
    mask: (match, rest = '') => (/[0-9]/.test(rest) || rest.length >= 16 ? REDACTED : match),
  },
  {
    // A JWT: base64url header (always `{"…` so `eyJ`), payload and signature.
    pattern: /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g,
    mask: () => REDACTED,
  },
  {
    // key=…, token: "…", "password":"…", ?access_token=… with a value that looks random.
    pattern: new RegExp(`\\b(${SECRET_NAME}["']?\\s*[:=]\\s*["']?)([${TOKEN_CHARS}]+=*)`, 'gi'),
    mask: (match, prefix = '', value = '') =>
      looksHighEntropy(value) ? `${prefix}${REDACTED}` : match,
  },
]

/**
 * One pass that finds whether any rule above could apply (their shapes without the entropy
 * tests). Why: most text (names, transcripts, scripts) has none, and main must not spend five
 * scans on each string of a 10,000-row answer.
 */
const MAYBE_CREDENTIAL = new RegExp(
  [
    `authorization["']?\\s*[:=]`,
    `\\b(?:bearer|basic)\\s+[${TOKEN_CHARS}]{8}`,
    '\\bsk_[A-Za-z0-9_-]{6}',
    '\\beyJ[A-Za-z0-9_-]{4,}\\.',
    `\\b${SECRET_NAME}["']?\\s*[:=]\\s*["']?[${TOKEN_CHARS}]{16}`,
  ].join('|'),
  'i',
)

/** Masks every credential-shaped part of `text` (see the rules above); other text is unchanged. */
export function maskCredentials(text: string): string {
  if (!MAYBE_CREDENTIAL.test(text)) return text
  let out = text
  for (const rule of RULES) out = out.replace(rule.pattern, rule.mask)
  return out
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

/** A placeholder for a reference back to an object still being masked (plain data has none). */
const CIRCULAR = '[circular]'

/** One masking of one value: the mask, and what was already masked (objects, and keys). */
interface MaskPass {
  mask: (text: string) => string
  /** Why a memo and not a "seen" set: an object shared by two fields comes out masked in both. */
  objects: Map<object, unknown>
  /** Field names repeat in every row of a list: each is masked once. */
  keys: Map<string, string>
}

function maskKey(key: string, pass: MaskPass): string {
  let masked = pass.keys.get(key)
  if (masked === undefined) {
    masked = pass.mask(key)
    pass.keys.set(key, masked)
  }
  return masked
}

function maskArray(value: unknown[], pass: MaskPass): unknown[] {
  let copy: unknown[] | null = null
  for (let index = 0; index < value.length; index++) {
    const item = value[index]
    const masked = maskDeep(item, pass)
    if (masked !== item) {
      copy ??= value.slice()
      copy[index] = masked
    }
  }
  return copy ?? value
}

function maskObject(value: Record<string, unknown>, pass: MaskPass): Record<string, unknown> {
  let copy: Record<string, unknown> | null = null
  for (const key of Object.keys(value)) {
    const item = value[key]
    const maskedKey = maskKey(key, pass)
    const masked = maskDeep(item, pass)
    if (masked !== item || maskedKey !== key) {
      copy ??= { ...value }
      if (maskedKey !== key) delete copy[key]
      // Why define rather than assign: a key named "__proto__" must stay a plain field.
      Object.defineProperty(copy, maskedKey, {
        value: masked,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
  }
  return copy ?? value
}

function maskDeep(value: unknown, pass: MaskPass): unknown {
  if (typeof value === 'string') return pass.mask(value)
  if (value === null || typeof value !== 'object') return value
  if (pass.objects.has(value)) return pass.objects.get(value)
  const array = Array.isArray(value)
  // Bytes, dates and class instances carry no text to mask (audio chunks must pass untouched).
  if (!array && !isPlainObject(value)) return value
  pass.objects.set(value, CIRCULAR)
  const out = array ? maskArray(value, pass) : maskObject(value, pass)
  pass.objects.set(value, out)
  return out
}

/**
 * Returns `value` with `mask` applied to every string in it, keys included, through plain objects
 * and arrays. Copies only what changed: the value itself comes back when nothing did.
 */
export function maskStrings<T>(value: T, mask: (text: string) => string = maskCredentials): T {
  return maskDeep(value, { mask, objects: new Map(), keys: new Map() }) as T
}
