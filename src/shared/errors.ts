/**
 * The closed set of error codes that cross IPC and the CLI boundary. Extend here, and only here:
 * the renderer keys its user-facing messages by these codes.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'FORBIDDEN_SENDER',
  'AUTH_MISSING',
  'AUTH_INVALID',
  'SCOPE_MISSING',
  'SECRET_STORE_UNAVAILABLE',
  'RATE_LIMITED',
  'PAYMENT_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'NETWORK',
  'TIMEOUT',
  'UPSTREAM',
  'STREAM_TRUNCATED',
  'CANCELLED',
  'DISK',
  'INTERNAL',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** Facts kept with an error so a user can quote them to support. Never contains a secret. */
export interface ErrorDetails {
  /** HTTP status of the upstream answer, when there was one. */
  status?: number
  /** The service's own `error.code` (or OAuth `error`), verbatim. */
  upstreamCode?: string
  /** The upstream request id, from the response header or the error body. */
  requestId?: string
  /** How long the service asked us to wait, from `Retry-After`. */
  retryAfterMs?: number
  /** Per-field messages from a 400 answer, or from local input validation. */
  fields?: Record<string, string>
  /**
   * Set on AUTH_MISSING when no key or token is set at all (not one saved for another address):
   * the message already says where to set one, in the app and for the command line.
   */
  noCredential?: true
  /** The scope an access token would need for the failed operation. */
  requiredScope?: string
  /** Set when an input went past a limit (a count, a length or a size); the message names it. */
  limit?: { maximum: number }
  /**
   * A block that no voice resolves for (1-based), and its speaker when it has one. Messages stay
   * neutral; each front end says where to choose the voice (the app's pickers, the CLI's flags).
   */
  missingVoice?: { block: number; speaker?: string }
  /** Set on a CONFLICT because the output (or the script) is being rendered right now. */
  renderInProgress?: true
  /**
   * Set on a CONFLICT because an operation named a revision of an open script older than main's
   * copy (edits arrived in between): nothing was done, and the page may ask again.
   */
  staleRevision?: { seen: number; current: number }
  /**
   * Set when a file to import cannot be read as a script (damaged, protected by DRM, not the kind
   * its name says, or without text): the message names the file and what to do.
   */
  unreadableFile?: true
  /**
   * Set when a document (a PDF) is protected by a password: `required` when none was given,
   * `wrong` when the one given does not open it. The app asks for it; the CLI names
   * --password-file.
   */
  password?: 'required' | 'wrong'
  /**
   * What the checks before a render found, each naming its block or cast entry: nothing was sent
   * to the service and nothing was written.
   */
  preflight?: PreflightProblem[]
  /**
   * Set when a pronunciation file (PLS or CSV) was refused: the line or entry to blame, when
   * one is, and the technical reason when the message keeps it out of plain view; the message
   * names the file. Nothing was changed.
   */
  lexiconFile?: { line?: number; entry?: number; reason?: string }
  /**
   * The whole service address a failed check was sent to, for Details: the message names only
   * its host, which is what a person compares.
   */
  address?: string
}

/** One thing a render's checks found before it spent anything (see ErrorDetails.preflight). */
export interface PreflightProblem {
  kind:
    'voice' | 'model' | 'language' | 'emotion' | 'format' | 'preset' | 'folder' | 'space' | 'cover'
  /** The whole sentence, naming the block or cast entry and what to do. */
  message: string
  /** The first block concerned, 1-based. */
  block?: number
  /** The cast entry concerned. */
  speaker?: string
  /** Set when the problem is the script's default voice. */
  defaultVoice?: true
}

/** A serialisable error: what the main process returns instead of throwing across IPC. */
export interface AppErrorData {
  code: ErrorCode
  message: string
  retryable: boolean
  details?: ErrorDetails
}

/** The envelope every IPC call resolves to. Handlers never throw across IPC. */
export type Result<T> = { ok: true; data: T } | { ok: false; error: AppErrorData }

/** Type guard for the closed code union (used when reading untrusted data). */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value)
}

/**
 * An Error that carries an {@link AppErrorData}. Core code throws it; the IPC dispatcher and the
 * CLI turn it back into data. The renderer rethrows it from a failed Result.
 */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly retryable: boolean
  readonly details: ErrorDetails | undefined

  constructor(
    code: ErrorCode,
    message: string,
    options: { retryable?: boolean; details?: ErrorDetails; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.retryable = options.retryable ?? false
    this.details = options.details
  }

  /** The plain-data form that crosses IPC. */
  toData(): AppErrorData {
    const data: AppErrorData = { code: this.code, message: this.message, retryable: this.retryable }
    if (this.details !== undefined) data.details = this.details
    return data
  }

  /** Rebuilds an AppError from its plain-data form. */
  static fromData(data: AppErrorData): AppError {
    return new AppError(data.code, data.message, {
      retryable: data.retryable,
      ...(data.details === undefined ? {} : { details: data.details }),
    })
  }
}

/**
 * The plain-data form of anything thrown: an AppError as it is, anything else INTERNAL with the
 * caller's words (what failed and what to do; the cause itself goes to the log, never across).
 */
export function toAppErrorData(
  error: unknown,
  internal: { message: string; retryable: boolean },
): AppErrorData {
  if (error instanceof AppError) return error.toData()
  return { code: 'INTERNAL', message: internal.message, retryable: internal.retryable }
}
