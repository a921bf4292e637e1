import type { AccountService } from '../../core/account/account-service'
import { moveQuestion } from '../../core/account/credential-binding'
import type { PlatformPorts } from '../../core/platform-ports'
import type { UsageStore } from '../../core/usage/usage-store'
import type { Clock } from '../../core/clock'
import { createExternalLinkOpener } from '../../security/external-links'
import type { Handlers } from '../dispatch'

type AccountHandlers = Pick<
  Handlers,
  | 'account:getStatus'
  | 'account:setApiKey'
  | 'account:setAccessToken'
  | 'account:forget'
  | 'account:setBaseUrl'
  | 'account:setPlan'
  | 'account:verify'
  | 'account:usage'
  | 'account:creditAdded'
  | 'account:setAccountPage'
  | 'account:openAccountPage'
>

/** `account:*` handlers: thin calls into the account service; the key never comes back out. */
export function createAccountHandlers(
  account: AccountService,
  platform: Pick<PlatformPorts, 'confirm' | 'openExternal'>,
  usage: Pick<UsageStore, 'readReport' | 'forgetOutOfCredit'>,
  eraseAccountData: () => Promise<void> = () => Promise.resolve(),
  options: { clock?: Clock } = {},
): AccountHandlers {
  // Why the guarded opener as well as the account's own check: the same link policy and pace as
  // every other link, whichever port is plugged in.
  const openLink = createExternalLinkOpener(
    platform,
    options.clock === undefined ? {} : { clock: options.clock },
  )
  return {
    'account:getStatus': () => account.getStatus(),
    'account:setApiKey': ({ apiKey }) => account.setApiKey(apiKey),
    'account:setAccessToken': ({ token }) => account.setAccessToken(token),
    // Why the account's calls and recordings go with the key: forgetting it is signing out, and
    // what the service sent for that account must not stay on this computer after it.
    'account:forget': async () => {
      const status = await account.forget()
      await eraseAccountData()
      return status
    },
    // Why the answer comes from a native dialog and from no input field: script in the page must
    // not be able to move the saved key to an address of its choosing.
    'account:setBaseUrl': ({ baseUrl }, { sender }) =>
      account.setBaseUrl(baseUrl, {
        confirmMove: (move) => platform.confirm(sender.webContentsId, moveQuestion(move)),
      }),
    'account:setPlan': ({ plan, customLimits }) => account.setPlan(plan, customLimits),
    'account:verify': () => account.verify(),
    'account:usage': () => usage.readReport(),
    'account:creditAdded': () => {
      usage.forgetOutOfCredit()
      return usage.readReport()
    },
    'account:setAccountPage': ({ url }) => account.setAccountPage(url),
    // Why no address in the input: the page could otherwise open any address through this
    // channel; it opens only what the user saved, checked again here.
    'account:openAccountPage': () => openLink(account.accountPageToOpen()),
  }
}
