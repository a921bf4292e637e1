import { useLayoutEffect, useRef } from 'react'
import type { ReactElement } from 'react'
import { ErrorNotice } from '../../../components/error-notice'
import { WorkspaceHeader } from '../../../components/workspace-header'
import { useAccountStatus } from '../api/account-queries'
import { AccountAttention } from './account-attention'
import { AccountNotices } from './account-notices'
import { AdvancedSection } from './advanced-section'
import { CredentialCard, keptWhereOf } from './credential-card'
import { FirstRunCard } from './first-run-card'
import { PlanCard } from './plan-card'
import { UsageCard } from './usage-card'
import { VerifyCard } from './verify-card'
import { credentialKeyOf, useAccountDraftStore } from '../stores/account-draft-store'
import type { ConnectionState } from '../../../../../shared/domain/account'
import './account.css'

/** Checks that got no answer from the service: what it would say of credit is unknown too. */
const UNANSWERED: ReadonlySet<ConnectionState> = new Set([
  'unreachable',
  'wrong-address',
  'service-trouble',
])

/** The Account workspace: how to start, the key in use, the plan, usage, then Advanced. */
export function AccountScreen(props: { focusOnMount?: boolean }): ReactElement {
  const statusQuery = useAccountStatus()
  const sectionRef = useRef<HTMLElement | null>(null)
  // Account opens at its title: the scroll of the last visit and a field an earlier error's
  // action pointed at (Advanced, the replace form) must not pull the page down on open.
  useLayoutEffect(() => {
    const draft = useAccountDraftStore.getState()
    draft.setAdvanced(draft.advanced.open)
    sectionRef.current?.scrollIntoView({ block: 'start' })
  }, [])
  const status = statusQuery.data
  const verifyKey = status === undefined ? 'loading' : credentialKeyOf(status)
  const keptWhere = keptWhereOf(status)
  const firstRun =
    status !== undefined && (status.credential === 'none' || status.credential === 'sandbox')
  const signedIn =
    status !== undefined && (status.credential === 'apiKey' || status.credential === 'accessToken')

  return (
    <section
      className="workspace workspace--account"
      aria-labelledby="workspace-title"
      ref={sectionRef}
      data-testid="workspace"
    >
      <WorkspaceHeader
        title="Account"
        description="Connect VoiceDesk to the voice service and see what you have used."
        focusOnMount={props.focusOnMount ?? false}
      />
      {statusQuery.isError && (
        <ErrorNotice
          error={statusQuery.error}
          action={{ label: 'Try again', onClick: () => void statusQuery.refetch() }}
        />
      )}
      {status === undefined && !statusQuery.isError && <span className="skeleton" />}
      {/* What needs the user's action comes first, above the cards, at every size, and in the
          page's column: never above its title or narrower than its cards. */}
      <AccountNotices where="account" />
      <AccountAttention status={status} />
      {/* One column in a small window (account.css places each card by its area); from 1600 two
          columns that each stack their own cards: the key, its check and Advanced on the left,
          the plan and usage on the right, with no row shared between them to leave a gap. */}
      <div className="account-layout">
        <div className="account-column">
          {firstRun && <FirstRunCard status={status} keptWhere={keptWhere} onSaved={() => {}} />}
          {signedIn && <CredentialCard status={status} keptWhere={keptWhere} />}
          {status !== undefined && status.credential !== 'none' && (
            <VerifyCard key={verifyKey} status={status} />
          )}
          <AdvancedSection status={status} keptWhere={keptWhere} onSaved={() => {}} />
        </div>
        <div className="account-column">
          <PlanCard status={status} />
          <UsageCard
            demo={status?.credential === 'sandbox'}
            keyAccepted={signedIn && !status.rejected}
            unanswered={status !== undefined && UNANSWERED.has(status.connection)}
          />
        </div>
      </div>
    </section>
  )
}
