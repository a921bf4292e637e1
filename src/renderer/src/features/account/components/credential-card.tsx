import { useState } from 'react'
import type { ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ErrorNotice } from '../../../components/error-notice'
import { KeyIcon } from '../../../components/icons'
import { Notice } from '../../../components/notice'
import { useForgetCredential, useSetAccessToken, useSetApiKey } from '../api/account-queries'
import type { CredentialMode } from '../stores/account-draft-store'
import { useAccountDraftStore } from '../stores/account-draft-store'
import { SecretForm } from './secret-form'
import { TokenDetails } from './token-details'

function credentialSummary(status: AccountStatus): { title: string; detail: string } {
  const where =
    status.storage === 'keychain'
      ? 'in the system keychain'
      : status.storage === 'session'
        ? 'for this session only'
        : ''
  // The key is sent only to the service it was saved for: say which, and when it is set aside.
  const host = status.keyFor?.host
  const forHost =
    host === null || host === undefined
      ? ''
      : status.keyFor?.usable === false
        ? ` for ${host}, not sent to the current base URL`
        : ` for ${host}`
  switch (status.credential) {
    case 'apiKey':
      return {
        title: `API key ${status.keyHint ?? ''}`.trim(),
        detail: `Saved ${where}${forHost}.`,
      }
    case 'accessToken':
      return {
        title: `Access token ${status.keyHint ?? ''}`.trim(),
        detail: `Held ${where}${forHost}. Scopes and expiry are below.`,
      }
    case 'sandbox':
      return {
        title: 'Sandbox demo key',
        detail: 'VoiceDesk is using its local sandbox; save your own key to use the service.',
      }
    case 'none':
      return { title: 'No credential saved', detail: 'Paste an API key to start.' }
  }
}

/** The credential: save an API key or paste an access token, see its hint, forget it. */
export function CredentialCard(props: { status: AccountStatus | undefined }): ReactElement {
  const { status } = props
  const storedMode = useAccountDraftStore((state) => state.credentialMode)
  const setMode = useAccountDraftStore((state) => state.setCredentialMode)
  const mode: CredentialMode =
    storedMode ?? (status?.credential === 'accessToken' ? 'accessToken' : 'apiKey')
  const setApiKey = useSetApiKey()
  const setAccessToken = useSetAccessToken()
  const forget = useForgetCredential()
  const [confirming, setConfirming] = useState(false)
  const [justSaved, setJustSaved] = useState<CredentialMode | null>(null)

  const summary = status === undefined ? null : credentialSummary(status)
  // Say where the secret really goes: with no keychain, it is held in memory until quit.
  const sessionOnly =
    status !== undefined &&
    (status.storage === 'session' ||
      status.notices.some((notice) => notice.kind === 'keychain-unavailable'))
  const keptWhere = sessionOnly ? 'in memory for this session only' : 'in the system keychain'
  const canForget =
    status !== undefined && (status.credential === 'apiKey' || status.credential === 'accessToken')
  const forgetLabel = status?.credential === 'accessToken' ? 'Forget token' : 'Forget key'

  const saveKey = async (apiKey: string): Promise<void> => {
    await setApiKey.mutateAsync(apiKey)
    // The mutation keeps its variables (the key) until reset: drop them now.
    setApiKey.reset()
    setJustSaved('apiKey')
  }
  const saveToken = async (token: string): Promise<void> => {
    await setAccessToken.mutateAsync(token)
    setAccessToken.reset()
    setJustSaved('accessToken')
  }

  return (
    <section className="card" aria-labelledby="credential-title">
      <div className="card__header">
        <div>
          <h2 id="credential-title">Credential</h2>
          <p className="card__description">
            Kept by VoiceDesk’s background process {keptWhere}. This window never sees it again:
            only its last four characters.
          </p>
        </div>
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
                onChange={() => {
                  setMode(value)
                  setJustSaved(null)
                }}
              />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
      </div>
      <div className="card__body">
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
          {canForget && (
            <button
              type="button"
              className="button button--danger button--small credential-summary__action"
              onClick={() => setConfirming(true)}
            >
              {forgetLabel}
            </button>
          )}
        </div>

        {justSaved !== null &&
          status !== undefined &&
          status.keyHint !== null &&
          !status.rejected && (
            <Notice tone="success" title="Saved" role="status" testId="credential-saved">
              <p className="notice__text">
                {justSaved === 'apiKey' ? 'The API key' : 'The access token'} is stored; from now on
                only its hint {status.keyHint} is shown.
              </p>
            </Notice>
          )}

        {mode === 'apiKey' ? (
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
              setJustSaved(null)
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
              setJustSaved(null)
              if (setAccessToken.isError) setAccessToken.reset()
            }}
          />
        )}

        {status?.credential === 'accessToken' && <TokenDetails status={status} />}
        {forget.isError && <ErrorNotice error={forget.error} />}
      </div>

      <ConfirmDialog
        open={confirming}
        title={
          status?.credential === 'accessToken' ? 'Forget the access token?' : 'Forget the API key?'
        }
        confirmLabel={forgetLabel}
        tone="danger"
        busy={forget.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          forget.mutate(undefined, {
            onSettled: () => setConfirming(false),
            onSuccess: () => setJustSaved(null),
          })
        }}
      >
        <p>
          VoiceDesk removes it from the keychain and from memory. To use the service again you will
          have to paste it again.
        </p>
      </ConfirmDialog>
    </section>
  )
}
