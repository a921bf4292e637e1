import { useState } from 'react'
import type { ReactElement } from 'react'
import type { Voice } from '../../../../../shared/domain/voice'
import type { VoiceLibrary } from '../../../../../shared/ipc/contract'
import { ErrorNotice } from '../../../components/error-notice'
import { fileNameOf } from '../../../lib/file-name'
import { formatDay } from '../../../lib/format'
import { revealSample } from '../api/voice-samples'
import { useDownloadSample } from '../api/voices-queries'

/** A personal voice's own part: its consent record, downloading its sample, deleting it. */
export function PersonalVoiceSection(props: {
  voice: Voice
  consent: VoiceLibrary['consents'][number] | undefined
  onDelete: (voice: Voice) => void
}): ReactElement {
  const { voice, consent } = props
  const download = useDownloadSample()
  const [revealError, setRevealError] = useState<unknown>(null)
  // "today" is judged when the panel opens; a panel left open over midnight is a rare, mild lie.
  const [now] = useState(() => Date.now())

  return (
    <div className="stack voice-details__block">
      <h3>Personal voice</h3>
      {consent !== undefined ? (
        <p className="field__hint" data-testid="consent-record">
          {consent.fullName} ({consent.email}) gave consent {consentWhen(consent.createdAt, now)}.
        </p>
      ) : (
        <p className="field__hint">No consent record on this computer (created elsewhere).</p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="button button--small"
          disabled={download.isPending}
          onClick={() => download.mutate({ voiceId: voice.id, voiceName: voice.displayName })}
        >
          {download.isPending ? 'Downloading…' : 'Download sample…'}
        </button>
        <button
          type="button"
          className="button button--small button--danger"
          onClick={() => props.onDelete(voice)}
        >
          Delete voice…
        </button>
      </div>
      {download.isSuccess && download.data !== null && (
        <p className="field__hint" role="status" data-testid="sample-saved">
          Saved <strong>{fileNameOf(download.data.path)}</strong> (
          {Math.round(download.data.bytes / 1024)} KB).{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              const path = download.data?.path
              if (path === undefined) return
              setRevealError(null)
              revealSample(path).catch(setRevealError)
            }}
          >
            Show in folder
          </button>
        </p>
      )}
      {revealError !== null && <ErrorNotice error={revealError} />}
      {download.isError && <ErrorNotice error={download.error} testId="download-error" />}
    </div>
  )
}

/** "today at 12:28", "on 12 March 2026": when the consent was given, as a person says it. */
function consentWhen(iso: string, nowMs: number): string {
  const day = formatDay(iso, nowMs)
  return /^(today|yesterday)\b/.test(day) ? day : `on ${day}`
}
