/**
 * The one logger of the main process. Every line is a JSON document and passes through
 * {@link redact} first, so no Authorization header, API key or access token can reach a log line,
 * whichever way it got into a message or a field.
 */

import { REDACTED, maskCredentials } from '../../../shared/credential-redaction'

export { REDACTED }

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
  /** A logger for a sub-system: same sink, level and secret registry, scope `parent.scope`. */
  child(scope: string): Logger
  /** Registers a known secret value (the current key or token): masked wherever it appears. */
  addSecret(value: string): void
  /**
   * Masks the registered secrets and every credential-shaped part of a text that leaves main (an
   * IPC answer or event, the command line's output); the rest of the text is unchanged.
   */
  maskText(text: string): string
}

export interface LoggerOptions {
  /** Receives each finished line (no trailing newline). Default: stderr. */
  sink?: (line: string) => void
  /** Lines below this level are dropped. Default: info. */
  level?: LogLevel
  scope?: string
}

const LEVEL_ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

// Why field names as well as patterns: a key that does not look like `sk_…` (a custom deployment,
// a pasted token with a typo) is still a secret when it sits under a name like `apiKey`.
const SECRET_FIELD =
  /^(?:key|api[-_]?key|x[-_]api[-_]key|token|access[-_]?token|refresh[-_]?token|id[-_]?token|authorization|proxy[-_]authorization|password|passwd|secret|client[-_]?secret|cookie|set[-_]cookie)$/i

const TEXT_PATTERNS: readonly RegExp[] = [
  // "Authorization: Bearer x", "authorization=Basic x", JSON "authorization":"…"
  /(authorization["']?\s*[:=]\s*["']?)(?:[A-Za-z]+\s+)?[^\s"',;}]+/gi,
  /\b(Bearer\s+)[^\s"',;}]+/gi,
  /()\bsk_[A-Za-z0-9_-]{6,}/g,
  /()\beyJ[A-Za-z0-9_-]*\.eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/g,
]

/** Masks every registered secret in a string. */
function maskKnown(text: string, secrets: ReadonlySet<string>): string {
  let out = text
  for (const secret of secrets) {
    if (secret.length > 0 && out.includes(secret)) out = out.split(secret).join(REDACTED)
  }
  return out
}

/**
 * Masks every secret-shaped substring and every registered secret in a string. Why wider than
 * {@link maskCredentials} alone: a log line is never shown as content, so any word after
 * "Bearer" may go.
 */
function redactText(text: string, secrets: ReadonlySet<string>): string {
  let out = maskKnown(text, secrets)
  for (const pattern of TEXT_PATTERNS) {
    out = out.replace(pattern, (_match, prefix: string) => `${prefix}${REDACTED}`)
  }
  return maskCredentials(out)
}

function redactWith(value: unknown, secrets: ReadonlySet<string>, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactText(value, secrets)
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'bigint') return value.toString()
    if (typeof value === 'function' || typeof value === 'symbol') return String(value)
    return value
  }
  if (seen.has(value)) return '[circular]'
  seen.add(value)
  if (value instanceof Error) {
    const out: Record<string, unknown> = {
      name: value.name,
      message: redactText(value.message, secrets),
    }
    if (value.stack !== undefined) out.stack = redactText(value.stack, secrets)
    for (const [k, v] of Object.entries(value)) {
      out[k] = SECRET_FIELD.test(k) ? REDACTED : redactWith(v, secrets, seen)
    }
    if (value.cause !== undefined) out.cause = redactWith(value.cause, secrets, seen)
    return out
  }
  if (value instanceof Uint8Array) return `[${value.byteLength} bytes]`
  if (value instanceof Date) return value.toISOString()
  if (value instanceof Map) {
    return redactWith(Object.fromEntries(value), secrets, seen)
  }
  if (value instanceof Set) return redactWith([...value], secrets, seen)
  if (Array.isArray(value)) return value.map((item) => redactWith(item, secrets, seen))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    out[redactText(k, secrets)] =
      SECRET_FIELD.test(k) && v !== null && v !== undefined && v !== ''
        ? REDACTED
        : redactWith(v, secrets, seen)
  }
  return out
}

/**
 * Returns a copy of `value` with secrets masked: Authorization values, `Bearer …`, `sk_…` keys,
 * JWT-shaped tokens, any field named like a key/token/password at any depth, and `secrets`.
 */
export function redact(value: unknown, secrets: Iterable<string> = []): unknown {
  return redactWith(value, new Set(secrets), new WeakSet())
}

function defaultSink(line: string): void {
  process.stderr.write(`${line}\n`)
}

/** Creates the redacting JSON-lines logger. Children share the sink, level and secret registry. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const shared = {
    sink: options.sink ?? defaultSink,
    threshold: LEVEL_ORDER[options.level ?? 'info'],
    secrets: new Set<string>(),
  }
  return makeLogger(shared, options.scope ?? 'app')
}

interface SharedState {
  sink: (line: string) => void
  threshold: number
  secrets: Set<string>
}

function makeLogger(shared: SharedState, scope: string): Logger {
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>): void => {
    if (LEVEL_ORDER[level] < shared.threshold) return
    const entry: Record<string, unknown> = {
      time: new Date().toISOString(),
      level,
      scope,
      message: redactText(String(message), shared.secrets),
    }
    if (fields !== undefined && Object.keys(fields).length > 0) {
      entry.fields = redactWith(fields, shared.secrets, new WeakSet())
    }
    let line: string
    try {
      line = JSON.stringify(entry)
    } catch {
      line = JSON.stringify({ ...entry, fields: '[unserialisable]' })
    }
    // Why a second pass on the serialised line: JSON escaping can split or join text in ways the
    // structural pass did not see; a registered secret must not survive in any form.
    line = redactText(line, shared.secrets)
    try {
      shared.sink(line)
    } catch {
      // A failing sink (closed pipe) must never take the caller down.
    }
  }
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (child) => makeLogger(shared, `${scope}.${child}`),
    maskText: (text) => maskCredentials(maskKnown(text, shared.secrets)),
    addSecret(value) {
      // Why a minimum length: masking a 1-3 character "secret" would shred every line and hide
      // nothing worth hiding.
      const trimmed = value.trim()
      if (trimmed.length < 4) return
      shared.secrets.add(trimmed)
      // The JSON-escaped form too, for the pass over the serialised line.
      shared.secrets.add(JSON.stringify(trimmed).slice(1, -1))
    },
  }
}

/** A logger that drops everything (tests, and callers that do not want logs). */
export const silentLogger: Logger = createLogger({ sink: () => undefined, level: 'error' })
