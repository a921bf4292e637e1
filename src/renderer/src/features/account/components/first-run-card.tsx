import type { ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { CheckIcon } from '../../../components/icons'
import type { CredentialMode } from '../stores/account-draft-store'
import { useAccountDraftStore } from '../stores/account-draft-store'
import { CredentialForms } from './credential-parts'
import { addressNeeded } from './service-address'

/**
 * The key form of the first run: the key alone. Why the address is not beside it: a release is
 * built with its service's address (deployment-config.ts), and a development copy without one
 * asks for it under Advanced only when a key is about to be saved, in words, never in red first.
 */
function KeyForm(props: {
  status: AccountStatus
  keptWhere: string
  onSaved: (mode: CredentialMode) => void
}): ReactElement {
  const { status } = props
  const setAdvanced = useAccountDraftStore((state) => state.setAdvanced)
  const setAddressAsked = useAccountDraftStore((state) => state.setAddressAsked)
  const beforeSave = (secret: string): Promise<boolean> => {
    if (secret === '' || !addressNeeded(status)) return Promise.resolve(true)
    // Why stop here: a key is saved for one address only (credential-binding.ts), and main
    // would refuse it; the key stays in its field for the Save after the address.
    setAddressAsked(true)
    setAdvanced(true, 'address')
    return Promise.resolve(false)
  }
  return (
    <CredentialForms
      mode="apiKey"
      status={status}
      keptWhere={props.keptWhere}
      onSaved={props.onSaved}
      onEdit={() => {}}
      beforeSave={beforeSave}
    />
  )
}

/**
 * No key of the user's yet: the ways to start, in plain words, the key first. The demo service is
 * the local stand-in a development copy starts on its own; a key is how the real service is used.
 */
export function FirstRunCard(props: {
  status: AccountStatus
  keptWhere: string
  onSaved: (mode: CredentialMode) => void
}): ReactElement {
  const { status } = props
  const demo = status.credential === 'sandbox'
  // Why one path without the demo: offering a demo this copy cannot start is a dead end
  // presented as a choice; a release build has only the key. One heading then, not two.
  const keyHeading = demo ? (
    <h3 id="path-key-title">Paste your API key</h3>
  ) : (
    <h2 id="path-key-title" className="first-run__title">
      Paste your API key
    </h2>
  )
  return (
    <section
      className="card first-run account-area--key"
      aria-labelledby={demo ? 'first-run-title' : 'path-key-title'}
      data-testid="first-run"
    >
      {demo && (
        <h2 id="first-run-title" className="first-run__title">
          Two ways to start
        </h2>
      )}
      <div className={`first-run__paths${demo ? '' : ' first-run__paths--one'}`}>
        {demo && (
          <section
            className="first-run__path"
            aria-labelledby="path-demo-title"
            data-testid="path-demo"
          >
            <h3 id="path-demo-title">Try the demo service</h3>
            <p className="first-run__state">
              <CheckIcon className="first-run__check" /> In use now
            </p>
            <p className="field__hint">
              VoiceDesk started a demo service on this computer. Voices, scripts and renders all
              work with sample voices; nothing leaves this computer and nothing is billed.
            </p>
          </section>
        )}
        <section
          className="first-run__path"
          aria-labelledby="path-key-title"
          data-testid="path-key"
        >
          {keyHeading}
          <p className="field__hint">
            {demo
              ? 'Ready for your own voices and the real service? Your key replaces the demo.'
              : 'Use the voice service with your own account, voices and plan.'}
          </p>
          <KeyForm status={status} keptWhere={props.keptWhere} onSaved={props.onSaved} />
        </section>
      </div>
    </section>
  )
}
