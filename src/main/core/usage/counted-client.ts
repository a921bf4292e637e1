import { billableCharacters } from '../../../shared/domain/billable'
import { AppError } from '../../../shared/errors'
import type { UpstreamClient } from '../upstream/upstream-client'
import type { UsageStore } from './usage-store'

/** The characters the service bills for `input`: SSML tags left out, as the service counts. */
function countOf(input: string): number {
  return billableCharacters({ text: input, ssml: /^\s*<speak\b/u.test(input) }, null)
}

/**
 * What a counted client or source tells the usage record: the characters, and (where the record
 * keeps it, as the app's does) that the service refused speech for want of credit.
 */
export type UsageRecorder = Pick<UsageStore, 'record'> &
  Partial<Pick<UsageStore, 'noteOutOfCredit'>>

/** Runs `speak`, noting a refusal for want of credit (402) before it goes on to the caller. */
export async function notingCredit<T>(usage: UsageRecorder, speak: () => Promise<T>): Promise<T> {
  try {
    return await speak()
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYMENT_REQUIRED') usage.noteOutOfCredit?.()
    throw error
  }
}

/**
 * `client` whose every finished synthesis (a whole answer or a stream that ran to its end) is
 * recorded under `project`. Why at the client: speech made outside a render (a voice tried in
 * Voices, `speak` on the command line) is billed just the same and belongs in the usage table.
 * A failed or cancelled request records nothing.
 */
export function countedClient(
  client: UpstreamClient,
  usage: UsageRecorder,
  project: string,
): UpstreamClient {
  return {
    ...client,
    async synthesize(request) {
      const result = await notingCredit(usage, () => client.synthesize(request))
      // The service's own count when it gave one; otherwise counted the way it bills.
      usage.record(project, result.billableCharacters ?? countOf(request.input))
      return result
    },
    async stream(request) {
      const result = await notingCredit(usage, () => client.stream(request))
      usage.record(project, countOf(request.input))
      return result
    },
  }
}

/** {@link countedClient} over a client that may change (a new address or key): wrapped each time. */
export function countedClientOf(
  client: () => UpstreamClient,
  usage: UsageRecorder,
  project: string,
): () => UpstreamClient {
  const wrapped = new WeakMap<UpstreamClient, UpstreamClient>()
  return () => {
    const current = client()
    let counted = wrapped.get(current)
    if (counted === undefined) {
      counted = countedClient(current, usage, project)
      wrapped.set(current, counted)
    }
    return counted
  }
}
