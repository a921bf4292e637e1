import type { ReactElement } from 'react'
import { ErrorNotice } from '../../../components/error-notice'
import type { RecordingState } from '../hooks/use-recording'

/** The recording, downloaded by main and played from a blob: URL. */
export function RecordingPlayer(props: {
  state: RecordingState
  final: boolean
  onRetry: () => void
  /** Receives the audio element (for seeking), or null when it goes. */
  onAudio: (audio: HTMLAudioElement | null) => void
}): ReactElement {
  const { state, final, onRetry, onAudio } = props
  return (
    <section className="recording" aria-label="Recording" data-testid="recording">
      <h2 className="section-title">Recording</h2>
      {state.kind === 'none' && (
        <p className="field__hint" data-testid="recording-none">
          {final
            ? 'This conversation has no recording.'
            : 'The recording becomes available when the conversation ends.'}
        </p>
      )}
      {state.kind === 'loading' && <p className="field__hint">Downloading the recording…</p>}
      {state.kind === 'error' && (
        <div className="button-row">
          <ErrorNotice error={state.error} testId="recording-error" />
          <button type="button" className="button" onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {state.kind === 'ready' && (
        <>
          <audio
            ref={onAudio}
            className="recording__audio"
            controls
            preload="auto"
            src={state.url}
            data-testid="recording-audio"
          />
          <p className="field__hint">
            Click a turn in the transcript to play the recording from there.
          </p>
        </>
      )}
    </section>
  )
}
