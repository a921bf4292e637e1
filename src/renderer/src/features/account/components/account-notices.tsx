import type { ReactElement } from 'react'
import type { AccountNotice } from '../../../../../shared/domain/account'
import type { NoticeTone } from '../../../components/notice'
import { Notice } from '../../../components/notice'
import { Disclosure } from '../../../components/ui/disclosure'
import { useAccountStatus } from '../api/account-queries'

const presentation: Record<AccountNotice['kind'], { tone: NoticeTone; title: string }> = {
  'keychain-unavailable': {
    tone: 'warning',
    title: 'Session only: the key will be forgotten when you quit',
  },
  'settings-reset': { tone: 'warning', title: 'Your settings were reset' },
  sandbox: { tone: 'info', title: 'Using the demo service' },
  'token-expiring': { tone: 'warning', title: 'Your access token expires soon' },
  'token-expired': { tone: 'danger', title: 'Your access token has expired' },
  'key-elsewhere': { tone: 'warning', title: 'The saved key is for another service' },
  'plan-mismatch': { tone: 'warning', title: 'Your key seems to be on the Free plan' },
}

/** Shown in Account's plan card, beside what fixes it, not above every workspace. */
const IN_ACCOUNT_ONLY: ReadonlySet<AccountNotice['kind']> = new Set(['plan-mismatch'])

/** The notices main attached to the account status, as banners above every workspace. */
export function AccountNotices(): ReactElement | null {
  const { data: status } = useAccountStatus()
  const notices = status?.notices.filter((notice) => !IN_ACCOUNT_ONLY.has(notice.kind)) ?? []
  if (notices.length === 0) return null
  return (
    <>
      {notices.map((notice) => {
        const { tone, title } = presentation[notice.kind]
        return (
          <Notice key={notice.kind} tone={tone} title={title} testId={`notice-${notice.kind}`}>
            <p className="notice__text">{notice.message}</p>
            {notice.details !== undefined && (
              <Disclosure summary="Details" testId={`notice-${notice.kind}-details`}>
                <p className="notice__text notice__details">{notice.details}</p>
              </Disclosure>
            )}
          </Notice>
        )
      })}
    </>
  )
}
