import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { segment } from './base-url'
import type { RequestSpec, UpstreamContext } from './context'
import { requestJson, withReadRetry } from './context'

/** A conversation's records exactly as the service sent them (for the JSON export). */
export interface RawConversationRecords {
  conversation: Record<string, unknown>
  messages: unknown[]
  evaluations: unknown[]
}

// Why a passthrough reader and not the client: the client normalises (renames, drops unknown
// fields, fills nulls), which is right for the app and wrong for "records as received".
const rawObject = z.record(z.string(), z.unknown())

function rawPage(key: 'messages' | 'evaluations') {
  return z.union([
    z.array(z.unknown()).transform((items) => ({ items, next: null as string | null })),
    z
      .object({
        [key]: z.array(z.unknown()),
        next_cursor: z.union([z.string(), z.number()]).nullish(),
        has_more: z.boolean().nullish(),
      })
      .transform((page) => {
        const p = page as {
          next_cursor?: string | number | null
          has_more?: boolean | null
        } & Record<string, unknown[]>
        const next =
          p.next_cursor === undefined || p.next_cursor === null || p.next_cursor === ''
            ? null
            : String(p.next_cursor)
        return { items: p[key] ?? [], next: p.has_more === false ? null : next }
      }),
  ])
}

const PREFIXES = ['/v1/conversations', '/v1/agents/conversations'] as const

/**
 * Reads one conversation's record, transcript and evaluations without normalising them: the same
 * paths, path fallback (old form, then the newer `/v1/agents/...`), error mapping and retries as
 * the client, on the client's own connection, credential and conversation-read limit (shared with
 * the live polling of the same account). Used only for exports.
 */
export async function readRawConversation(
  ctx: UpstreamContext,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<RawConversationRecords> {
  const { signal } = options
  let prefix: string = PREFIXES[0]
  const get = async <S extends z.ZodType>(
    suffix: string,
    query: Record<string, string>,
    schema: S,
    operation: string,
  ): Promise<z.output<S>> => {
    const spec = (p: string): RequestSpec => ({
      method: 'GET',
      path: `${p}/${segment(id)}${suffix}`,
      query,
      op: { operation, resource: { kind: 'conversation', id } },
      ...(signal ? { signal } : {}),
    })
    const attempt = (p: string) =>
      withReadRetry(ctx, signal, () => requestJson(ctx, spec(p), schema), { limited: true })
    try {
      return (await attempt(prefix)).data
    } catch (error) {
      const routeMissing =
        error instanceof AppError &&
        error.code === 'NOT_FOUND' &&
        error.details?.upstreamCode !== 'conversation_not_found'
      if (!routeMissing || prefix !== PREFIXES[0]) throw error
      prefix = PREFIXES[1]
      try {
        return (await attempt(prefix)).data
      } catch (second) {
        if (second instanceof AppError && second.code === 'NOT_FOUND') throw error
        throw second
      }
    }
  }
  const all = async (key: 'messages' | 'evaluations', operation: string): Promise<unknown[]> => {
    const items: unknown[] = []
    const seen = new Set<string>()
    let cursor: string | null = null
    for (let page = 0; page < 1000; page++) {
      const result: { items: unknown[]; next: string | null } = await get(
        `/${key}`,
        cursor === null ? {} : { cursor },
        rawPage(key),
        operation,
      )
      items.push(...result.items)
      if (result.next === null || seen.has(result.next)) break
      seen.add(result.next)
      cursor = result.next
    }
    return items
  }
  const conversation = await get('', {}, rawObject, 'read this conversation')
  const messages = await all('messages', 'read the transcript')
  const evaluations = await all('evaluations', 'read the evaluations')
  return { conversation, messages, evaluations }
}
