import type { AppInfo, MenuState, ThemeChoice } from '../../../shared/domain/app'
import type { AccountService } from '../../core/account/account-service'
import type { PlatformPorts } from '../../core/platform-ports'
import type { Clock } from '../../core/clock'
import { createExternalLinkOpener } from '../../security/external-links'
import type { Handlers } from '../dispatch'

type AppHandlers = Pick<
  Handlers,
  'app:getInfo' | 'app:openExternal' | 'app:getTheme' | 'app:setTheme' | 'app:setMenuState'
>

/** Facts about the running build, for `app:getInfo`. */
export interface BuildInfo {
  name: string
  version: string
  platform: string
  /** True outside packaged release builds. */
  development: boolean
}

/** `app:*` handlers: facts about the build, the theme, the menu's state and the guarded link opener. */
export function createAppHandlers(deps: {
  build: BuildInfo
  account: AccountService
  platform: PlatformPorts
  theme: { get(): ThemeChoice; set(theme: ThemeChoice): Promise<ThemeChoice> }
  /** A window said what it can do now (the application menu follows its focused window). */
  onMenuState: (ownerId: number, state: MenuState) => void
  /** The clock links are paced on. Default: the system clock. */
  clock?: Clock
}): AppHandlers {
  // Why the guard here as well as in index.ts's port: the e2e host's port is a plain recorder,
  // and the policy (and the pace) must be the same whichever port is plugged in.
  const openLink = createExternalLinkOpener(
    deps.platform,
    deps.clock === undefined ? {} : { clock: deps.clock },
  )
  return {
    'app:getInfo': (): AppInfo => ({
      ...deps.build,
      usingSandbox: deps.account.getStatus().credential === 'sandbox',
    }),
    'app:openExternal': ({ url }) => openLink(url),
    'app:getTheme': () => deps.theme.get(),
    'app:setTheme': ({ theme }) => deps.theme.set(theme),
    'app:setMenuState': (state, { sender }) => {
      deps.onMenuState(sender.webContentsId, state)
    },
  }
}
