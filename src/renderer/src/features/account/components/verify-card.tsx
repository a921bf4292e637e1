import { useEffect, useRef } from 'react'
import type { ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { ErrorNotice } from '../../../components/error-notice'
import { Notice } from '../../../components/notice'
import { humanPastTime } from '../../../lib/human-time'
import { useVerifyAccount } from '../api/account-queries'
import { useMinuteNow } from '../hooks/use-now'
import { credentialKeyOf, useAccountDraftStore } from '../stores/account-draft-store'
import { Card } from './card'
import { KeyElsewhere } from './key-elsewhere'

function voiceCountText(count: number | null): string {
  if (count === null) return 'This key may not list voices, so no voice count is shown.'
  return count === 1 ? '1 voice available.' : `${count} voices available.`
}

/** The code of a failed check, whatever shape the error came in. */
function codeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : null
}

/** The one action that fixes a failed check, as a button. */
function useFixFor(
  error: unknown,
  status: AccountStatus,
  retry: () => void,
): { label: string; onClick: () => void } {
  const setAdvanced = useAccountDraftStore((state) => state.setAdvanced)
  const setReplacingKey = useAccountDraftStore((state) => state.setReplacingKey)
  const token = status.credential === 'accessToken'
  switch (codeOf(error)) {
    case 'AUTH_INVALID':
      return token
        ? { label: 'Paste a new token', onClick: () => setAdvanced(true, 'token') }
        : { label: 'Paste a new key', onClick: () => setReplacingKey(true) }
    case 'NOT_FOUND':
    case 'UPSTREAM':
    case 'AUTH_MISSING':
    case 'VALIDATION_FAILED':
      return { label: 'Check the service address', onClick: () => setAdvanced(true, 'address') }
    default:
      return { label: 'Try again', onClick: retry }
  }
}

/**
 * The connection: whether the service accepts this key at this address. Checked by itself right
 * after a key or token is saved, and again on "Check again". Mounted with a key of the credential
 * and address, so a result never outlives the settings it was obtained with.
 */
export function VerifyCard(props: { status: AccountStatus }): ReactElement {
  const { status } = props
  const verify = useVerifyAccount()
  const verifyFor = useAccountDraftStore((state) => state.verifyFor)
  const setVerifyFor = useAccountDraftStore((state) => state.setVerifyFor)
  const mine = credentialKeyOf(status)
  const check = verify.mutate
  // Nothing is sent while the key belongs to another service, so there is nothing to check: the
  // card says that once, with its two ways out, instead of a refusal that repeats it.
  const elsewhere = status.keyFor?.usable === false
  useEffect(() => {
    if (verifyFor !== mine) return
    setVerifyFor(null)
    if (!elsewhere) check('save')
  }, [verifyFor, mine, setVerifyFor, check, elsewhere])
  // A check that follows a save says "Saved" while it runs; its result then takes the place.
  const afterSave = verify.variables === 'save'
  const checkAgain = (): void => verify.mutate('click')
  // The answer to a click is brought into view: the card can sit below the fold of a small window.
  // Why not after a save's own check: that must not scroll the page away from its title.
  const resultRef = useRef<HTMLDivElement | null>(null)
  const settled = verify.isSuccess || verify.isError
  const clicked = verify.variables === 'click'
  useEffect(() => {
    if (settled && clicked) resultRef.current?.scrollIntoView({ block: 'nearest' })
  }, [settled, clicked, verify.submittedAt])
  const fix = useFixFor(verify.error, status, checkAgain)
  // One retry button: when the error's own action is "Try again", the header's goes away.
  const retryInError = verify.isError && fix.label === 'Try again'
  const now = useMinuteNow()

  return (
    <Card
      area="verify"
      titleId="verify-title"
      title="Connection"
      description="Whether the service accepts your key. Checked when you save a key."
      control={
        retryInError || elsewhere ? undefined : (
          <button type="button" className="button" disabled={verify.isPending} onClick={checkAgain}>
            {verify.isPending ? 'Checking…' : 'Check again'}
          </button>
        )
      }
    >
      <div className="card__body" aria-live="polite" ref={resultRef}>
        {elsewhere && <KeyElsewhere status={status} />}
        {!elsewhere && verify.isPending && (
          <p className="field__hint" data-testid="verify-pending">
            {afterSave
              ? 'Saved. Checking your key with the service…'
              : 'Checking your key with the service…'}
          </p>
        )}
        {!elsewhere && verify.isSuccess && (
          <Notice tone="success" title="Connected" testId="verify-success">
            <p className="notice__text">
              The service accepted your key {humanPastTime(verify.data.verifiedAt, now)}.{' '}
              <span data-testid="verify-voice-count">{voiceCountText(verify.data.voiceCount)}</span>
            </p>
          </Notice>
        )}
        {!elsewhere && verify.isError && (
          <ErrorNotice
            error={verify.error}
            context="connection"
            testId="verify-error"
            action={fix}
          />
        )}
        {verify.isIdle && !elsewhere && (
          <p className="field__hint" data-testid="verified-at">
            {status.verifiedAt !== null
              ? `Last connected ${humanPastTime(status.verifiedAt, now)}.`
              : status.credential === 'sandbox'
                ? 'The demo service runs on this computer and is ready: nothing to check.'
                : 'Not checked yet.'}
          </p>
        )}
      </div>
    </Card>
  )
}
