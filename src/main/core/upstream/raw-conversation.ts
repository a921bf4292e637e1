import { z } from 'zod'
import type { UpstreamContext } from './context'
import { conversationRequest } from './conversations'

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

/**
 * Reads one conversation's record, transcript and evaluations without normalising them: through
 * the client's own conversation request (its paths and path fallback, error mapping and retries),
 * on the client's own connection, credential and conversation-read limit (shared with the live
 * polling of the same account). Used only for exports.
 */
export async function readRawConversation(
  ctx: UpstreamContext,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<RawConversationRecords> {
  const { signal } = options
  const get = <S extends z.ZodType>(
    suffix: string,
    query: Record<string, string>,
    schema: S,
    operation: string,
  ): Promise<z.output<S>> => conversationRequest(ctx, id, suffix, query, operation, schema, signal)
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
