import type { FormEvent, ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { ErrorNotice } from '../../../components/error-notice'
import { fieldError } from '../../../lib/error-messages'
import { useSetBaseUrl } from '../api/account-queries'
import { useAccountDraftStore } from '../stores/account-draft-store'
import { SaveButton } from './save-button'
import { Card } from './card'

/** Base URL of the service: current or legacy address; https except on this computer. */
export function ConnectionCard(props: { status: AccountStatus | undefined }): ReactElement {
  const { status } = props
  const draft = useAccountDraftStore((state) => state.baseUrlDraft)
  const setDraft = useAccountDraftStore((state) => state.setBaseUrlDraft)
  const setBaseUrl = useSetBaseUrl()

  const value = draft ?? status?.baseUrl ?? ''
  const inlineError = fieldError(setBaseUrl.error, 'baseUrl')
  const changed = status !== undefined && value.trim() !== status.baseUrl

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault()
    setBaseUrl.mutate(value, { onSuccess: () => setDraft(null) })
  }

  return (
    <Card
      titleId="connection-title"
      title="Service address"
      description="Where VoiceDesk sends requests. Every request goes from this computer straight to this address."
    >
      <form className="card__body" onSubmit={submit} noValidate>
        <div className="inline-form">
          <div className="field">
            <label className="field__label" htmlFor="base-url">
              Base URL
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
              The address from your dashboard; the earlier (legacy) address works too. https is
              required, except for addresses on this computer. Esc restores the saved value.
            </p>
          </div>
          <SaveButton label="Save" pending={setBaseUrl.isPending} disabled={!changed} />
        </div>
        {setBaseUrl.isError && inlineError === null && <ErrorNotice error={setBaseUrl.error} />}
        {setBaseUrl.isSuccess && draft === null && (
          <p className="field__hint" role="status">
            Saved. Verify the connection below to check the new address.
          </p>
        )}
      </form>
    </Card>
  )
}
