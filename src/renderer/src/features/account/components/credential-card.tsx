import { useEffect, useRef, useState } from 'react'
import type { ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { ErrorNotice } from '../../../components/error-notice'
import { Notice } from '../../../components/notice'
import { useForgetCredential } from '../api/account-queries'
import { useAccountDraftStore } from '../stores/account-draft-store'
import { CredentialForms, CredentialSummary } from './credential-parts'
import { TokenDetails } from './token-details'
import { Card } from './card'

function credentialSummary(status: AccountStatus): { title: string; detail: string } {
  // Where it is kept, in the user's words; the service address stays under Advanced.
  const where =
    status.storage === 'keychain'
      ? 'Saved in your system keychain'
      : status.storage === 'session'
        ? 'Kept for this session only: forgotten when you quit VoiceDesk'
        : 'Saved'
  // The key is sent only to the service it was saved for: say so when it is set aside.
  const elsewhere = status.keyFor?.usable === false ? ', for another service address' : ''
  switch (status.credential) {
    case 'apiKey':
      return { title: `API key ${status.keyHint ?? ''}`.trim(), detail: `${where}${elsewhere}.` }
    case 'accessToken':
      return {
        title: `Access token ${status.keyHint ?? ''}`.trim(),
        detail: `${where}${elsewhere}. What it allows and when it expires are below.`,
      }
    case 'sandbox':
      return {
        title: 'Sandbox demo key',
        detail:
          'VoiceDesk is using the demo service on this computer; save your own key to use the real service.',
      }
    case 'none':
      return { title: 'No key saved', detail: 'Paste an API key to start.' }
  }
}

/** Says where the secret really goes: with no keychain, it is held in memory until quit. */
export function keptWhereOf(status: AccountStatus | undefined): string {
  // Why not the demo's storage: its key is always a session one, yet a key pasted over it goes to
  // the keychain when there is one; only the keychain's own notice says there is none.
  const sessionOnly =
    status !== undefined &&
    ((status.storage === 'session' && status.credential !== 'sandbox') ||
      status.notices.some((notice) => notice.kind === 'keychain-unavailable'))
  return sessionOnly
    ? 'for this session only and forgotten when you quit VoiceDesk'
    : 'in your system keychain'
}

/** The form "Replace key…" opens (also opened by "Paste a new key" on a refused key). */
function ReplaceKeyForm(props: { status: AccountStatus; keptWhere: string }): ReactElement | null {
  const replacing = useAccountDraftStore((state) => state.replacingKey)
  const setReplacing = useAccountDraftStore((state) => state.setReplacingKey)
  // Why only on a change, not on mount: opening Account must not jump to a field down the page.
  const wasReplacing = useRef(replacing)
  useEffect(() => {
    if (replacing && !wasReplacing.current)
      document.querySelector<HTMLInputElement>('input#api-key')?.focus()
    wasReplacing.current = replacing
  }, [replacing])
  if (!replacing) return null
  return (
    <CredentialForms
      mode="apiKey"
      status={props.status}
      keptWhere={props.keptWhere}
      onSaved={() => setReplacing(false)}
      onEdit={() => {}}
    />
  )
}

/**
 * Held until quit because the keychain is not there: said as a warning beside the key, with what
 * to do, not only in the key's grey line. Why a warning: nothing fails now, but the key is lost
 * at quit unless the user acts.
 */
function SessionOnly(props: { status: AccountStatus }): ReactElement | null {
  const notice = props.status.notices.find((entry) => entry.kind === 'keychain-unavailable')
  if (props.status.storage !== 'session' || notice === undefined) return null
  return (
    <Notice
      tone="warning"
      title="Your key will be forgotten when you quit"
      testId="credential-session-only"
    >
      <p className="notice__text">{notice.message}</p>
    </Notice>
  )
}

/** The key or token in use: one row with its hint, where it is kept, Replace and Forget. */
export function CredentialCard(props: { status: AccountStatus; keptWhere: string }): ReactElement {
  const { status, keptWhere } = props
  const forget = useForgetCredential()
  const [confirming, setConfirming] = useState(false)
  const replacing = useAccountDraftStore((state) => state.replacingKey)
  const setReplacing = useAccountDraftStore((state) => state.setReplacingKey)
  const token = status.credential === 'accessToken'
  const forgetLabel = token ? 'Forget token' : 'Forget key'

  return (
    <Card
      area="key"
      titleId="credential-title"
      title={token ? 'Access token' : 'API key'}
      description="This window never sees it again, only its last four characters."
    >
      <div className="card__body">
        <CredentialSummary
          summary={credentialSummary(status)}
          forgetLabel={forgetLabel}
          onForget={() => setConfirming(true)}
          action={
            // Why not on a refused key: the connection error's "Paste a new key" is that action.
            token || replacing || status.rejected ? null : (
              <button
                type="button"
                className="button button--small credential-summary__action"
                onClick={() => setReplacing(true)}
              >
                Replace key…
              </button>
            )
          }
        />
        <SessionOnly status={status} />
        {token && <TokenDetails status={status} />}
        {!token && <ReplaceKeyForm status={status} keptWhere={keptWhere} />}
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
            onSuccess: () => setReplacing(false),
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
