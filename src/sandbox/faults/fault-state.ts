import {
  faultPatchSchema,
  NO_FAULTS,
  type FaultPatch,
  type FaultSettings,
} from './fault-settings.js'
import { mulberry32 } from './prng.js'

/** Faults of one request, from the run's settings and the request's `X-Sandbox-Fault` header. */
export interface RequestFaults {
  latencyMs: number
  ttfbMs: number
  /** A 5xx status this request must be answered with, or null. */
  forcedStatus: number | null
  /** The header asked for a 429 on this request. */
  rateLimit: boolean
  stallAfterBytes: number | null
  truncateAfterBytes: number | null
  /** The header asked for a cut JSON answer on this request. */
  malformed: boolean
  errorBody: 'json' | 'text' | 'empty' | null
  /** The header's text, for the request log. */
  header: string | null
}

/** No faults for this request (control and asset paths). */
export const NO_REQUEST_FAULTS: RequestFaults = {
  latencyMs: 0,
  ttfbMs: 0,
  forcedStatus: null,
  rateLimit: false,
  stallAfterBytes: null,
  truncateAfterBytes: null,
  malformed: false,
  errorBody: null,
  header: null,
}

const STATUSES = [500, 502, 503] as const

/** Parses `X-Sandbox-Fault: truncate=4096, stall=2048, status=503, latency=200, ttfb=500, rate-limit, malformed, error-body=text`. */
export function parseFaultHeader(header: string): Partial<RequestFaults> {
  const out: Partial<RequestFaults> = {}
  for (const part of header.split(/[,;]/)) {
    const [rawKey = '', rawValue = ''] = part.split('=').map((piece) => piece.trim())
    const key = rawKey.toLowerCase()
    const number = Number(rawValue)
    const valid = rawValue !== '' && Number.isFinite(number) && number >= 0
    if (key === 'truncate' && valid) out.truncateAfterBytes = number
    else if (key === 'stall' && valid) out.stallAfterBytes = number
    else if (key === 'latency' && valid) out.latencyMs = number
    else if (key === 'ttfb' && valid) out.ttfbMs = number
    else if (key === 'status' && valid && number >= 400 && number < 600) out.forcedStatus = number
    else if (key === 'rate-limit') out.rateLimit = true
    else if (key === 'malformed') out.malformed = true
    else if (
      key === 'error-body' &&
      (rawValue === 'json' || rawValue === 'text' || rawValue === 'empty')
    ) {
      out.errorBody = rawValue
    }
  }
  return out
}

/** The run's fault settings, their countdowns and the seeded PRNG behind every random decision. */
export class FaultState {
  private settings: FaultSettings
  private random: () => number

  constructor(initial: Partial<FaultSettings>, seed: number) {
    this.settings = { ...NO_FAULTS }
    this.random = mulberry32(seed)
    this.update(faultPatchSchema.parse(initial))
  }

  /** The current settings. */
  current(): FaultSettings {
    return { ...this.settings }
  }

  /** Merges a validated patch; a `seed` restarts the PRNG. */
  update(patch: FaultPatch): FaultSettings {
    const { seed, ...rest } = patch
    const defined = Object.fromEntries(
      Object.entries(rest).filter(([, value]) => value !== undefined),
    )
    this.settings = { ...this.settings, ...defined }
    if (seed !== undefined) this.random = mulberry32(seed)
    return this.current()
  }

  /** Turns every fault off (the PRNG keeps its position). */
  reset(): void {
    this.settings = { ...NO_FAULTS }
  }

  /** Decides this request's faults (the latency by its path, when a prefix is set). Draws from the PRNG only when an error rate is set. */
  forRequest(header: string | undefined, path = ''): RequestFaults {
    const prefix = this.settings.latencyPathPrefix
    const settledLatency = prefix === null || path.startsWith(prefix) ? this.settings.latencyMs : 0
    const fromHeader = header ? parseFaultHeader(header) : {}
    let forcedStatus = fromHeader.forcedStatus ?? null
    if (
      forcedStatus === null &&
      this.settings.errorRate > 0 &&
      this.random() < this.settings.errorRate
    ) {
      forcedStatus =
        this.settings.errorStatus ?? STATUSES[Math.floor(this.random() * STATUSES.length)] ?? 500
    }
    return {
      latencyMs: fromHeader.latencyMs ?? settledLatency,
      ttfbMs: fromHeader.ttfbMs ?? this.settings.ttfbMs,
      forcedStatus,
      rateLimit: fromHeader.rateLimit ?? false,
      stallAfterBytes: fromHeader.stallAfterBytes ?? this.settings.stallAfterBytes,
      truncateAfterBytes: fromHeader.truncateAfterBytes ?? this.settings.truncateAfterBytes,
      malformed: fromHeader.malformed ?? false,
      errorBody: fromHeader.errorBody ?? this.settings.errorBody,
      header: header ?? null,
    }
  }

  /** Consumes one storm answer if a storm is running. */
  takeStorm(): boolean {
    if (this.settings.rateLimitStorm <= 0) return false
    this.settings.rateLimitStorm -= 1
    return true
  }

  /** Retry-After of storm answers. */
  stormRetryAfter(): number {
    return this.settings.stormRetryAfterSeconds
  }

  /** Consumes one malformed JSON answer if any are queued. */
  takeMalformed(): boolean {
    if (this.settings.malformedJson <= 0) return false
    this.settings.malformedJson -= 1
    return true
  }
}
