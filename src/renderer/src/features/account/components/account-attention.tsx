import { useState } from 'react'
import type { ReactElement } from 'react'
import { ExternalLink } from 'lucide-react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { ErrorNotice } from '../../../components/error-notice'
import { Notice } from '../../../components/notice'
import { humanPastTime } from '../../../lib/human-time'
import { useCreditAdded, useOpenAccountPage, useSetPlan, useUsage } from '../api/account-queries'
import { AccountPageDialog } from './account-page-dialog'
import { useMinuteNow } from '../hooks/use-now'

/** "voices.example/account" from a saved https address: what the user recognises of it. */
function shortAddress(url: string): string {
  try {
    const parsed = new URL(url)
    const path = parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/$/, '')
    return `${parsed.host}${path}`
  } catch {
    return url
  }
}

/**
 * Out of credit, as the service last said it: what stops, and the way to where credit is added.
 * Why the user's own address: the service's interface names no billing website, so the page is
 * the one the user saved; main opens only that one.
 */
function OutOfCredit(props: { at: string; accountPage: string | null }): ReactElement {
  const { accountPage } = props
  const now = useMinuteNow()
  const added = useCreditAdded()
  const openPage = useOpenAccountPage()
  const [asking, setAsking] = useState(false)
  // Why danger: renders and previews are refused, so work is blocked, not merely at risk.
  return (
    <Notice tone="danger" title="Out of credit" testId="usage-out-of-credit">
      <p className="notice__text">
        The service said {humanPastTime(props.at, now)} that your account has no credit left, so
        renders and previews stop.{' '}
        {accountPage === null
          ? 'Credit is added on the voice service’s website, on the page where you got your API key. Add that page’s address once, and VoiceDesk opens it for you.'
          : 'Add credit on your account page, then come back and press I’ve added credit.'}{' '}
        If it is still empty, the next line you render says so again.
      </p>
      <div className="button-row">
        {accountPage === null ? (
          <button
            type="button"
            className="button button--small button--primary"
            onClick={() => setAsking(true)}
          >
            Add your account page…
          </button>
        ) : (
          <button
            type="button"
            className="button button--small button--primary"
            disabled={openPage.isPending}
            onClick={() => openPage.mutate()}
          >
            Add credit on the website
            <ExternalLink size={14} aria-hidden="true" />
          </button>
        )}
        <button
          type="button"
          className="button button--small"
          disabled={added.isPending}
          onClick={() => added.mutate()}
        >
          I’ve added credit
        </button>
        {accountPage !== null && (
          <span className="account-page-where" data-testid="account-page-where">
            Opens {shortAddress(accountPage)} in your browser ·{' '}
            <button type="button" className="account-link" onClick={() => setAsking(true)}>
              Change
            </button>
          </span>
        )}
      </div>
      {openPage.isError && (
        <ErrorNotice
          error={openPage.error}
          action={{ label: 'Change the address', onClick: () => setAsking(true) }}
        />
      )}
      {added.isError && (
        <ErrorNotice
          error={added.error}
          action={{ label: 'Try again', onClick: () => added.mutate() }}
        />
      )}
      <AccountPageDialog
        open={asking}
        saved={accountPage}
        onClose={() => {
          setAsking(false)
          openPage.reset()
        }}
      />
    </Notice>
  )
}

/** A paid plan the service does not honour, with the one click that makes VoiceDesk match it. */
function PlanMismatch(props: { message: string }): ReactElement {
  const setPlan = useSetPlan()
  return (
    <Notice
      tone="warning"
      title="Your key seems to be on the Free plan"
      testId="notice-plan-mismatch"
    >
      <p className="notice__text">{props.message}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button--small"
          disabled={setPlan.isPending}
          onClick={() => setPlan.mutate({ plan: 'free' })}
        >
          Switch to Free
        </button>
      </div>
      {setPlan.isError && (
        <ErrorNotice
          error={setPlan.error}
          action={{ label: 'Try again', onClick: () => setPlan.mutate({ plan: 'free' }) }}
        />
      )}
    </Notice>
  )
}

/**
 * What needs the user's action, above every card: in a small window a warning inside the plan or
 * usage card sat below the fold, and the verdict comes first. The demo bills nothing, so it never
 * shows as out of credit.
 */
export function AccountAttention(props: {
  status: AccountStatus | undefined
}): ReactElement | null {
  const { status } = props
  const usage = useUsage()
  const demo = status?.credential === 'sandbox'
  const outOfCreditAt = demo ? undefined : usage.data?.outOfCreditAt
  const mismatch = status?.notices.find((notice) => notice.kind === 'plan-mismatch')
  if (outOfCreditAt === undefined && mismatch === undefined) return null
  return (
    <div className="account-attention" data-testid="account-attention">
      {outOfCreditAt !== undefined && (
        <OutOfCredit at={outOfCreditAt} accountPage={status?.accountPage ?? null} />
      )}
      {mismatch !== undefined && <PlanMismatch message={mismatch.message} />}
    </div>
  )
}
