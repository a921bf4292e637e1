import { useState } from 'react'
import type { ReactElement } from 'react'
import { ErrorNotice } from '../../../components/error-notice'
import { WorkspaceHeader } from '../../../components/workspace-header'
import { useAccountStatus } from '../api/account-queries'
import { AdvancedSection } from './advanced-section'
import { CredentialCard, keptWhereOf } from './credential-card'
import { FirstRunCard } from './first-run-card'
import { PlanCard } from './plan-card'
import { UsageCard } from './usage-card'
import { VerifyCard } from './verify-card'
import type { CredentialMode } from '../stores/account-draft-store'
import { credentialKeyOf } from '../stores/account-draft-store'
import './account.css'

/** The Account workspace: how to start, the key in use, the plan, usage, then Advanced. */
export function AccountScreen(props: { focusOnMount?: boolean }): ReactElement {
  const statusQuery = useAccountStatus()
  // The first save happens in a card that then goes away: the card that replaces it says "Saved".
  const [savedBefore, setSavedBefore] = useState<CredentialMode | null>(null)
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
      data-testid="workspace"
    >
      <WorkspaceHeader
        title="Account"
        description="Connect VoiceDesk to the voice service, pick your plan and see what you have used."
        focusOnMount={props.focusOnMount ?? false}
      />
      {statusQuery.isError && (
        <ErrorNotice
          error={statusQuery.error}
          action={{ label: 'Try again', onClick: () => void statusQuery.refetch() }}
        />
      )}
      {status === undefined && !statusQuery.isError && <span className="skeleton" />}
      {firstRun && <FirstRunCard status={status} keptWhere={keptWhere} onSaved={setSavedBefore} />}
      {signedIn && (
        <CredentialCard status={status} keptWhere={keptWhere} savedBefore={savedBefore} />
      )}
      {status !== undefined && status.credential !== 'none' && (
        <VerifyCard key={verifyKey} status={status} />
      )}
      <div className="account-grid">
        <PlanCard status={status} />
        <UsageCard />
      </div>
      <AdvancedSection status={status} keptWhere={keptWhere} onSaved={setSavedBefore} />
    </section>
  )
}
