import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import type { BoundedBytesMeta, BoundedRecordMeta } from '../limits'
import { boundedBytes, boundedRecord } from '../limits'
import type { InvokeChannel } from './contract'
import { invokes, MAX_PROJECT_BYTES } from './contract'

// Why this test reads zod's definitions: a new channel, or a new field of an old one, that takes
// an unbounded string, list or map must fail here, not wait for a review to notice.

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string; checks?: ZodInternals[] } }
}

/** True when a string or a list has a `.max()` or `.length()` check. */
function hasMaxLength(schema: ZodInternals): boolean {
  return (schema._zod.def.checks ?? []).some((check) =>
    ['max_length', 'length_equals'].includes(String(check._zod.def.check)),
  )
}

/** Fixed-length string formats: bounded without a `.max()`. */
const FIXED_FORMATS = new Set(['uuid', 'guid'])

function metaOf(schema: z.ZodType): Partial<BoundedRecordMeta & BoundedBytesMeta> {
  return (z.globalRegistry.get(schema) ?? {}) as Partial<BoundedRecordMeta & BoundedBytesMeta>
}

/** The paths (`project.cast`, `blocks[]`) of every string, list, map or custom value without a bound. */
function unboundedParts(schema: z.ZodType, path = 'input'): string[] {
  const internals = schema as unknown as ZodInternals
  const { def } = internals._zod
  const meta = metaOf(schema)
  const child = (inner: unknown, at = path): string[] => unboundedParts(inner as z.ZodType, at)
  switch (def.type) {
    case 'string':
      return hasMaxLength(internals) || FIXED_FORMATS.has(String(def.format)) ? [] : [path]
    case 'array':
      return [...(hasMaxLength(internals) ? [] : [path]), ...child(def.element, `${path}[]`)]
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
        child(value, `${path}.${key}`),
      )
    case 'record':
      // A record is bounded only inside boundedRecord (the pipe carries its count).
      return [path, ...child(def.keyType, `${path}{key}`), ...child(def.valueType, `${path}{}`)]
    case 'pipe':
      if (typeof meta.maxEntries === 'number') {
        const record = (def.out as ZodInternals)._zod.def
        return [...child(record.keyType, `${path}{key}`), ...child(record.valueType, `${path}{}`)]
      }
      return [...child(def.in), ...child(def.out)]
    case 'custom':
      return typeof meta.maxBytes === 'number' ? [] : [path]
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => child(option))
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return child(def.innerType)
    case 'number':
    case 'int':
    case 'boolean':
    case 'literal':
    case 'enum':
    case 'undefined':
    case 'null':
      return []
    default:
      // Maps, sets, tuples, lazy schemas…: not used by the contract yet; decide their bound
      // when one is added.
      return [`${path} (${def.type})`]
  }
}

const channels = Object.keys(invokes) as InvokeChannel[]

describe('every invoke channel declares its limits', () => {
  it.each(channels)('%s bounds its total size and every string, list and map', (channel) => {
    const { limits, input } = invokes[channel]
    expect(Number.isSafeInteger(limits.maxBytes) && limits.maxBytes > 0, channel).toBe(true)
    // The largest message is a whole project with its block order (saveDraft).
    expect(limits.maxBytes).toBeLessThanOrEqual(MAX_PROJECT_BYTES * 1.25)
    expect(limits.subject.length).toBeGreaterThan(3)
    expect(unboundedParts(input)).toEqual([])
  })

  it('the walk itself finds unbounded parts (so the table above can fail)', () => {
    expect(unboundedParts(z.object({ a: z.string(), b: z.string().max(3) }))).toEqual(['input.a'])
    expect(unboundedParts(z.array(z.string().max(1)))).toEqual(['input'])
    expect(unboundedParts(z.object({ m: z.record(z.string().max(9), z.string().max(9)) }))).toEqual(
      ['input.m'],
    )
    expect(unboundedParts(z.instanceof(Uint8Array))).toEqual(['input'])
    expect(unboundedParts(z.uuid())).toEqual([])
    const bounded = z.object({
      cast: boundedRecord(z.string().max(9), z.string().max(9), {
        max: 5,
        subject: 'A cast',
        unit: 'speakers',
      }).default({}),
      bytes: boundedBytes(10, 'A file'),
    })
    expect(unboundedParts(bounded)).toEqual([])
    const looseValues = boundedRecord(z.string().max(9), z.string(), {
      max: 5,
      subject: 'A cast',
      unit: 'speakers',
    })
    expect(unboundedParts(looseValues)).toEqual(['input{}'])
  })
})
