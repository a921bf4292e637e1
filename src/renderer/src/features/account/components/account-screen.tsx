import type { ReactElement } from 'react'
import { ErrorNotice } from '../../../components/error-notice'
import { WorkspaceHeader } from '../../../components/workspace-header'
import { useAccountStatus } from '../api/account-queries'
import { ConnectionCard } from './connection-card'
import { CredentialCard } from './credential-card'
import { PlanCard } from './plan-card'
import { VerifyCard } from './verify-card'
import './account.css'

/** The Account workspace: base URL, credential, plan and a connection check. */
export function AccountScreen(props: { focusOnMount?: boolean }): ReactElement {
  const statusQuery = useAccountStatus()
  const status = statusQuery.data
  const verifyKey =
    status === undefined ? 'loading' : `${status.credential}|${status.keyHint}|${status.baseUrl}`

  return (
    <section className="workspace" aria-labelledby="workspace-title" data-testid="workspace">
      <WorkspaceHeader
        title="Account"
        description="Connect VoiceDesk to the service: its address, your API key and your plan."
        focusOnMount={props.focusOnMount ?? false}
      />
      {statusQuery.isError && (
        <div className="button-row">
          <ErrorNotice error={statusQuery.error} />
          <button type="button" className="button" onClick={() => void statusQuery.refetch()}>
            Try again
          </button>
        </div>
      )}
      <ConnectionCard status={status} />
      <CredentialCard status={status} />
      <VerifyCard key={verifyKey} status={status} />
      <PlanCard status={status} />
    </section>
  )
}
