import { createHmac, timingSafeEqual } from 'node:crypto'
import { AppError } from '../../../shared/errors'

/** How far a signature's timestamp may be from now before it is refused as stale (5 minutes). */
export const DEFAULT_TOLERANCE_SECONDS = 300

/** Why a signature was refused, in words a receiver's developer can act on. */
export type SignatureRefusal =
  | { reason: 'malformed-header'; message: string }
  | { reason: 'stale'; message: string; ageSeconds: number }
  | { reason: 'mismatch'; message: string }

/** The outcome of checking one delivery. */
export type SignatureCheck =
  { valid: true; timestamp: number; ageSeconds: number } | ({ valid: false } & SignatureRefusal)

/** The parts of a `t=<unix seconds>,v1=<hex>[,v1=<hex>…]` header (several v1 during secret rotation). */
export interface ParsedSignatureHeader {
  timestamp: number
  signatures: string[]
}

/** Reads the signature header; null when it lacks a timestamp or any v1 signature. */
export function parseSignatureHeader(header: string): ParsedSignatureHeader | null {
  let timestamp: number | null = null
  const signatures: string[] = []
  for (const part of header.split(',')) {
    const eq = part.indexOf('=')
    if (eq <= 0) continue
    const key = part.slice(0, eq).trim()
    const value = part.slice(eq + 1).trim()
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value)
    else if (key === 'v1' && /^[0-9a-fA-F]{64}$/.test(value)) signatures.push(value.toLowerCase())
  }
  if (timestamp === null || signatures.length === 0) return null
  return { timestamp, signatures }
}

/** The hex HMAC-SHA256 the service sends: over `<t>.<raw body>`, keyed with the webhook secret. */
export function signWebhook(secret: string, timestamp: number, rawBody: Uint8Array): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex')
}

/**
 * Refuses a check that could not fail: an empty secret (anyone can compute its HMAC), and a
 * tolerance or a clock reading that is not a finite number (NaN compares false with every age, so
 * a replay of any age would pass). Why throw rather than answer "invalid": these are mistakes in
 * the receiver's set-up, not in the delivery, and must stop it loudly before any delivery passes.
 */
function assertCheckable(secret: string, toleranceSeconds: number, nowSeconds: number): void {
  if (typeof secret !== 'string' || secret.trim() === '') {
    throw new AppError(
      'VALIDATION_FAILED',
      'The webhook secret is empty, so no signature can be checked. Give the signing secret the service showed for this webhook.',
    )
  }
  if (!Number.isFinite(toleranceSeconds) || toleranceSeconds < 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The tolerance must be a finite number of seconds, 0 or more (not ${String(toleranceSeconds)}).`,
    )
  }
  if (!Number.isFinite(nowSeconds)) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The current time must be a finite number of unix seconds (not ${String(nowSeconds)}).`,
    )
  }
}

/**
 * Checks one webhook delivery: the header's timestamp must be within `toleranceSeconds` of
 * `nowSeconds` (a replayed old delivery is refused), and one v1 signature must equal the HMAC of
 * the raw body bytes, compared in constant time. The body must be the bytes as received: parsing
 * and re-serialising JSON changes them. Throws VALIDATION_FAILED on an empty secret or a tolerance
 * or time that is not a finite number (0 or more for the tolerance).
 */
export function verifyWebhookSignature(input: {
  secret: string
  header: string
  rawBody: Uint8Array
  nowSeconds: number
  toleranceSeconds?: number
}): SignatureCheck {
  const tolerance = input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS
  assertCheckable(input.secret, tolerance, input.nowSeconds)
  const parsed = parseSignatureHeader(input.header)
  if (parsed === null) {
    return {
      valid: false,
      reason: 'malformed-header',
      message:
        'The signature header is not in the form t=<unix seconds>,v1=<64 hex digits>. Pass the header exactly as it arrived.',
    }
  }
  const ageSeconds = input.nowSeconds - parsed.timestamp
  if (Math.abs(ageSeconds) > tolerance) {
    return {
      valid: false,
      reason: 'stale',
      ageSeconds,
      message:
        ageSeconds > 0
          ? `The signature is ${ageSeconds} s old, more than the ${tolerance} s allowed: refuse it as a possible replay (or check this machine's clock).`
          : `The signature is dated ${-ageSeconds} s in the future, more than the ${tolerance} s allowed: check this machine's clock.`,
    }
  }
  const expected = Buffer.from(signWebhook(input.secret, parsed.timestamp, input.rawBody), 'hex')
  // Why check every v1 without stopping early: the time taken must not tell which one matched.
  let matched = false
  for (const signature of parsed.signatures) {
    if (timingSafeEqual(expected, Buffer.from(signature, 'hex'))) matched = true
  }
  if (!matched) {
    return {
      valid: false,
      reason: 'mismatch',
      message:
        'The signature does not match this body and secret. Check the secret, and sign the raw body bytes as received (not re-serialised JSON).',
    }
  }
  return { valid: true, timestamp: parsed.timestamp, ageSeconds }
}
