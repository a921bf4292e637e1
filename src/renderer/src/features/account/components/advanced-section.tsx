import { ChevronRight } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import type { CredentialMode } from '../stores/account-draft-store'
import { useAccountDraftStore } from '../stores/account-draft-store'
import { CredentialForms } from './credential-parts'
import { CustomLimits } from './custom-limits'
import { ServiceAddress, addressInFirstRun } from './service-address'

/**
 * What most people never change, collapsed by default: the service's address, an access token
 * instead of a key, and limits agreed for one account.
 */
export function AdvancedSection(props: {
  status: AccountStatus | undefined
  keptWhere: string
  onSaved: (mode: CredentialMode) => void
}): ReactElement {
  const { status } = props
  const { open, focus } = useAccountDraftStore((state) => state.advanced)
  const setAdvanced = useAccountDraftStore((state) => state.setAdvanced)
  const sectionRef = useRef<HTMLElement | null>(null)
  // Why the address is left out while the first run asks for it: one field in one place, never
  // two copies of it to type into.
  const addressHere = !addressInFirstRun(status)
  // An error's action ("Check the service address") opens Advanced on the field that fixes it.
  useEffect(() => {
    if (!open || focus === null) return
    const selector = focus === 'address' ? 'input#base-url' : 'input#access-token'
    // The address may be in the first run's card instead (addressInFirstRun).
    const field =
      sectionRef.current?.querySelector<HTMLInputElement>(selector) ??
      document.querySelector<HTMLInputElement>(selector)
    field?.scrollIntoView({ block: 'center' })
    field?.focus()
    setAdvanced(true, null)
  }, [open, focus, setAdvanced])
  return (
    <section
      className="card advanced account-area--advanced"
      aria-labelledby="advanced-toggle"
      ref={sectionRef}
    >
      <h2 className="advanced__heading">
        <button
          id="advanced-toggle"
          type="button"
          className="advanced__toggle"
          aria-expanded={open}
          aria-controls="advanced-content"
          onClick={() => setAdvanced(!open)}
        >
          {/* The same chevron as every other disclosure, turned down when open. */}
          <ChevronRight className="advanced__chevron" aria-hidden="true" focusable="false" />
          Advanced
          <span className="advanced__summary">
            {addressHere
              ? 'Service address, access token, custom limits'
              : 'Access token, custom limits'}
          </span>
        </button>
      </h2>
      {open && (
        <div id="advanced-content" className="advanced__content" data-testid="advanced">
          {addressHere && (
            <div className="advanced__part">
              <ServiceAddress status={status} />
            </div>
          )}
          <section className="advanced__part" aria-labelledby="advanced-token-title">
            <h3 id="advanced-token-title">Sign in with an access token</h3>
            <CredentialForms
              mode="accessToken"
              status={status}
              keptWhere={props.keptWhere}
              onSaved={props.onSaved}
              onEdit={() => {}}
            />
          </section>
          <CustomLimits status={status} />
        </div>
      )}
    </section>
  )
}
