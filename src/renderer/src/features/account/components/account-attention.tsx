import type { ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { ErrorNotice } from '../../../components/error-notice'
import { Notice } from '../../../components/notice'
import { humanPastTime } from '../../../lib/human-time'
import { useCreditAdded, useSetPlan, useUsage } from '../api/account-queries'
import { useMinuteNow } from '../hooks/use-now'

/** Out of credit, as the service last said it: what stops, and what to do. */
function OutOfCredit(props: { at: string }): ReactElement {
  const now = useMinuteNow()
  const added = useCreditAdded()
  // Why danger: renders and previews are refused, so work is blocked, not merely at risk.
  return (
    <Notice tone="danger" title="Out of credit" testId="usage-out-of-credit">
      <p className="notice__text">
        The service said {humanPastTime(props.at, now)} that your account has no credit left, so
        renders and previews stop. Add credit on the voice service’s website, in the account where
        you got your API key, then press I’ve added credit. If it is still empty, the next line you
        render says so again.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button--small"
          disabled={added.isPending}
          onClick={() => added.mutate()}
        >
          I’ve added credit
        </button>
      </div>
      {added.isError && (
        <ErrorNotice
          error={added.error}
          action={{ label: 'Try again', onClick: () => added.mutate() }}
        />
      )}
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
      {outOfCreditAt !== undefined && <OutOfCredit at={outOfCreditAt} />}
      {mismatch !== undefined && <PlanMismatch message={mismatch.message} />}
    </div>
  )
}
