import { AppError } from '../../../shared/errors'
import type { AccountService } from '../account/account-service'
import type { UpstreamAccess } from '../account/upstream-access'
import type { JobRegistry } from '../jobs/job-registry'
import type { Logger } from '../log/logger'
import { ConversationService } from './conversation-service'
import { readRawConversation } from './raw-records'
import type { WatchTiming } from './watch-conversation'

/** The service wired to the account: its client for polling, its credential for raw exports. */
export function createConversationService(deps: {
  userDataDir: string
  account: AccountService
  upstream: UpstreamAccess
  jobs: JobRegistry
  logger: Logger
  timing?: Partial<WatchTiming>
}): Promise<ConversationService> {
  return ConversationService.create({
    userDataDir: deps.userDataDir,
    client: () => deps.upstream.client(),
    readRaw: (id, signal) => {
      // The client's checks first: signed out or no base URL give the same clear errors.
      deps.upstream.client()
      const active = deps.account.activeCredential()
      if (active === null) {
        throw new AppError(
          'AUTH_MISSING',
          'No API key is set. Add your API key in Account, then try again.',
        )
      }
      return readRawConversation({ baseUrl: active.baseUrl, credential: active.credential }, id, {
        logger: deps.logger,
        ...(signal ? { signal } : {}),
      })
    },
    jobs: deps.jobs,
    logger: deps.logger,
    ...(deps.timing ? { timing: deps.timing } : {}),
  })
}
