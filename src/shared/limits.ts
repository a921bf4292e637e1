import { z } from 'zod'

// Input limits in plain words. Every bound on what the window may send (counts, lengths, total
// size) reports itself the same way: what it is, the limit and what was sent, so the refusal can
// be shown to the user as it is ("A cast can have at most 500 speakers; this one has 1,000,000.").

/** 1,000,000: counts as the user reads them (the app speaks en-US everywhere). */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US')
}

/** 20 MB, 1.5 MB, 64 KB: a byte count as the app shows sizes (1 MB = 1,048,576 bytes). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'] as const
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  const rounded = unit === 0 ? String(value) : String(Math.round(value * 10) / 10)
  return `${rounded} ${units[unit]}`
}

/**
 * "A voice sample can be at most 10 MB; this one is 12.5 MB." Exact byte counts when rounding
 * would make both sizes read the same.
 */
export function sizeSentence(subject: string, max: number, size: number): string {
  const [limit, actual] =
    formatBytes(max) === formatBytes(size)
      ? [`${formatCount(max)} bytes`, `${formatCount(size)} bytes`]
      : [formatBytes(max), formatBytes(size)]
  return `${subject} can be at most ${limit}; this one is ${actual}.`
}

/** How big a value is in the unit its limit counts: characters, items, entries or bytes. */
export function countOf(value: unknown): number | null {
  if (typeof value === 'string' || Array.isArray(value)) return value.length
  if (value instanceof Uint8Array) return value.byteLength
  if (typeof value === 'object' && value !== null) return Object.keys(value).length
  return null
}

/**
 * A limit sentence: "A cast can have at most 500 speakers; this one has 1,000,000." The count of
 * what was sent is left out when it is not known.
 */
export function limitSentence(
  subject: string,
  max: number,
  unit: string,
  count: number | null,
): string {
  const limit = `${subject} can have at most ${formatCount(max)} ${unit}`
  return count === null ? `${limit}.` : `${limit}; this one has ${formatCount(count)}.`
}

/**
 * The zod `error` option of a `.max()` check that names its limit in plain words, e.g.
 * `z.array(block).max(MAX_BLOCKS, atMost('A script', MAX_BLOCKS, 'blocks'))`.
 */
export function atMost(subject: string, max: number, unit: string) {
  return {
    error: (issue: { input?: unknown }): string =>
      limitSentence(subject, max, unit, countOf(issue.input)),
  }
}

/** Metadata a bounded record carries, so the contract's table test can see its bound. */
export type BoundedRecordMeta = { maxEntries: number }

/** Metadata a bounded byte array carries, so the contract's table test can see its bound. */
export type BoundedBytesMeta = { maxBytes: number }

/**
 * A record (map of names to values) with at most `limit.max` entries. Why a pipe: zod has no size
 * check for records, and a check after parsing would parse a million entries before refusing
 * them; here the entries are counted first and none is parsed when there are too many.
 */
export function boundedRecord<K extends z.core.$ZodRecordKey, V extends z.ZodType>(
  key: K,
  value: V,
  limit: { max: number; subject: string; unit: string },
) {
  const record = z.record(key, value)
  const counted = z.custom<z.input<typeof record>>().check((ctx) => {
    const input = ctx.value as unknown
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return
    const count = Object.keys(input).length
    if (count <= limit.max) return
    ctx.issues.push({
      code: 'too_big',
      origin: 'object',
      maximum: limit.max,
      inclusive: true,
      input,
      message: limitSentence(limit.subject, limit.max, limit.unit, count),
    })
  })
  const meta: BoundedRecordMeta = { maxEntries: limit.max }
  return counted.pipe(record).meta(meta)
}

/**
 * A byte array of 1 to `max` bytes; an empty or larger one is refused in plain words
 * ("A voice sample can be at most 10 MB; this one is 12.5 MB.").
 */
export function boundedBytes(max: number, subject: string) {
  const meta: BoundedBytesMeta = { maxBytes: max }
  return z
    .instanceof(Uint8Array)
    .check((ctx) => {
      const size = ctx.value.byteLength
      if (size === 0) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: `${subject} is empty.` })
      } else if (size > max) {
        ctx.issues.push({
          code: 'too_big',
          origin: 'file',
          maximum: max,
          inclusive: true,
          input: ctx.value,
          message: sizeSentence(subject, max, size),
        })
      }
    })
    .meta(meta)
}

/** The parts of a zod issue the plain-words fallback reads. */
interface LimitIssue {
  code?: string
  origin?: string
  maximum?: unknown
  path?: readonly PropertyKey[]
  input?: unknown
}

const UNITS: Record<string, string> = {
  string: 'characters',
  array: 'items',
  set: 'items',
  object: 'entries',
  file: 'bytes',
}

/**
 * Plain words for a `.max()` refusal that has no message of its own (`"fileName" can have at
 * most 255 characters; this one has 300.`); undefined for any other issue, which keeps zod's.
 * Passed as the per-parse `error` option by the IPC dispatcher.
 */
export function plainLimitMessage(issue: LimitIssue): string | undefined {
  if (issue.code !== 'too_big' || typeof issue.maximum !== 'number') return undefined
  const path = issue.path ?? []
  const subject = path.length === 0 ? 'The input' : `"${path.map(String).join('.')}"`
  const unit = issue.origin === undefined ? undefined : UNITS[issue.origin]
  if (unit !== undefined) return limitSentence(subject, issue.maximum, unit, countOf(issue.input))
  const value = typeof issue.input === 'number' ? `; this one is ${formatCount(issue.input)}` : ''
  return `${subject} can be at most ${formatCount(issue.maximum)}${value}.`
}
