import type { ReactElement, ReactNode } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { KeyIcon } from '../../../components/icons'
import { useSetAccessToken, useSetApiKey } from '../api/account-queries'
import type { CredentialMode } from '../stores/account-draft-store'
import { credentialKeyOf, useAccountDraftStore } from '../stores/account-draft-store'
import { SecretForm } from './secret-form'

/** The saved credential in words (or a placeholder while the status loads), and Forget. */
export function CredentialSummary(props: {
  summary: { title: string; detail: string } | null
  /** The Forget button's label, or null when there is nothing the user can forget. */
  forgetLabel: string | null
  onForget: () => void
  /** Another action for the row, before Forget (Replace key…). */
  action?: ReactNode
}): ReactElement {
  const { summary, forgetLabel } = props
  return (
    <div className="row credential-summary" data-testid="credential-summary">
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
      {props.action}
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

/** What the form for each kind of credential says and checks; `keptWhere` completes the key's hint. */
const formCopy = {
  apiKey: {
    id: 'api-key',
    field: 'apiKey',
    placeholder: 'sk_…',
    submitLabel: 'Save key',
    primary: true,
    minLength: 8,
    label: (status: AccountStatus | undefined) =>
      status?.credential === 'apiKey' ? 'Replace API key' : 'API key',
    // Why two sources: a build that names no service (a development copy) was handed its key
    // and address by someone; a deployment's users get theirs from their account.
    hint: (keptWhere: string, status: AccountStatus | undefined) =>
      `${
        status?.defaultBaseUrl === null && status.builtInAccountPage === null
          ? 'From the person or company that gave you access to the voice service.'
          : 'From your account on the voice service.'
      } It is kept ${keptWhere}; it cannot be read back here.`,
  },
  accessToken: {
    id: 'access-token',
    field: 'token',
    placeholder: 'eyJ…',
    submitLabel: 'Use token',
    // Under Advanced: "Save key" stays the screen's one primary action.
    primary: false,
    minLength: 16,
    label: () => 'Access token',
    hint: () =>
      'A short-lived token your organisation gave you, instead of an API key. It expires, and may allow only some actions; an API key is the lasting choice.',
  },
} satisfies Record<CredentialMode, unknown>

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
  /** Fields the same button sends before the secret (see SecretForm). */
  children?: ReactNode
  /** Beside the secret's hint (see SecretForm). */
  aside?: ReactNode
  /** The button's words when it does more than save the secret ("Connect"). */
  submitLabel?: string
  beforeSave?: (secret: string) => Promise<boolean>
}): ReactElement {
  const { mode } = props
  const mutations = { apiKey: useSetApiKey(), accessToken: useSetAccessToken() }
  const mutation = mutations[mode]
  const copy = formCopy[mode]
  const setVerifyFor = useAccountDraftStore((state) => state.setVerifyFor)
  const save = async (secret: string): Promise<void> => {
    const status = await mutation.mutateAsync(secret)
    // The mutation keeps its variables (the secret) until reset: drop them now.
    mutation.reset()
    // Checked at once, without another click: the connection card runs it for this credential.
    setVerifyFor(credentialKeyOf(status))
    props.onSaved(mode)
  }
  return (
    <SecretForm
      key={mode}
      id={copy.id}
      field={copy.field}
      label={copy.label(props.status)}
      placeholder={copy.placeholder}
      hint={copy.hint(props.keptWhere, props.status)}
      submitLabel={props.submitLabel ?? copy.submitLabel}
      aside={props.aside}
      primary={copy.primary}
      minLength={copy.minLength}
      save={save}
      pending={mutation.isPending}
      error={mutation.error}
      onEdit={() => {
        props.onEdit()
        if (mutation.isError) mutation.reset()
      }}
      {...(props.beforeSave === undefined ? {} : { beforeSave: props.beforeSave })}
    >
      {props.children}
    </SecretForm>
  )
}
