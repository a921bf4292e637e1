import { z } from 'zod'

/** Fault settings; all off by default. Set with the `faults` option, `sandbox.setFaults` or `POST /sandbox/faults`. */
export interface FaultSettings {
  /** Added delay before any `/v1` request is handled. */
  latencyMs: number
  /** When set, `latencyMs` delays only `/v1` requests whose path starts with this (null: all). */
  latencyPathPrefix: string | null
  /** Added delay before the first byte of any `/v1` answer (stream or JSON). */
  ttfbMs: number
  /** Share (0-1) of `/v1` requests answered with a 5xx, decided by the seeded PRNG. */
  errorRate: number
  /** Status of those answers; unset draws 500, 502 or 503 from the PRNG. */
  errorStatus: 500 | 502 | 503 | null
  /** The next N synthesis requests are answered 429 rate_limited (counts down). */
  rateLimitStorm: number
  /** Retry-After (seconds) sent with storm answers. */
  stormRetryAfterSeconds: number
  /** Streams stop sending after this many body bytes and keep the connection open (null: off). */
  stallAfterBytes: number | null
  /** Streams end cleanly after this many body bytes (null: off). */
  truncateAfterBytes: number | null
  /** The next N successful JSON answers are cut in half (counts down). */
  malformedJson: number
  /** Error bodies as plain text or empty, overriding the shape generation (null: as the shapes say). */
  errorBody: 'json' | 'text' | 'empty' | null
  /** Re-seeds the PRNG when set. */
  seed?: number
}

/** All faults off. */
export const NO_FAULTS: FaultSettings = {
  latencyMs: 0,
  latencyPathPrefix: null,
  ttfbMs: 0,
  errorRate: 0,
  errorStatus: null,
  rateLimitStorm: 0,
  stormRetryAfterSeconds: 1,
  stallAfterBytes: null,
  truncateAfterBytes: null,
  malformedJson: 0,
  errorBody: null,
}

const count = z.number().int().min(0)

/** Schema of a fault patch as accepted by `POST /sandbox/faults`. */
export const faultPatchSchema = z
  .object({
    latencyMs: count,
    latencyPathPrefix: z.string().startsWith('/v1/').max(200).nullable(),
    ttfbMs: count,
    errorRate: z.number().min(0).max(1),
    errorStatus: z.union([z.literal(500), z.literal(502), z.literal(503), z.null()]),
    rateLimitStorm: count,
    stormRetryAfterSeconds: count,
    stallAfterBytes: count.nullable(),
    truncateAfterBytes: count.nullable(),
    malformedJson: count,
    errorBody: z.enum(['json', 'text', 'empty']).nullable(),
    seed: z.number().int(),
  })
  .partial()
  .strict()

/** A validated fault patch. */
export type FaultPatch = z.infer<typeof faultPatchSchema>
