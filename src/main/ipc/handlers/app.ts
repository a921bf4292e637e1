import type { AppInfo } from '../../../shared/domain/app'
import type { AccountService } from '../../core/account/account-service'
import type { PlatformPorts } from '../../core/platform-ports'
import { openExternalUrl } from '../../security/external-links'
import type { Handlers } from '../dispatch'

type AppHandlers = Pick<Handlers, 'app:getInfo' | 'app:openExternal'>

/** Facts about the running build, for `app:getInfo`. */
export interface BuildInfo {
  name: string
  version: string
  platform: string
  /** True outside packaged release builds. */
  development: boolean
}

/** `app:*` handlers: facts about the build, and the one guarded way to open a web link. */
export function createAppHandlers(deps: {
  build: BuildInfo
  account: AccountService
  platform: PlatformPorts
}): AppHandlers {
  return {
    'app:getInfo': (): AppInfo => ({
      ...deps.build,
      usingSandbox: deps.account.getStatus().credential === 'sandbox',
    }),
    // Why the guard here as well as in index.ts's port: the e2e host's port is a plain recorder,
    // and the policy must be the same whichever port is plugged in.
    'app:openExternal': ({ url }) => openExternalUrl(url, deps.platform),
  }
}
