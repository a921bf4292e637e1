import { useState } from 'react'
import type { ReactElement } from 'react'
import { ExternalLink } from 'lucide-react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { CheckIcon } from '../../../components/icons'
import { ErrorNotice } from '../../../components/error-notice'
import { fieldError } from '../../../lib/error-messages'
import { useOpenAccountPage } from '../api/account-queries'
import type { CredentialMode } from '../stores/account-draft-store'
import { CredentialForms } from './credential-parts'
import { creditPageOf } from './credit-page'
import { AddressField, AddressSaved, addressInFirstRun, useAddressDraft } from './service-address'

/** "voice.example" from the page main would open, or null when it names none or is no address. */
function hostOf(page: string | null): string | null {
  if (page === null) return null
  try {
    return new URL(page).host
  } catch {
    return null
  }
}

/**
 * Where a key is got, when this build names the service's website: one click, opened by main
 * (account:openAccountPage takes no address: the page cannot make it open another).
 */
function KeyPageLink(props: { status: AccountStatus }): ReactElement | null {
  const openPage = useOpenAccountPage()
  const host = hostOf(creditPageOf(props.status).page)
  if (props.status.builtInAccountPage === null || host === null) return null
  return (
    <div className="field__hint" data-testid="key-page-link">
      <button
        type="button"
        className="account-link"
        disabled={openPage.isPending}
        onClick={() => openPage.mutate()}
      >
        Get an API key on {host}
        <ExternalLink size={12} aria-hidden="true" />
      </button>
      {openPage.isError && <ErrorNotice error={openPage.error} />}
    </div>
  )
}

/**
 * The key form of the first run. In a build that names its service (a release) it is the key
 * alone. In one that names none (a development copy) the address comes first, above the key, and
 * one Connect saves the address, then the key for it, and checks it: a key is saved for one
 * address only (credential-binding.ts), so it cannot go first.
 */
function KeyForm(props: {
  status: AccountStatus
  keptWhere: string
  onSaved: (mode: CredentialMode) => void
}): ReactElement {
  const { status } = props
  const withAddress = addressInFirstRun(status)
  const address = useAddressDraft(status)
  const [addressError, setAddressError] = useState<string | null>(null)
  const beforeSave = async (secret: string): Promise<boolean> => {
    const typed = address.value.trim()
    if (typed === '') {
      // Red only now that the user pressed Connect with it empty, never before.
      setAddressError('Paste the service address that came with your key.')
      document.querySelector<HTMLInputElement>('input#base-url')?.focus()
      return false
    }
    if (!address.changed) return true
    try {
      await address.setBaseUrl.mutateAsync(typed)
    } catch {
      // Its message is under the address field (AddressField); the key stays in its field.
      return false
    }
    address.setDraft(null)
    // The address alone (Enter in its field, no key yet): saved, and the key is what is next.
    if (secret === '') {
      document.querySelector<HTMLInputElement>('input#api-key')?.focus()
      return false
    }
    return true
  }
  return (
    <CredentialForms
      mode="apiKey"
      status={status}
      keptWhere={props.keptWhere}
      onSaved={props.onSaved}
      onEdit={() => {}}
      aside={<KeyPageLink status={status} />}
      {...(withAddress ? { beforeSave, submitLabel: 'Connect' } : {})}
    >
      {withAddress && (
        <div className="stack">
          <AddressField
            status={status}
            address={address}
            localError={addressError}
            onEdit={() => setAddressError(null)}
          />
          <AddressSaved status={status} address={address} keyBelow />
          {address.setBaseUrl.isError &&
            fieldError(address.setBaseUrl.error, 'baseUrl') === null && (
              <ErrorNotice error={address.setBaseUrl.error} />
            )}
        </div>
      )}
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
  // Headed for what it asks: the address and the key in a copy that names no service.
  const withAddress = addressInFirstRun(status)
  const keyTitle = withAddress ? 'Connect to your voice service' : 'Paste your API key'
  const keyHeading = demo ? (
    <h3 id="path-key-title">{keyTitle}</h3>
  ) : (
    <h2 id="path-key-title" className="first-run__title">
      {keyTitle}
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
              : withAddress
                ? 'Paste the service address and the API key you were given, then press Connect.'
                : 'Use the voice service with your own account, voices and plan.'}
          </p>
          <KeyForm status={status} keptWhere={props.keptWhere} onSaved={props.onSaved} />
        </section>
      </div>
    </section>
  )
}
