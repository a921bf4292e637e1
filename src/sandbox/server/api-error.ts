/** An error answer of the `/v1` API: status, machine-readable code, message and optional per-field detail. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

/** An error answer of the token endpoint, which speaks OAuth (`{error, error_description}`). */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error:
      | 'invalid_client'
      | 'unauthorized_client'
      | 'invalid_request'
      | 'unsupported_grant_type'
      | 'invalid_scope',
    readonly description: string,
  ) {
    super(description)
  }
}

/** 400 validation_failed for one field. */
export function fieldError(field: string, problem: string): ApiError {
  return new ApiError(400, 'validation_failed', `${field} ${problem}`, { [field]: problem })
}

/** 404 with a code naming what was not found. */
export function notFound(
  code: 'not_found' | 'voice_not_found' | 'conversation_not_found',
  what: string,
): ApiError {
  return new ApiError(404, code, `${what} not found`)
}
