// Test-only helper (imported by *.test.ts files alone), so the sandbox never reaches a build.
// eslint-disable-next-line no-restricted-imports
import type { Sandbox, SandboxOptions } from '../../../../sandbox/index'
// eslint-disable-next-line no-restricted-imports
import { startSandbox } from '../../../../sandbox/index'
import type { Logger } from '../../log/logger'
import { createLogger } from '../../log/logger'
import type { UpstreamClient, UpstreamClientOptions } from '../upstream-client'
import { createUpstreamClient } from '../upstream-client'

/** A sandbox plus a client on it, and the client's log lines for redaction checks. */
export interface Harness {
  sandbox: Sandbox
  client: UpstreamClient
  logLines: string[]
  /** Resolves with the first log line, already written or written later, that `match` accepts. */
  logged(match: (line: string) => boolean): Promise<string>
  logger: Logger
  makeClient(overrides?: Partial<UpstreamClientOptions>): UpstreamClient
  stop(): Promise<void>
}

/** Starts a sandbox (no synthesis threads: tests share two cores) and a paid-key client on it. */
export async function startHarness(
  options: SandboxOptions = {},
  clientOptions: Partial<UpstreamClientOptions> = {},
): Promise<Harness> {
  const sandbox = await startSandbox({ synthThreads: 0, ...options })
  const logLines: string[] = []
  const awaited = new Set<(line: string) => boolean>()
  const logger = createLogger({
    sink: (line) => {
      logLines.push(line)
      for (const take of [...awaited]) if (take(line)) awaited.delete(take)
    },
    level: 'debug',
  })
  const logged = (match: (line: string) => boolean): Promise<string> => {
    const found = logLines.find(match)
    if (found !== undefined) return Promise.resolve(found)
    return new Promise((resolve) => {
      awaited.add((line) => {
        if (!match(line)) return false
        resolve(line)
        return true
      })
    })
  }
  const clients: UpstreamClient[] = []
  const makeClient = (overrides: Partial<UpstreamClientOptions> = {}): UpstreamClient => {
    const client = createUpstreamClient({
      baseUrl: sandbox.baseUrl,
      credential: { kind: 'apiKey', secret: sandbox.keys.paid },
      logger,
      retry: { baseDelayMs: 20, maxDelayMs: 2000 },
      ...clientOptions,
      ...overrides,
    })
    clients.push(client)
    return client
  }
  const client = makeClient()
  return {
    sandbox,
    client,
    logLines,
    logged,
    logger,
    makeClient,
    async stop() {
      for (const c of clients) c.close()
      await sandbox.stop()
    },
  }
}
