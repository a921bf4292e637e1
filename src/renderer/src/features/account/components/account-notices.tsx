import type { ReactElement } from 'react'
import type { AccountNotice, AccountStatus } from '../../../../../shared/domain/account'
import type { NoticeTone } from '../../../components/notice'
import { Notice } from '../../../components/notice'
import { Disclosure } from '../../../components/ui/disclosure'
import { useAccountStatus } from '../api/account-queries'

const presentation: Record<AccountNotice['kind'], { tone: NoticeTone; title: string }> = {
  'keychain-unavailable': {
    tone: 'warning',
    title: 'Your key will be forgotten when you quit',
  },
  'settings-reset': { tone: 'warning', title: 'Your settings were reset' },
  sandbox: { tone: 'info', title: 'Using the demo service' },
  'token-expiring': { tone: 'warning', title: 'Your access token expires soon' },
  'token-expired': { tone: 'danger', title: 'Your access token has expired' },
  'key-elsewhere': { tone: 'warning', title: 'Your key is for a different service address' },
  'plan-mismatch': { tone: 'warning', title: 'Your key seems to be on the Free plan' },
}

/**
 * Which notices a place shows. Above the other workspaces: all but the plan (Account's plan card
 * has it beside its fix). In Account's own column: none of what its cards say beside their
 * buttons (the key set aside, in Connection; the keychain, in the key card once a key is in; the
 * demo, "In use now" in the first-run card beside the key field, where a banner asking for the
 * key "in Account" would point at the page the user is on).
 */
function shownIn(where: 'shell' | 'account', status: AccountStatus): (n: AccountNotice) => boolean {
  return (notice) => {
    if (notice.kind === 'plan-mismatch') return false
    if (where === 'shell') return true
    if (notice.kind === 'key-elsewhere' || notice.kind === 'sandbox') return false
    return !(notice.kind === 'keychain-unavailable' && status.storage === 'session')
  }
}

/**
 * The notices main attached to the account status: as banners above the other workspaces (with
 * the way to Account), and inside Account's column under its title, never above it.
 */
export function AccountNotices(props: {
  where: 'shell' | 'account'
  onOpenAccount?: () => void
}): ReactElement | null {
  const { data: status } = useAccountStatus()
  if (status === undefined) return null
  const notices = status.notices.filter(shownIn(props.where, status))
  if (notices.length === 0) return null
  const list = notices.map((notice) => {
    const { tone, title } = presentation[notice.kind]
    return (
      <Notice key={notice.kind} tone={tone} title={title} testId={`notice-${notice.kind}`}>
        <p className="notice__text">{notice.message}</p>
        {props.onOpenAccount !== undefined && notice.kind !== 'sandbox' && (
          <div className="button-row">
            <button type="button" className="button button--small" onClick={props.onOpenAccount}>
              Open Account
            </button>
          </div>
        )}
        {notice.details !== undefined && (
          <Disclosure summary="Details" testId={`notice-${notice.kind}-details`}>
            <p className="notice__text notice__details">{notice.details}</p>
          </Disclosure>
        )}
      </Notice>
    )
  })
  if (props.where === 'shell') return <>{list}</>
  return (
    <div className="account-notices" data-testid="account-notices">
      {list}
    </div>
  )
}
