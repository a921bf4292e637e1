import { useEffect, useRef } from 'react'
import type { ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { ErrorNotice } from '../../../components/error-notice'
import { Notice } from '../../../components/notice'
import { formatDateTime } from '../../../lib/format'
import { useVerifyAccount } from '../api/account-queries'
import { Card } from './card'

function voiceCountText(count: number | null): string {
  if (count === null) return 'This credential may not list voices, so no voice count is shown.'
  return count === 1 ? '1 voice available.' : `${count} voices available.`
}

/**
 * "Verify": one cheap authenticated call. Mounted with a key of the credential and base URL, so a
 * result never outlives the settings it was obtained with.
 */
export function VerifyCard(props: { status: AccountStatus | undefined }): ReactElement {
  const { status } = props
  const verify = useVerifyAccount()
  const hasCredential = status !== undefined && status.credential !== 'none'
  // The answer is brought into view: the card can sit below the fold of a small window.
  const resultRef = useRef<HTMLDivElement | null>(null)
  const settled = verify.isSuccess || verify.isError
  useEffect(() => {
    if (settled) resultRef.current?.scrollIntoView({ block: 'nearest' })
  }, [settled, verify.submittedAt])

  return (
    <Card
      titleId="verify-title"
      title="Check the connection"
      description="Asks the service whether it accepts your key at this address."
      control={
        <button
          type="button"
          className="button button--primary"
          disabled={!hasCredential || verify.isPending}
          onClick={() => verify.mutate()}
        >
          {verify.isPending ? 'Verifying…' : 'Verify'}
        </button>
      }
    >
      <div className="card__body" aria-live="polite" ref={resultRef}>
        {!hasCredential && status !== undefined && (
          <p className="field__hint">Paste your API key first.</p>
        )}
        {verify.isSuccess && (
          <Notice tone="success" title="Connected" testId="verify-success">
            <p className="notice__text">
              The service answered at {formatDateTime(verify.data.verifiedAt)}.{' '}
              <span data-testid="verify-voice-count">{voiceCountText(verify.data.voiceCount)}</span>
            </p>
          </Notice>
        )}
        {verify.isError && (
          <ErrorNotice error={verify.error} context="connection" testId="verify-error" />
        )}
        {verify.isIdle && hasCredential && (
          <p className="field__hint" data-testid="verified-at">
            {status.verifiedAt === null
              ? 'Not checked yet.'
              : `Last checked ${formatDateTime(status.verifiedAt)}.`}
          </p>
        )}
      </div>
    </Card>
  )
}
