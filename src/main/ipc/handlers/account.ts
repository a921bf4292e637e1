import type { AccountService } from '../../core/account/account-service'
import { moveQuestion } from '../../core/account/credential-binding'
import type { PlatformPorts } from '../../core/platform-ports'
import type { UsageStore } from '../../core/usage/usage-store'
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
>

/** `account:*` handlers: thin calls into the account service; the key never comes back out. */
export function createAccountHandlers(
  account: AccountService,
  platform: Pick<PlatformPorts, 'confirm'>,
  usage: Pick<UsageStore, 'readReport' | 'forgetOutOfCredit'>,
  eraseAccountData: () => Promise<void> = () => Promise.resolve(),
): AccountHandlers {
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
  }
}
