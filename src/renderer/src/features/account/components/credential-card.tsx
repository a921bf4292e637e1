import { useEffect, useState } from 'react'
import type { ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ErrorNotice } from '../../../components/error-notice'
import { Notice } from '../../../components/notice'
import { useForgetCredential } from '../api/account-queries'
import type { CredentialMode } from '../stores/account-draft-store'
import { useAccountDraftStore } from '../stores/account-draft-store'
import { CredentialForms, CredentialSummary } from './credential-parts'
import { TokenDetails } from './token-details'
import { Card } from './card'

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
        detail: `Held ${where}${forHost}. What it allows and when it expires are below.`,
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

/** Says where the secret really goes: with no keychain, it is held in memory until quit. */
export function keptWhereOf(status: AccountStatus | undefined): string {
  const sessionOnly =
    status !== undefined &&
    (status.storage === 'session' ||
      status.notices.some((notice) => notice.kind === 'keychain-unavailable'))
  return sessionOnly ? 'in memory for this session only' : 'in the system keychain'
}

/** "Saved": the credential just saved is stored and only its hint shows (unless it was refused). */
export function SavedNotice(props: {
  saved: CredentialMode
  status: AccountStatus
}): ReactElement | null {
  const { saved, status } = props
  if (status.keyHint === null || status.rejected) return null
  return (
    <Notice tone="success" title="Saved" role="status" testId="credential-saved">
      <p className="notice__text">
        {saved === 'apiKey' ? 'The API key' : 'The access token'} is stored; from now on only its
        hint {status.keyHint} is shown.
      </p>
    </Notice>
  )
}

/** "Replace key…", and the form it opens (also opened by "Paste a new key" on a refused key). */
function ReplaceKey(props: {
  status: AccountStatus
  keptWhere: string
  onSaved: (mode: CredentialMode) => void
  onEdit: () => void
}): ReactElement {
  // In the store: the connection card's "Paste a new key" opens this form.
  const replacing = useAccountDraftStore((state) => state.replacingKey)
  const setReplacing = useAccountDraftStore((state) => state.setReplacingKey)
  useEffect(() => {
    if (replacing) document.querySelector<HTMLInputElement>('input#api-key')?.focus()
  }, [replacing])
  if (!replacing)
    return (
      <div className="button-row">
        <button type="button" className="button button--small" onClick={() => setReplacing(true)}>
          Replace key…
        </button>
      </div>
    )
  return (
    <CredentialForms
      mode="apiKey"
      status={props.status}
      keptWhere={props.keptWhere}
      onSaved={(mode) => {
        props.onSaved(mode)
        setReplacing(false)
      }}
      onEdit={props.onEdit}
    />
  )
}

/** The key or token in use: its hint, where it is kept, replace it, forget it. */
export function CredentialCard(props: {
  status: AccountStatus
  keptWhere: string
  /** What was saved just before this card appeared (from the first-run path or Advanced). */
  savedBefore: CredentialMode | null
}): ReactElement {
  const { status, keptWhere } = props
  const forget = useForgetCredential()
  const [confirming, setConfirming] = useState(false)
  const [justSaved, setJustSaved] = useState<CredentialMode | null>(props.savedBefore)
  const setReplacing = useAccountDraftStore((state) => state.setReplacingKey)
  const token = status.credential === 'accessToken'
  const forgetLabel = token ? 'Forget token' : 'Forget key'

  return (
    <Card
      titleId="credential-title"
      title={token ? 'Access token' : 'API key'}
      description={`Kept ${keptWhere}. This window never sees it again, only its last four characters.`}
    >
      <div className="card__body">
        <CredentialSummary
          summary={credentialSummary(status)}
          forgetLabel={forgetLabel}
          onForget={() => setConfirming(true)}
        />
        {justSaved !== null && <SavedNotice saved={justSaved} status={status} />}
        {token && <TokenDetails status={status} />}
        {!token && (
          <ReplaceKey
            status={status}
            keptWhere={keptWhere}
            onSaved={setJustSaved}
            onEdit={() => setJustSaved(null)}
          />
        )}
        {forget.isError && (
          <ErrorNotice
            error={forget.error}
            action={{ label: 'Try again', onClick: () => setConfirming(true) }}
          />
        )}
      </div>

      <ConfirmDialog
        open={confirming}
        title={token ? 'Forget the access token?' : 'Forget the API key?'}
        confirmLabel={forgetLabel}
        tone="danger"
        busy={forget.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          forget.mutate(undefined, {
            onSettled: () => setConfirming(false),
            onSuccess: () => {
              setJustSaved(null)
              setReplacing(false)
            },
          })
        }}
      >
        <p>
          VoiceDesk removes it from the keychain and from memory. To use the service again you will
          have to paste it again.
        </p>
      </ConfirmDialog>
    </Card>
  )
}
