import { useState } from 'react'
import type { ReactElement } from 'react'
import { ExternalLink } from 'lucide-react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { ErrorNotice } from '../../../components/error-notice'
import { useAccountStatus, useOpenAccountPage } from '../api/account-queries'
import { AccountPageDialog } from './account-page-dialog'

/** "voice.example/billing" from an https address: what the user recognises of it. */
export function shortAddress(url: string): string {
  try {
    const parsed = new URL(url)
    const path = parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/$/, '')
    return `${parsed.host}${path}`
  } catch {
    return url
  }
}

/** Where credit is added: the page the user saved, else the one this build names; or neither. */
export function creditPageOf(status: AccountStatus | undefined): {
  /** The page "Add credit on the website" opens, or null when none is known. */
  page: string | null
  /** The page the user saved (the dialog starts with it), or null. */
  saved: string | null
} {
  const saved = status?.accountPage ?? null
  return { page: saved ?? status?.builtInAccountPage ?? null, saved }
}

/**
 * Under "Credit": a link to the balance once its page is known (saved, or built in); nothing
 * otherwise. Main opens only the saved or built-in page (account:openAccountPage takes no address).
 */
export function BalanceLink(): ReactElement | null {
  const { page } = creditPageOf(useAccountStatus().data)
  const openPage = useOpenAccountPage()
  if (page === null) return null
  return (
    <div className="usage-facts__hint" data-testid="balance-link">
      <button
        type="button"
        className="account-link"
        disabled={openPage.isPending}
        onClick={() => openPage.mutate()}
      >
        See your balance on the website
        <ExternalLink size={12} aria-hidden="true" />
      </button>
      {openPage.isError && <ErrorNotice error={openPage.error} />}
    </div>
  )
}

/**
 * While no page where credit is added is known: the offer to save it, so that running out later
 * is one click. One small line inside "How this is counted", never a chore on the screen itself.
 */
export function SavePageOffer(): ReactElement | null {
  const { page, saved } = creditPageOf(useAccountStatus().data)
  const [asking, setAsking] = useState(false)
  if (page !== null && !asking) return null
  return (
    <p className="usage-counted__page" data-testid="save-page-offer">
      Your balance is on the voice service’s website. Save the page where you add credit, and
      VoiceDesk opens it if you run out.{' '}
      <button type="button" className="account-link" onClick={() => setAsking(true)}>
        Save the page…
      </button>
      {/* Mounted only while asked: the closed dialog's words are no part of this line. */}
      {asking && <AccountPageDialog open saved={saved} onClose={() => setAsking(false)} />}
    </p>
  )
}
