import type { ErrorCode } from '../../shared/errors'

/** Exit codes of the command line, documented in docs/cli.md and `--help`. */
export const EXIT = {
  ok: 0,
  internal: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  limits: 5,
  upstream: 6,
  truncated: 7,
  disk: 8,
  /** `webhooks verify`: the signature does not match the body and secret. */
  signatureMismatch: 9,
  /** `webhooks verify`: the timestamp is outside the tolerance (a possible replay). */
  signatureStale: 10,
  /** `webhooks verify`: the header is not `t=…,v1=…`. */
  signatureMalformed: 11,
  cancelled: 130,
} as const

/** The exit code for each closed error code. */
export function exitCodeFor(code: ErrorCode): number {
  switch (code) {
    case 'VALIDATION_FAILED':
      return EXIT.usage
    case 'AUTH_MISSING':
    case 'AUTH_INVALID':
    case 'SCOPE_MISSING':
    case 'SECRET_STORE_UNAVAILABLE':
    case 'FORBIDDEN_SENDER':
      return EXIT.auth
    case 'NOT_FOUND':
      return EXIT.notFound
    case 'RATE_LIMITED':
    case 'PAYMENT_REQUIRED':
    case 'CONFLICT':
      return EXIT.limits
    case 'NETWORK':
    case 'TIMEOUT':
    case 'UPSTREAM':
      return EXIT.upstream
    case 'STREAM_TRUNCATED':
      return EXIT.truncated
    case 'DISK':
      return EXIT.disk
    case 'CANCELLED':
      return EXIT.cancelled
    case 'INTERNAL':
      return EXIT.internal
  }
}
