/** One answered request as the sandbox saw it. Credentials appear only as hints (`sk_…abcd`). */
export interface RequestLogEntry {
  requestId: string
  /** ISO time the request arrived. */
  time: string
  method: string
  /** Path without the legacy prefix and without the query. */
  path: string
  query: string
  /** True when it came in under the legacy base address. */
  legacy: boolean
  accountId: string | null
  plan: string | null
  credential: 'api_key' | 'access_token' | null
  keyHint: string | null
  status: number
  /** Error code of an error answer. */
  errorCode: string | null
  durationMs: number
  accept: string | null
  contentType: string | null
  /** The request's X-Sandbox-Fault header, if any. */
  faultHeader: string | null
  /** True when the client went away before the answer was complete. */
  aborted: boolean
  /** For synthesis: input, voice_id, audio_format, model, language, options. For voice creation: name, gender, locale, sample size. */
  body: Record<string, unknown> | null
}

/** A request as it arrives: only what is known before it is read. */
export interface RequestArrival {
  method: string
  /** Path without the legacy prefix and without the query. */
  path: string
}

/** Filter for reading the log. */
export interface RequestLogFilter {
  /** Only paths starting with this. */
  pathPrefix?: string
  method?: string
  accountId?: string
}

const MAX_ENTRIES = 20_000

function matches(
  entry: Pick<RequestLogEntry, 'path' | 'method' | 'accountId'>,
  filter: RequestLogFilter,
): boolean {
  return (
    (!filter.pathPrefix || entry.path.startsWith(filter.pathPrefix)) &&
    (!filter.method || entry.method === filter.method.toUpperCase()) &&
    (!filter.accountId || entry.accountId === filter.accountId)
  )
}

/** The request log, newest last, capped at 20,000 entries. */
export class RequestLog {
  private entries: RequestLogEntry[] = []
  private readonly waiting = new Set<(entry: RequestLogEntry) => boolean>()
  private readonly arrivals = new Set<(arrival: RequestArrival) => boolean>()

  /** Notes a request the moment it arrives, before any fault delay or handling (never kept). */
  arrive(arrival: RequestArrival): void {
    for (const take of [...this.arrivals]) if (take(arrival)) this.arrivals.delete(take)
  }

  /**
   * The next request to arrive that matches the filter's path and method. Lets a test act while
   * a request is on its way (held by a latency fault, say) without guessing when it got there.
   */
  nextArrival(filter: Omit<RequestLogFilter, 'accountId'> = {}): Promise<RequestArrival> {
    return new Promise((resolve) => {
      this.arrivals.add((arrival) => {
        if (!matches({ ...arrival, accountId: null }, filter)) return false
        resolve(arrival)
        return true
      })
    })
  }

  /** Appends an entry. */
  add(entry: RequestLogEntry): void {
    this.entries.push(entry)
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES)
    for (const take of [...this.waiting]) if (take(entry)) this.waiting.delete(take)
  }

  /**
   * The next entry added that matches the filter. An entry is added once its answer is complete
   * or the client has gone, so a test waits on this instead of guessing how long that takes.
   */
  next(filter: RequestLogFilter = {}): Promise<RequestLogEntry> {
    return new Promise((resolve) => {
      this.waiting.add((entry) => {
        if (!matches(entry, filter)) return false
        resolve(entry)
        return true
      })
    })
  }

  /** Entries matching the filter, oldest first. */
  list(filter: RequestLogFilter = {}): RequestLogEntry[] {
    return this.entries.filter((entry) => matches(entry, filter))
  }

  /** Empties the log. */
  clear(): void {
    this.entries = []
  }
}
