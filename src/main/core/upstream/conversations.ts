import type {
  Conversation,
  ConversationEvaluation,
  ConversationMessage,
} from '../../../shared/domain/conversation'
import { AppError } from '../../../shared/errors'
import { isSameOrigin, segment } from './base-url'
import type { RequestSpec, UpstreamContext } from './context'
import { BACKGROUND_READ_PRIORITY, requestJson, send, withReadRetry } from './context'
import { conversationSchema, evaluationPageSchema, messagePageSchema } from './schemas/conversation'
import type { DownloadedFile } from './downloads'
import { MAX_RECORDING_BYTES } from './download-limits'
import { saveDownload } from './downloads'
import type { z } from 'zod'

type PathStyle = 'old' | 'new'

/**
 * Which conversation path form worked, per base URL. Why remembered: a deployment that serves only
 * the new form would otherwise cost a 404 on every poll, once a second.
 */
const pathStyles = new Map<string, PathStyle>()

const PREFIX: Record<PathStyle, string> = {
  old: '/v1/conversations',
  new: '/v1/agents/conversations',
}

/** True when a 404 says the route does not exist (try the other form), not that the id is unknown. */
/** How a conversation read queues: whether it waits out 429s, and its limiter priority. */
interface ReadOptions {
  waitOutRateLimits?: boolean
  priority?: number
}

/** An evaluation read; `background`: nobody waits for it (it queues behind the user's reads). */
export interface EvaluationReadOptions {
  signal?: AbortSignal
  background?: boolean
}

function isRouteMissing(error: unknown): boolean {
  return (
    error instanceof AppError &&
    error.code === 'NOT_FOUND' &&
    error.details?.upstreamCode !== 'conversation_not_found'
  )
}

/**
 * GET a conversation's part (`suffix`: '' for the record, `/messages`, `/evaluations`) with the
 * read retries and the conversation-read limit, in the path form this base URL answered to last,
 * falling back to the other form when the route is missing.
 */
export async function conversationRequest<S extends z.ZodType>(
  ctx: UpstreamContext,
  id: string,
  suffix: string,
  query: Record<string, string | undefined>,
  operation: string,
  schema: S,
  signal: AbortSignal | undefined,
  read: ReadOptions = {},
): Promise<z.output<S>> {
  const key = ctx.baseUrl.href
  const preferred = pathStyles.get(key) ?? 'old'
  const other: PathStyle = preferred === 'old' ? 'new' : 'old'
  const spec = (style: PathStyle): RequestSpec => ({
    method: 'GET',
    path: `${PREFIX[style]}/${segment(id)}${suffix}`,
    query,
    op: { operation, resource: { kind: 'conversation', id } },
    ...(signal ? { signal } : {}),
  })
  const attempt = (style: PathStyle) =>
    withReadRetry(ctx, signal, () => requestJson(ctx, spec(style), schema), {
      limited: true,
      ...read,
    })
  try {
    const { data } = await attempt(preferred)
    pathStyles.set(key, preferred)
    return data
  } catch (error) {
    if (!isRouteMissing(error)) throw error
    try {
      const { data } = await attempt(other)
      pathStyles.set(key, other)
      ctx.logger.info('conversation paths', { style: other })
      return data
    } catch (second) {
      // Both forms say 404: the conversation itself is unknown; keep the first answer's details.
      if (second instanceof AppError && second.code === 'NOT_FOUND') throw error
      throw second
    }
  }
}

/** `GET /v1/conversations/{id}` (or the newer `/v1/agents/...` form). */
export function getConversation(
  ctx: UpstreamContext,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<Conversation> {
  return conversationRequest(
    ctx,
    id,
    '',
    {},
    'read this conversation',
    conversationSchema,
    options.signal,
  )
}

async function allPages<T>(
  fetchPage: (
    cursor: string | null,
  ) => Promise<{ items: T[]; nextCursor: string | null; hasMore: boolean }>,
): Promise<T[]> {
  const items: T[] = []
  const seen = new Set<string>()
  let cursor: string | null = null
  for (let page = 0; page < 1000; page++) {
    const result = await fetchPage(cursor)
    items.push(...result.items)
    if (!result.hasMore || result.nextCursor === null || seen.has(result.nextCursor)) return items
    seen.add(result.nextCursor)
    cursor = result.nextCursor
  }
  return items
}

/** Every item of a conversation's paged list (`/messages`, `/evaluations`), cursors followed. */
function allConversationItems<
  T,
  S extends z.ZodType<{
    items: T[]
    nextCursor: string | null
    hasMore: boolean
  }>,
>(
  ctx: UpstreamContext,
  id: string,
  suffix: string,
  operation: string,
  schema: S,
  signal: AbortSignal | undefined,
  read: ReadOptions = {},
): Promise<T[]> {
  return allPages((cursor) =>
    conversationRequest(
      ctx,
      id,
      suffix,
      cursor === null ? {} : { cursor },
      operation,
      schema,
      signal,
      read,
    ),
  )
}

/** The whole transcript, oldest first (cursors followed to the end). */
export function listMessages(
  ctx: UpstreamContext,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<ConversationMessage[]> {
  const { signal } = options
  return allConversationItems(
    ctx,
    id,
    '/messages',
    'read the transcript',
    messagePageSchema,
    signal,
  )
}

/** The post-call evaluations (empty until the conversation has ended and been scored). */
export function listEvaluations(
  ctx: UpstreamContext,
  id: string,
  options: EvaluationReadOptions = {},
): Promise<ConversationEvaluation[]> {
  const { signal } = options
  const schema = evaluationPageSchema
  // Evaluations are read for hundreds of calls at once (the overview, an export): a 429 there
  // is waited out, not reported (see withReadRetry); those read in the background queue behind
  // the reads a user waits for.
  return allConversationItems(ctx, id, '/evaluations', 'read the evaluations', schema, signal, {
    waitOutRateLimits: true,
    ...(options.background === true ? { priority: BACKGROUND_READ_PRIORITY } : {}),
  })
}

/** How a service-given file is downloaded: its cancel, its size bound, its name in messages. */
export interface DownloadOptions {
  signal?: AbortSignal
  /** Most bytes the file can legitimately be. */
  maxBytes?: number
  /** What the file is, for messages: "the recording", "the voice preview". */
  what?: string
}

/**
 * Downloads a conversation recording (or a voice's media file: the same kind of service-given
 * URL). The URL comes from the service's data and may be absolute: the credential is sent only
 * when it is on the configured base URL's origin, never elsewhere. At most `maxBytes` (default
 * MAX_RECORDING_BYTES) are accepted; `what` names the file in messages (default "the recording").
 */
export async function downloadRecording(
  ctx: UpstreamContext,
  recordingUrl: string,
  targetPath: string,
  options: DownloadOptions = {},
): Promise<DownloadedFile> {
  let url: URL
  try {
    url = new URL(recordingUrl, `${ctx.baseUrl.href}/`)
  } catch {
    throw new AppError('UPSTREAM', 'The service gave a recording address VoiceDesk cannot read.')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError(
      'UPSTREAM',
      'The service gave a recording address that is not a web address.',
    )
  }
  const sameOrigin = isSameOrigin(ctx.baseUrl, url)
  const { signal } = options
  return withReadRetry(ctx, signal, async () => {
    const res = await send(ctx, {
      method: 'GET',
      path: url,
      headers: { accept: '*/*' },
      authenticated: sameOrigin,
      op: {
        operation: 'download the recording',
        resource: { kind: 'recording', id: url.pathname },
      },
      ...(signal ? { signal } : {}),
    })
    return saveDownload(
      ctx,
      res,
      targetPath,
      options.what ?? 'the recording',
      signal,
      options.maxBytes ?? MAX_RECORDING_BYTES,
    )
  })
}
