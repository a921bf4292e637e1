import type { AccountService } from '../../core/account/account-service'
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
>

/** `account:*` handlers: thin calls into the account service; the key never comes back out. */
export function createAccountHandlers(account: AccountService): AccountHandlers {
  return {
    'account:getStatus': () => account.getStatus(),
    'account:setApiKey': ({ apiKey }) => account.setApiKey(apiKey),
    'account:setAccessToken': ({ token }) => account.setAccessToken(token),
    'account:forget': () => account.forget(),
    'account:setBaseUrl': ({ baseUrl }) => account.setBaseUrl(baseUrl),
    'account:setPlan': ({ plan, customLimits }) => account.setPlan(plan, customLimits),
    'account:verify': () => account.verify(),
  }
}
