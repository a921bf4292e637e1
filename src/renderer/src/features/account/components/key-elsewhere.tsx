import type { ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { ErrorNotice } from '../../../components/error-notice'
import { Notice } from '../../../components/notice'
import { Disclosure } from '../../../components/ui/disclosure'
import { useSetBaseUrl } from '../api/account-queries'
import { credentialKeyOf, useAccountDraftStore } from '../stores/account-draft-store'

/**
 * The saved key set aside because the address now names another service, said once, in the
 * Connection card, with the two ways out as buttons. Why "go back" only to the key's own origin:
 * that is the one address main lets the key go to without asking (credential-binding.ts), so the
 * button never moves a key; pasting a new key saves it for the address in use.
 */
export function KeyElsewhere(props: { status: AccountStatus }): ReactElement | null {
  const { status } = props
  const setBaseUrl = useSetBaseUrl()
  const setReplacing = useAccountDraftStore((state) => state.setReplacingKey)
  const setAdvanced = useAccountDraftStore((state) => state.setAdvanced)
  const setVerifyFor = useAccountDraftStore((state) => state.setVerifyFor)
  const notice = status.notices.find((entry) => entry.kind === 'key-elsewhere')
  if (notice === undefined) return null
  const token = status.credential === 'accessToken'
  const home = status.keyFor?.origin ?? null
  const goBack = (): void => {
    if (home === null) return
    setBaseUrl.mutate(home, {
      // Checked at once, as a new address is under Advanced: the verdict follows the click.
      onSuccess: (saved) => setVerifyFor(credentialKeyOf(saved)),
    })
  }
  return (
    <Notice
      tone="warning"
      title={
        token
          ? 'Your access token is for a different service address'
          : 'Your key is for a different service address'
      }
      testId="key-elsewhere"
    >
      <p className="notice__text" data-testid="key-elsewhere-message">
        {notice.message}
      </p>
      <div className="button-row">
        {home !== null && (
          <button
            type="button"
            className="button button--small"
            disabled={setBaseUrl.isPending}
            onClick={goBack}
          >
            {token ? "Go back to the token's address" : "Go back to the key's address"}
          </button>
        )}
        <button
          type="button"
          className="button button--small"
          onClick={() => (token ? setAdvanced(true, 'token') : setReplacing(true))}
        >
          {token ? 'Paste a token for this address' : 'Paste a key for this address'}
        </button>
      </div>
      {setBaseUrl.isError && (
        <ErrorNotice error={setBaseUrl.error} action={{ label: 'Try again', onClick: goBack }} />
      )}
      {notice.details !== undefined && (
        <Disclosure summary="Details" testId="key-elsewhere-details">
          <p className="notice__text notice__details">{notice.details}</p>
        </Disclosure>
      )}
    </Notice>
  )
}
