import type { FormEvent, ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { ErrorNotice } from '../../../components/error-notice'
import { fieldError } from '../../../lib/error-messages'
import { useSetBaseUrl } from '../api/account-queries'
import { credentialKeyOf, useAccountDraftStore } from '../stores/account-draft-store'
import { SaveButton } from './save-button'

/**
 * True while the first run asks for the address beside the key: no key yet, no demo, and a build
 * that knows no address of the service (a development build; a release always names one, see
 * deployment-config.ts). Why there and not under Advanced: such a key goes nowhere without it,
 * and the field is shown in one place only (Advanced leaves it out meanwhile).
 */
export function addressInFirstRun(status: AccountStatus | undefined): boolean {
  return status !== undefined && status.credential === 'none' && status.defaultBaseUrl === null
}

/** The address being typed, else the saved one; and the mutation that saves it. */
export function useAddressDraft(status: AccountStatus | undefined) {
  const draft = useAccountDraftStore((state) => state.baseUrlDraft)
  const setDraft = useAccountDraftStore((state) => state.setBaseUrlDraft)
  const setBaseUrl = useSetBaseUrl()
  const value = draft ?? status?.baseUrl ?? ''
  const changed = status !== undefined && value.trim() !== status.baseUrl
  return { draft, setDraft, setBaseUrl, value, changed }
}

/** The address input, with its error and what it is for; the form around it saves it. */
export function AddressField(props: {
  status: AccountStatus | undefined
  address: ReturnType<typeof useAddressDraft>
  /** What is wrong, found before anything was sent (the first run's Connect with no address). */
  localError?: string | null
  onEdit?: () => void
}): ReactElement {
  const { status, address } = props
  const { setBaseUrl, value } = address
  const inlineError = props.localError ?? fieldError(setBaseUrl.error, 'baseUrl')
  const own =
    status?.defaultBaseUrl !== null &&
    status?.defaultBaseUrl !== undefined &&
    value.trim() === status.defaultBaseUrl
  return (
    <div className="field">
      <label className="field__label" htmlFor="base-url">
        Service address
      </label>
      <input
        id="base-url"
        className="input input--mono"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        value={value}
        placeholder={status === undefined ? 'Loading…' : 'https://'}
        disabled={status === undefined}
        aria-invalid={inlineError !== null}
        aria-describedby={inlineError !== null ? 'base-url-error' : 'base-url-hint'}
        onChange={(event) => {
          address.setDraft(event.target.value)
          if (setBaseUrl.isError) setBaseUrl.reset()
          props.onEdit?.()
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && address.draft !== null) {
            address.setDraft(null)
            setBaseUrl.reset()
            props.onEdit?.()
          }
        }}
      />
      {/* One line under the field: the neutral hint, or once the user tried to go on, what is
          wrong (which says the same and more); never both, one red and one grey. */}
      {inlineError !== null ? (
        <p id="base-url-error" className="field__error" data-testid="base-url-error">
          {inlineError}
        </p>
      ) : (
        <p id="base-url-hint" className="field__hint">
          {own
            ? "The service's own address. Change it only if your provider gave you another one."
            : 'It came with your key. Your key is sent to this address and nowhere else.'}
        </p>
      )}
    </div>
  )
}

/** "Saved." once the address is in, in the words of what comes next. */
export function AddressSaved(props: {
  status: AccountStatus | undefined
  address: ReturnType<typeof useAddressDraft>
  /** The key's field is below the address (the first run), not above it (Advanced). */
  keyBelow?: boolean
}): ReactElement | null {
  const { setBaseUrl, draft } = props.address
  if (!setBaseUrl.isSuccess || draft !== null) return null
  const next =
    props.keyBelow === true
      ? 'Saved. Now paste your API key below and press Connect.'
      : 'Saved. Now save your API key above.'
  return (
    <p className="field__hint" role="status">
      {props.status?.credential === 'none'
        ? next
        : 'Saved. The Connection card above shows whether the service answers there.'}
    </p>
  )
}

/** The service's address (base URL), under Advanced: current or legacy; https except locally. */
export function ServiceAddress(props: { status: AccountStatus | undefined }): ReactElement {
  const { status } = props
  const address = useAddressDraft(status)
  const { setBaseUrl, setDraft, value, changed } = address
  const setVerifyFor = useAccountDraftStore((state) => state.setVerifyFor)
  const inlineError = fieldError(setBaseUrl.error, 'baseUrl')

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault()
    setBaseUrl.mutate(value, {
      onSuccess: (saved) => {
        setDraft(null)
        // A new address is checked at once with the key in use, as a new key is.
        if (saved.credential !== 'none') setVerifyFor(credentialKeyOf(saved))
      },
    })
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      <div className="inline-form">
        <AddressField status={status} address={address} />
        <SaveButton
          label="Save"
          pending={setBaseUrl.isPending}
          disabled={!changed}
          primary={false}
        />
      </div>
      {setBaseUrl.isError && inlineError === null && <ErrorNotice error={setBaseUrl.error} />}
      <AddressSaved status={status} address={address} />
    </form>
  )
}
