import type { FormEvent, ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { ErrorNotice } from '../../../components/error-notice'
import { fieldError } from '../../../lib/error-messages'
import { useSetBaseUrl } from '../api/account-queries'
import { credentialKeyOf, useAccountDraftStore } from '../stores/account-draft-store'
import { SaveButton } from './save-button'

/** The service's address (base URL): current or legacy; https except on this computer. */
export function ServiceAddress(props: { status: AccountStatus | undefined }): ReactElement {
  const { status } = props
  const draft = useAccountDraftStore((state) => state.baseUrlDraft)
  const setDraft = useAccountDraftStore((state) => state.setBaseUrlDraft)
  const setBaseUrl = useSetBaseUrl()
  const setVerifyFor = useAccountDraftStore((state) => state.setVerifyFor)

  const value = draft ?? status?.baseUrl ?? ''
  const inlineError = fieldError(setBaseUrl.error, 'baseUrl')
  const changed = status !== undefined && value.trim() !== status.baseUrl

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
            aria-describedby={
              inlineError !== null ? 'base-url-error base-url-hint' : 'base-url-hint'
            }
            onChange={(event) => {
              setDraft(event.target.value)
              if (setBaseUrl.isError) setBaseUrl.reset()
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && draft !== null) {
                setDraft(null)
                setBaseUrl.reset()
              }
            }}
          />
          {inlineError !== null && (
            <p id="base-url-error" className="field__error" data-testid="base-url-error">
              {inlineError}
            </p>
          )}
          <p id="base-url-hint" className="field__hint">
            {status?.defaultBaseUrl !== null &&
            status?.defaultBaseUrl !== undefined &&
            value.trim() === status.defaultBaseUrl
              ? "The service's own address. Change it only if your dashboard shows another one."
              : 'The base URL from your dashboard (the earlier address works too). VoiceDesk talks only to this address. https is required, except on this computer.'}
          </p>
        </div>
        <SaveButton label="Save" pending={setBaseUrl.isPending} disabled={!changed} />
      </div>
      {setBaseUrl.isError && inlineError === null && <ErrorNotice error={setBaseUrl.error} />}
      {setBaseUrl.isSuccess && draft === null && (
        <p className="field__hint" role="status">
          {status?.credential === 'none'
            ? 'Saved. Paste your key next.'
            : 'Saved. The Connection card above shows whether the service answers there.'}
        </p>
      )}
    </form>
  )
}
