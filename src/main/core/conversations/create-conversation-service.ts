import type { UpstreamAccess } from '../account/upstream-access'
import type { JobRegistry } from '../jobs/job-registry'
import type { Logger } from '../log/logger'
import { ConversationService } from './conversation-service'
import type { WatchTiming } from './watch-conversation'

/** The service wired to the account: its client for polling and for raw exports. */
export function createConversationService(deps: {
  userDataDir: string
  upstream: UpstreamAccess
  jobs: JobRegistry
  logger: Logger
  timing?: Partial<WatchTiming>
}): Promise<ConversationService> {
  return ConversationService.create({
    userDataDir: deps.userDataDir,
    client: () => deps.upstream.client(),
    // The account's client: its credential, connection and conversation-read limit, so an
    // export and the live polling of the same account share one budget.
    readRaw: (id, signal) =>
      deps.upstream.client().readRawConversation(id, signal ? { signal } : {}),
    jobs: deps.jobs,
    logger: deps.logger,
    ...(deps.timing ? { timing: deps.timing } : {}),
  })
}
