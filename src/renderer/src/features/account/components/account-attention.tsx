import { useRef, useState } from 'react'
import type { ReactElement } from 'react'
import { ExternalLink } from 'lucide-react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { ErrorNotice } from '../../../components/error-notice'
import { Notice } from '../../../components/notice'
import { humanPastTime } from '../../../lib/human-time'
import { useCreditAdded, useOpenAccountPage, useSetPlan, useUsage } from '../api/account-queries'
import { AccountPageDialog } from './account-page-dialog'
import { creditPageOf, shortAddress } from './credit-page'
import { useMinuteNow } from '../hooks/use-now'
import { useRevealBelowTitle } from '../hooks/use-reveal-below-title'

/**
 * Out of credit, as the service last said it: what stops, and the one click to where credit is
 * added: the page the user saved, else the one this build names (its customer dashboard); main
 * opens only that one. With neither known, "Add credit…" asks for the page once and opens it as
 * soon as it is saved; the plain path (add credit on the website, come back, press I've added
 * credit) stays beside it.
 */
function OutOfCredit(props: { at: string; status: AccountStatus | undefined }): ReactElement {
  const { page, saved } = creditPageOf(props.status)
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
        {page === null
          ? 'Add credit on the voice service’s website, in the account where you got your API key, then come back and press I’ve added credit.'
          : 'Add credit on the website, then come back and press I’ve added credit.'}{' '}
        If it is still empty, the next line you render says so again.
      </p>
      <div className="button-row">
        {page !== null && (
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
        {/* Why the way to pay leads even without a page: the user is blocked and wants to add
            credit; the page is asked for inside, and opened as soon as it is saved. */}
        {page === null && (
          <button
            type="button"
            className="button button--small button--primary"
            onClick={() => setAsking(true)}
          >
            Add credit…
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
        {page !== null && (
          <span className="account-page-where" data-testid="account-page-where">
            Opens {shortAddress(page)} in your browser ·{' '}
            <button type="button" className="account-link" onClick={() => setAsking(true)}>
              Use another page
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
        saved={saved}
        onClose={() => {
          setAsking(false)
          openPage.reset()
        }}
        {...(page === null ? { onSavedOpen: () => openPage.mutate() } : {})}
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
  // A banner that appears while the user is further down (choosing a plan) comes into view,
  // with the page's title above it; one already in view is left where it is.
  const ref = useRef<HTMLDivElement | null>(null)
  const shown = [outOfCreditAt === undefined ? '' : 'credit', mismatch === undefined ? '' : 'plan']
  useRevealBelowTitle(ref, shown.join(''))
  if (outOfCreditAt === undefined && mismatch === undefined) return null
  return (
    <div className="account-attention" data-testid="account-attention" ref={ref}>
      {outOfCreditAt !== undefined && <OutOfCredit at={outOfCreditAt} status={status} />}
      {mismatch !== undefined && <PlanMismatch message={mismatch.message} />}
    </div>
  )
}
