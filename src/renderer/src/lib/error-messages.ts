import type { ErrorCode, ErrorDetails } from '../../../shared/errors'
import { AppError } from '../../../shared/errors'

/**
 * Where an error happened, when that changes what it means to the user. A 404 from "Verify" means
 * the base URL points at something that is not the service; a 404 elsewhere means an item is gone.
 */
/** Where the error met the user: `conversation` is a call opened by its id. */
export type ErrorContext = 'general' | 'connection' | 'conversation'

/** Everything an error panel shows: what went wrong, what to do, and the facts for support. */
export interface ErrorDescription {
  code: ErrorCode
  /** Short: what went wrong, in the user's words. */
  title: string
  /** The specific explanation from main (names the host, the field, the limit). */
  message: string
  /** What the user can do about it. */
  action: string
  requestId: string | null
  status: number | null
  upstreamCode: string | null
  /** The technical reason kept out of the message (shown behind Details), or null. */
  reason: string | null
  /** The whole service address a failed check went to (its host is in the message), or null. */
  address: string | null
  fields: Record<string, string>
  /**
   * What a render's checks found, one sentence each, when there are several: the panel lists
   * them under `message`. Empty otherwise (one problem is the message itself).
   */
  problems: string[]
}

interface Wording {
  title: string
  action: string
}

// eslint-disable-next-line max-lines-per-function -- one case per error code: a table of the words a user reads, kept together so none is missed
function wording(code: ErrorCode, details: ErrorDetails, context: ErrorContext): Wording {
  switch (code) {
    case 'VALIDATION_FAILED':
      // A file that could not be imported: nothing in a form is wrong, the file is.
      if (details.unreadableFile === true) {
        return {
          title: 'VoiceDesk cannot open this file',
          action: 'Open another file, or save this one again in the program that made it.',
        }
      }
      // A pronunciation file refused: main's sentence names the file, the line and what to do.
      if (details.lexiconFile !== undefined) {
        return {
          title: 'This pronunciation file was not used',
          action: 'Choose another file, or fix this one and import it again.',
        }
      }
      // Over a limit, the message from main names it ("A cast can have at most 500 speakers;
      // this one has 1,000,000."); there is no field to correct, only something to make smaller.
      return details.limit === undefined
        ? {
            title: 'Some of the input is not valid',
            action: 'Correct the highlighted field and try again.',
          }
        : {
            title: 'This is more than VoiceDesk accepts',
            action:
              'Make it smaller and try again: remove what is not needed, or split a long script into several projects.',
          }
    case 'FORBIDDEN_SENDER':
      return {
        title: 'This window is not allowed to use VoiceDesk',
        action: 'Close this window and use the main VoiceDesk window.',
      }
    case 'AUTH_MISSING':
      return {
        // Also the answer when the saved key belongs to another service than the base URL.
        title: 'No key for this service',
        action: 'Add the API key for this service on the Account screen (Ctrl+5), then try again.',
      }
    case 'AUTH_INVALID':
      return {
        title: 'The service did not accept your key',
        action:
          'Check that you pasted the whole API key (it starts with "sk_"), or create a new key in your account with the voice service and save it here. An access token may have expired: paste a new one.',
      }
    case 'SCOPE_MISSING':
      return {
        title: 'Your access token does not allow this',
        action:
          details.requiredScope === undefined
            ? 'Use a token with the needed scope, or sign in with an API key.'
            : `Use a token with the scope "${details.requiredScope}", or sign in with an API key.`,
      }
    case 'SECRET_STORE_UNAVAILABLE':
      return {
        title: 'The system keychain is not available',
        action:
          'Unlock or set up your keychain, then save the key again. Until then VoiceDesk keeps it for this session only.',
      }
    case 'RATE_LIMITED': {
      const seconds =
        details.retryAfterMs === undefined
          ? null
          : Math.max(1, Math.ceil(details.retryAfterMs / 1000))
      return {
        title: 'The service asked VoiceDesk to slow down',
        action:
          seconds === null
            ? 'Wait a moment and try again. Check that the plan on the Account screen matches your account.'
            : `Wait ${seconds} s and try again. Check that the plan on the Account screen matches your account.`,
      }
    }
    case 'PAYMENT_REQUIRED':
      return {
        title: 'Your plan does not cover this',
        action: 'Add credit or upgrade your plan with the voice service, then try again.',
      }
    case 'NOT_FOUND':
      // The sidebar's words for the same check (app/account-words.ts): one problem, one name.
      return context === 'connection'
        ? {
            title: 'Wrong service address',
            action:
              'Copy the service address that came with your key again and paste it under Advanced.',
          }
        : context === 'conversation'
          ? {
              title: 'No call with this id in your account',
              action:
                'Check the id: copy it again from the inbox or the service’s console, or open the call from the inbox.',
            }
          : {
              title: 'It is no longer there',
              action: 'It may have been deleted elsewhere. Refresh and try again.',
            }
    case 'CONFLICT':
      if (details.staleRevision !== undefined) {
        return {
          title: 'The script changed meanwhile',
          action: 'Nothing was done with the older version. Try again: your latest edits are kept.',
        }
      }
      return details.renderInProgress === true
        ? {
            title: 'This is already being rendered',
            action: 'Wait for that render to finish or cancel it, then try again.',
          }
        : {
            title: 'That conflicts with another change',
            action: 'Refresh to see the latest state, then try again.',
          }
    case 'NETWORK':
      return {
        title: 'Cannot reach the service',
        action:
          context === 'connection'
            ? 'Check your internet connection and the service address under Advanced, then check again.'
            : 'Check your internet connection and the base URL on the Account screen, then try again.',
      }
    case 'TIMEOUT':
      // Checking the connection, a silent service is one that cannot be reached, as the sidebar
      // and main's message say.
      if (context === 'connection') {
        return {
          title: 'Cannot reach the service',
          action: 'Check your internet connection and the service address under Advanced.',
        }
      }
      return {
        title: 'The service took too long to answer',
        action: 'Try again in a moment. If it keeps happening, check your connection.',
      }
    case 'UPSTREAM':
      // During "Verify", an answer that is not the service's (HTML, 200 without voices, a 4xx of
      // another server) means the base URL is wrong; a 5xx is the service's own trouble.
      return context === 'connection' && (details.status === undefined || details.status < 500)
        ? {
            title: 'Wrong service address',
            action:
              'Copy the service address that came with your key again and paste it under Advanced.',
          }
        : {
            title: 'The service had a problem',
            action:
              'Try again in a moment. If it keeps happening, quote the request id below to support.',
          }
    case 'STREAM_TRUNCATED':
      return {
        title: 'The audio ended early',
        action: 'Nothing incomplete was saved. Try again.',
      }
    case 'CANCELLED':
      return { title: 'Cancelled', action: 'Start it again when you are ready.' }
    case 'DISK':
      return {
        title: 'Could not write the file',
        action: 'Check that the folder exists, is writable and has free space, then try again.',
      }
    case 'INTERNAL':
      return {
        title: 'Something went wrong inside VoiceDesk',
        action: 'Try again. If it keeps happening, restart the app.',
      }
  }
}

// A sentence that starts with an instruction ("Check the base URL.", "Paste a new token.").
const INSTRUCTION =
  /(?:^|[.!?:]\s+)(?:Check|Enter|Paste|Unlock|Try|Remove|Use|Save|Set|Copy|Wait|Close|Open|Add|Create|Restart|Correct|Refresh|Choose|Free|Sign|Record|Pick|Select|Delete|Run|Start|Re-render|Export)\b/

/**
 * True when main's message already tells the user what to do; the per-code action is then left
 * out so the panel does not say the same thing twice.
 */
export function saysWhatToDo(message: string): boolean {
  return INSTRUCTION.test(message)
}

/** Turns anything thrown by a `call()` into what the user sees. Unknown throwables become INTERNAL. */
export function describeError(error: unknown, context: ErrorContext = 'general'): ErrorDescription {
  const appError =
    error instanceof AppError
      ? error
      : new AppError('INTERNAL', 'An unexpected error reached the window.', { cause: error })
  const details = appError.details ?? {}
  const checks = details.preflight ?? []
  // A render's checks found something before anything was sent: say that, not "invalid input".
  const { title, action } =
    checks.length > 0
      ? {
          title: "This render can't start yet",
          action:
            // "again" would be wrong: nothing was rendered, the render never began.
            checks.length === 1
              ? 'Fix it, then start the render.'
              : 'Fix them, then start the render.',
        }
      : wording(appError.code, details, context)
  const problems = checks.length > 1 ? checks.map((p) => p.message) : []
  return {
    code: appError.code,
    title,
    message:
      problems.length > 0
        ? `${problems.length} things need fixing before this render can start; nothing was sent to the service.`
        : appError.message,
    action,
    requestId: details.requestId ?? null,
    status: details.status ?? null,
    upstreamCode: details.upstreamCode ?? null,
    reason: details.lexiconFile?.reason ?? null,
    address: details.address ?? null,
    fields: details.fields ?? {},
    problems,
  }
}

/** The plain-text block the "Copy details" button puts on the clipboard for a support request. */
export function supportText(description: ErrorDescription): string {
  const lines = [
    `${description.title}: ${description.message}`,
    ...description.problems.map((p, i) => `${i + 1}. ${p}`),
    `Code: ${description.code}`,
  ]
  if (description.requestId !== null) lines.push(`Request id: ${description.requestId}`)
  if (description.status !== null) lines.push(`HTTP status: ${description.status}`)
  if (description.upstreamCode !== null) lines.push(`Service code: ${description.upstreamCode}`)
  if (description.reason !== null) lines.push(`Reason: ${description.reason}`)
  if (description.address !== null) lines.push(`Service address: ${description.address}`)
  return lines.join('\n')
}

/** The message for one form field from a VALIDATION_FAILED error, or null. */
export function fieldError(error: unknown, field: string): string | null {
  if (!(error instanceof AppError) || error.code !== 'VALIDATION_FAILED') return null
  return error.details?.fields?.[field] ?? null
}
