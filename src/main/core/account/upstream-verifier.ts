import { AppError } from '../../../shared/errors'
import type { Logger } from '../log/logger'
import { silentLogger } from '../log/logger'
import { createUpstreamClient } from '../upstream/upstream-client'
import type { VerifyCredential } from './account-ports'

/**
 * The real "Verify" port: one GET {baseUrl}/v1/voices through the upstream client, without
 * retries (the user is waiting and a retry would only hide a wrong address). An access token that
 * lacks voices:read is still proven valid by the service's scope answer: voiceCount is then null.
 */
export function createUpstreamVerifier(
  options: { logger?: Logger; now?: () => number } = {},
): VerifyCredential {
  const logger = options.logger ?? silentLogger
  const now = options.now ?? Date.now
  return async ({ baseUrl, credential, signal }) => {
    const client = createUpstreamClient({
      baseUrl,
      credential,
      logger,
      retry: { maxAttempts: 1 },
      timeouts: { headersMs: 15_000, idleMs: 15_000 },
    })
    try {
      const voices = await client.listVoices(signal === undefined ? {} : { signal })
      return {
        verifiedAt: new Date(now()).toISOString(),
        voiceCount: voices.length,
        requestId: null,
      }
    } catch (error) {
      if (
        error instanceof AppError &&
        error.code === 'SCOPE_MISSING' &&
        credential.kind === 'accessToken'
      ) {
        return {
          verifiedAt: new Date(now()).toISOString(),
          voiceCount: null,
          requestId: error.details?.requestId ?? null,
        }
      }
      throw error
    } finally {
      client.close()
    }
  }
}
