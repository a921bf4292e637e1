import { randomBytes } from 'node:crypto'
import type { Voice, VoiceConsent, VoiceGender } from '../../../shared/domain/voice'
import { MAX_VOICE_SAMPLE_BYTES } from '../../../shared/domain/voice'
import { AppError } from '../../../shared/errors'
import { segment } from './base-url'
import type { UpstreamContext } from './context'
import { idempotencyKey, requestJson, send, withReadRetry } from './context'
import { voiceListSchema, voiceSchema } from './schemas/voice'
import type { DownloadedFile } from './downloads'
import { saveDownload } from './downloads'

/** A file to upload: its bytes, the name the service will see, and its type. */
export interface UploadFile {
  bytes: Uint8Array
  fileName: string
  contentType: string
}

export type { DownloadedFile } from './downloads'

export interface CreateVoiceRequest {
  name: string
  gender: VoiceGender
  locale?: string
  sample: UploadFile
  avatar?: UploadFile
  consent: VoiceConsent
  signal?: AbortSignal
}

/** Pages of the voice list followed at most; a longer chain means the service is looping. */
const MAX_PAGES = 500

/** `GET /v1/voices`, following cursors to the end (bare-array and paged answers alike). */
export async function listVoices(
  ctx: UpstreamContext,
  options: { signal?: AbortSignal } = {},
): Promise<Voice[]> {
  const voices: Voice[] = []
  const seen = new Set<string>()
  let cursor: string | null = null
  for (let page = 0; page < MAX_PAGES; page++) {
    const query: Record<string, string | undefined> = cursor === null ? {} : { cursor }
    const { data } = await withReadRetry(ctx, options.signal, () =>
      requestJson(
        ctx,
        {
          method: 'GET',
          path: '/v1/voices',
          query,
          op: { operation: 'list voices', requiredScope: 'voices:read' },
          ...(options.signal ? { signal: options.signal } : {}),
        },
        voiceListSchema,
      ),
    )
    voices.push(...data.voices)
    if (!data.hasMore || data.nextCursor === null) return voices
    if (seen.has(data.nextCursor)) break
    seen.add(data.nextCursor)
    cursor = data.nextCursor
  }
  throw new AppError(
    'UPSTREAM',
    'The service kept sending more pages of voices without end. Try again later.',
  )
}

function multipart(fields: Array<[string, string | UploadFile]>): {
  body: Uint8Array
  contentType: string
} {
  const boundary = `----voicedesk${randomBytes(12).toString('hex')}`
  const parts: Buffer[] = []
  const quote = (s: string): string => s.replace(/["\r\n\\]/g, '_')
  for (const [name, value] of fields) {
    if (typeof value === 'string') {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      )
    } else {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${quote(value.fileName)}"\r\nContent-Type: ${value.contentType}\r\n\r\n`,
        ),
        Buffer.from(value.bytes),
        Buffer.from('\r\n'),
      )
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** True when the request may have reached the service even though no answer came back. */
function mayHaveLanded(error: unknown): boolean {
  if (!(error instanceof AppError)) return false
  if (error.code === 'NETWORK' || error.code === 'TIMEOUT') return true
  const status = error.details?.status
  return error.code === 'UPSTREAM' && (status === 502 || status === 504 || status === undefined)
}

/**
 * `POST /v1/voices` (multipart) with an Idempotency-Key. Never retried blindly: a voice created
 * twice is a second personal voice and a second charge. When the answer is lost after sending,
 * the voice list is read and the voice matched by name instead.
 */
export async function createVoice(
  ctx: UpstreamContext,
  request: CreateVoiceRequest,
): Promise<Voice> {
  const name = request.name.trim()
  if (name === '') {
    throw new AppError('VALIDATION_FAILED', 'Give the voice a name.', {
      details: { fields: { name: 'required' } },
    })
  }
  if (request.sample.bytes.byteLength === 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The voice sample is empty. Choose a recording of one speaker.',
      {
        details: { fields: { sample: 'empty file' } },
      },
    )
  }
  const fields: Array<[string, string | UploadFile]> = [
    ['name', name],
    ['gender', request.gender],
  ]
  if (request.locale) fields.push(['locale', request.locale])
  fields.push([
    'consent',
    JSON.stringify({ fullName: request.consent.fullName, email: request.consent.email }),
  ])
  fields.push(['sample', request.sample])
  if (request.avatar) fields.push(['avatar', request.avatar])
  const { body, contentType } = multipart(fields)
  const { signal } = request
  try {
    const { data } = await requestJson(
      ctx,
      {
        method: 'POST',
        path: '/v1/voices',
        headers: { 'content-type': contentType, 'idempotency-key': idempotencyKey() },
        body,
        op: { operation: 'create a voice', requiredScope: 'voices:create' },
        ...(signal ? { signal } : {}),
      },
      voiceSchema,
    )
    return data
  } catch (error) {
    if (signal?.aborted || !mayHaveLanded(error)) throw error
    ctx.logger.warn('voice creation answer lost; reconciling by listing', {
      code: (error as AppError).code,
    })
    let voices: Voice[]
    try {
      voices = await listVoices(ctx, signal ? { signal } : {})
    } catch {
      throw new AppError(
        (error as AppError).code,
        `${(error as AppError).message} VoiceDesk could not check whether the voice "${name}" was created: look at the voice list before trying again.`,
        { details: (error as AppError).details ?? {} },
      )
    }
    const matches = voices.filter((v) => v.type === 'personal' && v.displayName === name)
    if (matches.length === 1) return matches[0]!
    if (matches.length > 1) {
      throw new AppError(
        (error as AppError).code,
        `The answer was lost and there are ${matches.length} personal voices named "${name}": check the voice list before trying again.`,
        { details: (error as AppError).details ?? {} },
      )
    }
    // Not in the list: the service never created it, so trying again is safe.
    throw error
  }
}

/** `DELETE /v1/voices/{id}`. A 404 on a retry means the first attempt already deleted it. */
export async function deleteVoice(
  ctx: UpstreamContext,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  const { signal } = options
  await withReadRetry(ctx, signal, async (attempt) => {
    try {
      const res = await send(ctx, {
        method: 'DELETE',
        path: `/v1/voices/${segment(id)}`,
        op: {
          operation: 'delete a voice',
          requiredScope: 'voices:delete',
          resource: { kind: 'voice', id },
        },
        ...(signal ? { signal } : {}),
      })
      res.body.resume()
    } catch (error) {
      if (attempt > 1 && error instanceof AppError && error.code === 'NOT_FOUND') return
      throw error
    }
  })
}

/** `GET /v1/voices/{id}/sample` saved atomically; the extension is sniffed from the bytes. */
export async function downloadVoiceSample(
  ctx: UpstreamContext,
  id: string,
  targetPath: string,
  options: { signal?: AbortSignal } = {},
): Promise<DownloadedFile> {
  const { signal } = options
  return withReadRetry(ctx, signal, async () => {
    const res = await send(ctx, {
      method: 'GET',
      path: `/v1/voices/${segment(id)}/sample`,
      headers: { accept: '*/*' },
      op: { operation: 'download the voice sample', resource: { kind: 'sample', id } },
      ...(signal ? { signal } : {}),
    })
    // A sample is at most what the service accepts at creation: anything longer is not one.
    return saveDownload(ctx, res, targetPath, 'the voice sample', signal, MAX_VOICE_SAMPLE_BYTES)
  })
}
