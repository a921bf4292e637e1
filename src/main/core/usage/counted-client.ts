import { billableCharacters } from '../../../shared/domain/billable'
import type { UpstreamClient } from '../upstream/upstream-client'
import type { UsageStore } from './usage-store'

/** The characters the service bills for `input`: SSML tags left out, as the service counts. */
function countOf(input: string): number {
  return billableCharacters({ text: input, ssml: /^\s*<speak\b/u.test(input) }, null)
}

/**
 * `client` whose every finished synthesis (a whole answer or a stream that ran to its end) is
 * recorded under `project`. Why at the client: speech made outside a render (a voice tried in
 * Voices, `speak` on the command line) is billed just the same and belongs in the usage table.
 * A failed or cancelled request records nothing.
 */
export function countedClient(
  client: UpstreamClient,
  usage: Pick<UsageStore, 'record'>,
  project: string,
): UpstreamClient {
  return {
    ...client,
    async synthesize(request) {
      const result = await client.synthesize(request)
      // The service's own count when it gave one; otherwise counted the way it bills.
      usage.record(project, result.billableCharacters ?? countOf(request.input))
      return result
    },
    async stream(request) {
      const result = await client.stream(request)
      usage.record(project, countOf(request.input))
      return result
    },
  }
}

/** {@link countedClient} over a client that may change (a new address or key): wrapped each time. */
export function countedClientOf(
  client: () => UpstreamClient,
  usage: Pick<UsageStore, 'record'>,
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
