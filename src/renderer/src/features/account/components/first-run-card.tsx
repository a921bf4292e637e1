import { useState } from 'react'
import type { ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { CheckIcon } from '../../../components/icons'
import type { CredentialMode } from '../stores/account-draft-store'
import { CredentialForms } from './credential-parts'
import { AddressField, AddressSaved, addressWithKey, useAddressDraft } from './service-address'

/**
 * The service's address, after the key and saved by the same button, for a build that knows none
 * (a release build names no host). Why not a step before the key: the key is what the user came
 * to paste; the address that came with it is the second, smaller question.
 */
function useAddressBesideKey(status: AccountStatus) {
  const address = useAddressDraft(status)
  const [localError, setLocalError] = useState<string | null>(null)
  const stop = (message: string | null): false => {
    setLocalError(message)
    document.getElementById('base-url')?.focus()
    return false
  }
  /** Saves the address first; false when the key must not be saved (see SecretForm). */
  const beforeSave = async (secret: string): Promise<boolean> => {
    const { value, changed, setBaseUrl, setDraft } = address
    // Only the address changed: save it and wait for the key (Enter in the address field).
    if (secret === '' && !changed) return true
    if (secret !== '' && value.trim() === '')
      return stop('Paste the service address that came with your key: it is sent only there.')
    if (!changed) return true
    try {
      await setBaseUrl.mutateAsync(value)
      setDraft(null)
    } catch {
      // The field shows the service's reason (fieldError) or the notice below it.
      return stop(null)
    }
    return secret !== ''
  }
  return { address, localError, setLocalError, beforeSave }
}

/** The key form of the first run, with the address beside it when this build knows none. */
function KeyForm(props: {
  status: AccountStatus
  keptWhere: string
  onSaved: (mode: CredentialMode) => void
}): ReactElement {
  const { status } = props
  const besides = useAddressBesideKey(status)
  if (!addressWithKey(status))
    return (
      <CredentialForms
        mode="apiKey"
        status={status}
        keptWhere={props.keptWhere}
        onSaved={props.onSaved}
        onEdit={() => {}}
      />
    )
  return (
    <CredentialForms
      mode="apiKey"
      status={status}
      keptWhere={props.keptWhere}
      onSaved={props.onSaved}
      onEdit={() => {}}
      beforeSave={besides.beforeSave}
    >
      <div className="first-run__address" data-testid="first-run-address">
        <AddressField
          status={status}
          address={besides.address}
          localError={besides.localError}
          onEdit={() => besides.setLocalError(null)}
        />
        <AddressSaved status={status} address={besides.address} />
      </div>
    </CredentialForms>
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
