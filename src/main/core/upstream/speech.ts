import { performance } from 'node:perf_hooks'
import type {
  SpeechFormat,
  SpeechOptions,
  StreamCodec,
  StreamResult,
  SynthesisResult,
} from '../../../shared/domain/speech'
import { MAX_SPEECH_INPUT, MAX_STREAM_INPUT } from '../../../shared/domain/speech'
import { AppError } from '../../../shared/errors'
import { checkAudio, createAudioChecker } from '../audio/check'
import type { AtomicFile } from '../files/atomic-write'
import { mp3FileWithInfoFrame } from '../audio/mp3-tagger'
import { createAtomicFile } from '../files/atomic-write'
import type { RequestSpec, UpstreamContext } from './context'
import { requestJson, send } from './context'
import { cancelledError } from './http'
import { RATE_LIMIT_BUDGET_MS, logEachRetry, withRetry } from './retry'
import { normaliseSpeechMarks, speechResponseSchema } from './schemas/speech'
import { pumpBody } from './streams'
import { speechAnswerCap, speechAudioCap } from './download-limits'

/** What to say and how; shared by `synthesize` and `stream`. */
export interface SpeechRequest {
  input: string
  voiceId: string
  language?: string
  model?: string
  options?: SpeechOptions
  signal?: AbortSignal
  /** Scheduler priority: higher starts first (previews over batch renders). */
  priority?: number
}

export interface SynthesizeRequest extends SpeechRequest {
  format: SpeechFormat
}

export interface StreamRequest extends SpeechRequest {
  codec: StreamCodec
  /** Called with each chunk as it arrives (synchronously, in arrival order). */
  onChunk?: (chunk: Uint8Array) => void
  /** Also (or only) write the audio here: temp file beside it, renamed when complete and checked. */
  toFile?: string
  /** No byte for this long -> STREAM_TRUNCATED. */
  stallTimeoutMs?: number
}

const ACCEPT: Record<StreamCodec, string> = {
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  aac: 'audio/aac',
  pcm: 'audio/pcm',
}

/** Code points, as the service counts them (SSML tags included). */
export function codePointLength(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

function checkInput(input: string, limit: number, endpoint: string): void {
  const length = codePointLength(input)
  if (length === 0 || input.trim() === '') {
    throw new AppError(
      'VALIDATION_FAILED',
      'There is no text to speak. Type some text and try again.',
      {
        details: { fields: { input: 'must not be empty' } },
      },
    )
  }
  if (length > limit) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The text is ${length} characters long; ${endpoint} takes at most ${limit}. Shorten it or split it into parts.`,
      { details: { fields: { input: `must be at most ${limit} characters` } } },
    )
  }
}

function speechBody(request: SpeechRequest, format?: SpeechFormat): string {
  const body: Record<string, unknown> = { input: request.input, voice_id: request.voiceId }
  if (format !== undefined) body.audio_format = format
  if (request.language) body.language = request.language
  if (request.model) body.model = request.model
  const o = request.options
  if (o && (o.loudnessNormalization !== undefined || o.textNormalization !== undefined)) {
    const options: Record<string, boolean> = {}
    if (o.loudnessNormalization !== undefined)
      options.loudness_normalization = o.loudnessNormalization
    if (o.textNormalization !== undefined) options.text_normalization = o.textNormalization
    body.options = options
  }
  return JSON.stringify(body)
}

/**
 * Runs one synthesis attempt through the account-wide scheduler, with retries (network before the
 * first byte, 408, 429, 5xx). 429s are reported to the scheduler, which pauses every caller's new
 * starts; the retry then only re-queues, ahead of new work.
 */
export function scheduled<T>(
  ctx: UpstreamContext,
  request: { signal?: AbortSignal; priority?: number },
  attempt: () => Promise<T>,
): Promise<T> {
  const { signal } = request
  return withRetry(
    (n) =>
      ctx.scheduler.run(
        async () => {
          try {
            const result = await attempt()
            ctx.scheduler.noteSuccess()
            return result
          } catch (error) {
            if (error instanceof AppError && error.code === 'RATE_LIMITED') {
              ctx.scheduler.noteRateLimited(error.details?.retryAfterMs, error.details)
            }
            throw error
          }
        },
        {
          ...(signal ? { signal } : {}),
          priority: (request.priority ?? 0) + (n > 1 ? 1 : 0),
          // A request waits for the service at most its rate-limit budget; past it, it fails
          // at once (as its own 429 would) instead of queueing silently for the whole pause.
          longestWaitMs: ctx.retry.rateLimitBudgetMs ?? RATE_LIMIT_BUDGET_MS,
        },
      ),
    {
      policy: ctx.retry,
      clock: ctx.clock,
      waitOutRateLimits: true,
      ...(signal ? { signal } : {}),
      delayFor: (error) => (error.code === 'RATE_LIMITED' ? 0 : undefined),
      onRetry: logEachRetry(ctx.logger, 'retrying synthesis'),
    },
  )
}

/** `POST /v1/audio/speech`: the whole file at once, with speech marks. At most 2,000 code points. */
export async function synthesize(
  ctx: UpstreamContext,
  request: SynthesizeRequest,
): Promise<SynthesisResult> {
  checkInput(request.input, MAX_SPEECH_INPUT, 'one speech request')
  const spec: RequestSpec = {
    method: 'POST',
    path: '/v1/audio/speech',
    headers: { 'content-type': 'application/json' },
    body: speechBody(request, request.format),
    op: {
      operation: 'synthesize speech',
      requiredScope: 'audio:speech',
      resource: { kind: 'voice', id: request.voiceId },
    },
    synthesis: true,
    // Why: a render cancelled while an answer is arriving keeps it in the cache, so a resume
    // does not pay for that piece again.
    keepPaidAnswer: true,
    ...(request.signal ? { signal: request.signal } : {}),
  }
  const { data, requestId, binary } = await scheduled(ctx, request, () =>
    requestJson(ctx, spec, speechResponseSchema, {
      base64Field: 'audio_data',
      maxBytes: speechAnswerCap(codePointLength(request.input)),
    }),
  )
  const audio = binary ?? new Uint8Array(Buffer.from(data.audio_data, 'base64'))
  if (audio.byteLength === 0) {
    throw new AppError(
      'UPSTREAM',
      'The service sent an answer VoiceDesk could not read while trying to synthesize speech (audio_data is empty). Try again; if it keeps happening, check the base URL.',
      { details: requestId === undefined ? {} : { requestId } },
    )
  }
  const returned = (data.audio_format ?? request.format).toLowerCase()
  const format =
    (['wav', 'mp3', 'ogg', 'aac', 'pcm'] as const).find((f) => f === returned) ?? request.format
  const speechMarks = normaliseSpeechMarks(data.speech_marks)
  const expectedDurationMs = speechMarks.sentence?.endMs
  const verdict = checkAudio(
    format,
    audio,
    format === 'pcm' && expectedDurationMs ? { expectedDurationMs } : {},
  )
  if (!verdict.ok) {
    throw new AppError(
      'STREAM_TRUNCATED',
      `The audio the service sent is incomplete (${verdict.reason}). Try again.`,
      { details: requestId === undefined ? {} : { requestId } },
    )
  }
  return {
    audio,
    format,
    billableCharacters: data.billable_characters_count ?? null,
    speechMarks,
    requestId: requestId ?? null,
  }
}

function codecOf(contentType: string | undefined, requested: StreamCodec): StreamCodec {
  const type = (contentType ?? '').toLowerCase()
  if (type.startsWith('audio/mpeg') || type.startsWith('audio/mp3')) return 'mp3'
  if (type.startsWith('audio/ogg') || type.startsWith('audio/opus')) return 'ogg'
  if (type.startsWith('audio/aac')) return 'aac'
  if (type.startsWith('audio/l16') || type.startsWith('audio/pcm')) return 'pcm'
  return requested
}

/**
 * `POST /v1/audio/stream`: passes audio on as it arrives (listener and/or file) and holds a
 * scheduler slot until the last byte. Retried only before the first byte; a stall or an early end
 * is STREAM_TRUNCATED and any file is discarded. At most 20,000 code points.
 */
export async function stream(ctx: UpstreamContext, request: StreamRequest): Promise<StreamResult> {
  checkInput(request.input, MAX_STREAM_INPUT, 'one stream')
  const calledAt = performance.now()
  const { signal } = request
  const spec: RequestSpec = {
    method: 'POST',
    path: '/v1/audio/stream',
    headers: { 'content-type': 'application/json', accept: ACCEPT[request.codec] },
    body: speechBody(request),
    op: {
      operation: 'stream speech',
      requiredScope: 'audio:stream',
      resource: { kind: 'voice', id: request.voiceId },
    },
    synthesis: true,
    ...(signal ? { signal } : {}),
  }
  let file: AtomicFile | undefined
  try {
    return await scheduled(ctx, request, async () => {
      const slotAt = performance.now()
      const res = await send(ctx, spec)
      const codec = codecOf(res.headers['content-type'], request.codec)
      if (request.toFile !== undefined) {
        const opened = await createAtomicFile(request.toFile, signal ? { signal } : {})
        // MP3 gets an Info frame (frame count, bytes, seek TOC) so players read its length.
        file = codec === 'mp3' ? mp3FileWithInfoFrame(opened) : opened
      }
      const pumped = await pumpBody({
        res,
        maxBytes: speechAudioCap(codePointLength(request.input)),
        checker: createAudioChecker(codec),
        stallMs: request.stallTimeoutMs ?? ctx.timeouts.streamStallMs,
        what: 'the audio stream',
        ...(request.onChunk ? { onChunk: request.onChunk } : {}),
        ...(file ? { file } : {}),
        ...(signal ? { signal } : {}),
      })
      if (file) await file.commit()
      return {
        bytes: pumped.bytes,
        codec,
        requestId: res.requestId ?? null,
        path: request.toFile ?? null,
        timings: {
          queuedMs: slotAt - calledAt,
          firstByteMs: pumped.firstByteAt === null ? null : pumped.firstByteAt - res.sentAt,
          firstChunkMs: pumped.firstChunkAt === null ? null : pumped.firstChunkAt - res.sentAt,
          totalMs: pumped.endedAt - calledAt,
        },
      }
    })
  } catch (error) {
    await file?.abort()
    if (signal?.aborted) throw cancelledError()
    throw error
  }
}
