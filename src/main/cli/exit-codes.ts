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

export const HELP = `voicedesk: VoiceDesk on the command line (same engine as the app, no window)

Usage:
  voicedesk [global options] <command> [options]

Commands:
  voices list [--json]
  voices create --name N --gender male|female|not_specified --sample FILE
                --consent-name NAME --consent-email EMAIL [--locale ll-CC] [--json]
  voices delete ID
  voices sample ID --out FILE [--json]
  speak --voice ID (--text T | --file F) --out FILE [--format wav|mp3|ogg|aac|pcm]
        [--stream] [--language ll-CC] [--model M] [--normalize-text]
        [--normalize-loudness] [--json]
  render FILE --out OUT [--format wav|mp3|ogg|pcm] [--voice ID] [--cast NAME=ID ...]
        [--subtitles srt|vtt] [--per-block DIR | --per-chapter DIR] [--sample-rate R]
        [--loudness LUFS] [--cache-dir DIR] [--dry-run] [--json]   (docs/narration.md)
  conversation show ID [--json]
  conversation watch ID [--json]

Global options:
  --base-url URL     service address (or VOICEDESK_BASE_URL); https, or http on this computer
  --plan free|paid   synthesis limits to keep under (or VOICEDESK_PLAN; default free)
  --verbose          log requests to stderr (keys and tokens are always masked)
  --help             this text

Credentials: VOICEDESK_API_KEY (or VOICEDESK_ACCESS_TOKEN) from the environment, else the
key stored by the VoiceDesk app in the system keychain.

Exit codes:
  0 success            1 internal error        2 usage or invalid input
  3 auth or scope      4 not found             5 rate limit, payment or plan limit
  6 service/network/timeout                    7 audio stream cut short
  8 disk (cannot write the file)               130 cancelled (Ctrl-C)
`
