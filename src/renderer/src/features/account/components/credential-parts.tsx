import type { ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { KeyIcon } from '../../../components/icons'
import { useSetAccessToken, useSetApiKey } from '../api/account-queries'
import type { CredentialMode } from '../stores/account-draft-store'
import { SecretForm } from './secret-form'

/** API key or access token, as a segmented radio group. */
export function CredentialModePicker(props: {
  mode: CredentialMode
  onChange: (mode: CredentialMode) => void
}): ReactElement {
  const { mode } = props
  return (
    <fieldset className="segmented" aria-label="Sign in with">
      {(
        [
          ['apiKey', 'API key'],
          ['accessToken', 'Access token'],
        ] as const
      ).map(([value, label]) => (
        <label key={value} className="segmented__option">
          <input
            type="radio"
            name="credential-mode"
            value={value}
            checked={mode === value}
            onChange={() => props.onChange(value)}
          />
          <span>{label}</span>
        </label>
      ))}
    </fieldset>
  )
}

/** The saved credential in words (or a placeholder while the status loads), and Forget. */
export function CredentialSummary(props: {
  summary: { title: string; detail: string } | null
  /** The Forget button's label, or null when there is nothing the user can forget. */
  forgetLabel: string | null
  onForget: () => void
}): ReactElement {
  const { summary, forgetLabel } = props
  return (
    <div className="credential-summary" data-testid="credential-summary">
      <KeyIcon className="credential-summary__icon" />
      <div>
        {summary === null ? (
          <span className="skeleton" />
        ) : (
          <>
            <p className="credential-summary__title" data-testid="credential-title">
              {summary.title}
            </p>
            <p className="field__hint">{summary.detail}</p>
          </>
        )}
      </div>
      {forgetLabel !== null && (
        <button
          type="button"
          className="button button--danger button--small credential-summary__action"
          onClick={props.onForget}
        >
          {forgetLabel}
        </button>
      )}
    </div>
  )
}

/**
 * The form for the chosen kind of credential. Each save resets its mutation at once: react-query
 * keeps the last variables, and the secret must not linger on this side once main has it.
 */
export function CredentialForms(props: {
  mode: CredentialMode
  status: AccountStatus | undefined
  keptWhere: string
  onSaved: (mode: CredentialMode) => void
  onEdit: () => void
}): ReactElement {
  const { mode, status, keptWhere } = props
  const setApiKey = useSetApiKey()
  const setAccessToken = useSetAccessToken()
  const saveKey = async (apiKey: string): Promise<void> => {
    await setApiKey.mutateAsync(apiKey)
    // The mutation keeps its variables (the key) until reset: drop them now.
    setApiKey.reset()
    props.onSaved('apiKey')
  }
  const saveToken = async (token: string): Promise<void> => {
    await setAccessToken.mutateAsync(token)
    setAccessToken.reset()
    props.onSaved('accessToken')
  }
  return mode === 'apiKey' ? (
    <SecretForm
      key="apiKey"
      id="api-key"
      field="apiKey"
      label={status?.credential === 'apiKey' ? 'Replace API key' : 'API key'}
      placeholder="sk_…"
      hint={`Paste the key from your dashboard. It is kept ${keptWhere} and cannot be read back here.`}
      submitLabel="Save key"
      minLength={8}
      save={saveKey}
      pending={setApiKey.isPending}
      error={setApiKey.error}
      onEdit={() => {
        props.onEdit()
        if (setApiKey.isError) setApiKey.reset()
      }}
    />
  ) : (
    <SecretForm
      key="accessToken"
      id="access-token"
      field="token"
      label="Access token"
      placeholder="eyJ…"
      hint="A short-lived token from the service’s token endpoint. Its scopes limit what VoiceDesk can do; the service is retiring tokens, so an API key is the lasting choice."
      submitLabel="Use token"
      minLength={16}
      save={saveToken}
      pending={setAccessToken.isPending}
      error={setAccessToken.error}
      onEdit={() => {
        props.onEdit()
        if (setAccessToken.isError) setAccessToken.reset()
      }}
    />
  )
}
