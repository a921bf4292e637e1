import { AppError } from '../../../shared/errors'
import type { Credential } from './account-ports'

/** "127.0.0.1:42563" or "voice.example" from a service address; the text itself if unparsable. */
function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl
  }
}

/**
 * True when a failed check was answered by the service itself failing (a 5xx), not by something
 * that is not the service at that address.
 */
export function isServiceTrouble(error: AppError): boolean {
  return error.code === 'UPSTREAM' && (error.details?.status ?? 0) >= 500
}

/**
 * Rewrites the message of a failed verify so the user knows whether the key, the address or the
 * network is at fault; code, retryability and details (request id, status) are kept.
 */
export function explainVerifyError(
  error: unknown,
  baseUrl: string,
  kind: Credential['kind'],
): AppError {
  if (!(error instanceof AppError)) {
    return new AppError(
      'INTERNAL',
      'Verification failed unexpectedly inside VoiceDesk. Try again; if it keeps happening, restart the app.',
      { cause: error },
    )
  }
  const what = kind === 'apiKey' ? 'API key' : 'access token'
  const keep = {
    retryable: error.retryable,
    cause: error,
    ...(error.details === undefined ? {} : { details: error.details }),
  }
  switch (error.code) {
    case 'AUTH_INVALID':
      return new AppError(
        'AUTH_INVALID',
        `The service rejected this ${what}. Check that you pasted the whole ${what} and that it has not been revoked or expired.`,
        keep,
      )
    case 'NETWORK':
    case 'TIMEOUT':
      return new AppError(
        error.code,
        // Why no address here: it is machinery on the main view; it stays under Advanced.
        'Could not reach the service. Check your internet connection, then the service address under Advanced.',
        keep,
      )
    case 'NOT_FOUND':
    case 'UPSTREAM': {
      if (isServiceTrouble(error)) {
        return new AppError(
          error.code,
          'The voice service answered with a problem of its own, so your key could not be checked. Try again in a few minutes; if it keeps happening, quote the request id below to support.',
          keep,
        )
      }
      // Why the host alone: it is what the user compares with the address they were given, and
      // a path or a port-less scheme in the sentence reads as machinery; the whole address is in
      // the details (shown behind Details), where a wrong path on the right host can be seen.
      return new AppError(
        error.code,
        `Nothing at ${hostOf(baseUrl)} answers as the voice service, so VoiceDesk cannot use it. Copy the service address that came with your key again and paste it under Advanced.`,
        { ...keep, details: { ...error.details, address: baseUrl } },
      )
    }
    default:
      return error
  }
}

/** Refusal of a verify before any request: there is no service address to check the key with. */
export function noAddressToVerify(): AppError {
  const message = 'No service address is set. Enter the base URL in Account, then verify.'
  return new AppError('VALIDATION_FAILED', message, { details: { fields: { baseUrl: message } } })
}
