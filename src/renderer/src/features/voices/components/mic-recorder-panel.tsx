import { useEffect, useRef, useState } from 'react'
import type { ReactElement } from 'react'
import { MAX_RECORDING_SEC, MicRecorder } from '../../../lib/audio/mic-recorder'
import { RECOMMENDED_MAX_SEC, RECOMMENDED_MIN_SEC } from '../../../lib/audio/sample-analysis'
import { formatClock } from '../../../lib/format'
import { readingPassageFor } from '../hooks/reading-passages'

type State = 'idle' | 'starting' | 'recording' | 'stopping'

/**
 * Records a sample from the microphone: a passage to read aloud (in the voice's language when we
 * have one), a timer against the recommended length with its minimum marked, and a live level
 * meter. "Stop" hands a WAV over to the same checks as a chosen file; "Record again" starts over.
 * Recording stops by itself after a minute.
 */
export function MicRecorderPanel(props: {
  hasRecording: boolean
  /** The locale chosen for the voice ("" for none): the passage is read in its language. */
  locale: string
  onRecorded: (wav: Uint8Array, durationSec: number) => void
  onError: (message: string) => void
}): ReactElement {
  const [state, setState] = useState<State>('idle')
  const [level, setLevel] = useState({ rms: 0, peak: 0, seconds: 0 })
  const recorderRef = useRef<MicRecorder | null>(null)
  const stopRef = useRef<() => void>(() => undefined)
  const { onRecorded, onError } = props

  const stop = async (): Promise<void> => {
    const recorder = recorderRef.current
    if (recorder === null) return
    setState('stopping')
    const recording = await recorder.stop()
    setState('idle')
    if (recording === null) onError('Nothing was recorded. Check the microphone and try again.')
    else onRecorded(recording.wav, recording.durationSec)
  }
  useEffect(() => {
    stopRef.current = () => void stop()
  })

  useEffect(() => {
    const recorder = new MicRecorder(
      // The meter falls back slowly (a short hold), so short syllables stay readable.
      (value) =>
        setLevel((previous) => ({ ...value, rms: Math.max(value.rms, previous.rms * 0.8) })),
      () => stopRef.current(),
    )
    recorderRef.current = recorder
    return () => recorder.cancel()
  }, [])

  const start = async (): Promise<void> => {
    const recorder = recorderRef.current
    if (recorder === null) return
    setState('starting')
    setLevel({ rms: 0, peak: 0, seconds: 0 })
    try {
      await recorder.start()
      setState('recording')
    } catch (error) {
      setState('idle')
      onError(error instanceof Error ? error.message : 'The microphone could not be started.')
    }
  }

  return (
    <div className="stack mic-panel" data-testid="mic-panel" data-state={state}>
      <div className="button-row">
        {state === 'recording' || state === 'stopping' ? (
          <button
            type="button"
            className="button button--small button--danger"
            disabled={state === 'stopping'}
            onClick={() => void stop()}
          >
            ■ Stop recording
          </button>
        ) : (
          <button
            type="button"
            className="button button--small"
            disabled={state === 'starting'}
            onClick={() => void start()}
          >
            ● {props.hasRecording ? 'Record again' : 'Record from microphone'}
          </button>
        )}
      </div>
      {state !== 'idle' && (
        <RecordingGuide locale={props.locale} seconds={level.seconds} state={state}>
          <LevelMeter rms={level.rms} peak={level.peak} />
        </RecordingGuide>
      )}
    </div>
  )
}

/**
 * What to read and how long: the passage, then the time against the recommended length with the
 * least length marked on its bar, in words that say when it is long enough.
 */
function RecordingGuide(props: {
  locale: string
  seconds: number
  state: Exclude<State, 'idle'>
  children: ReactElement
}): ReactElement {
  const passage = readingPassageFor(props.locale)
  const { seconds } = props
  const share = Math.min(1, seconds / RECOMMENDED_MAX_SEC)
  const enough = seconds >= RECOMMENDED_MIN_SEC
  const advice =
    seconds >= RECOMMENDED_MAX_SEC
      ? `That is plenty: stop now (recording ends by itself at ${formatClock(MAX_RECORDING_SEC)}).`
      : enough
        ? 'Long enough. Finish the passage, then stop.'
        : `Keep reading: ${RECOMMENDED_MIN_SEC} seconds is the least.`
  return (
    <div className="mic-guide" data-testid="mic-guide">
      <p className="mic-guide__label">Read this aloud, at your normal pace:</p>
      <blockquote className="mic-guide__passage" lang={passage.lang} data-testid="mic-passage">
        {passage.text}
      </blockquote>
      <div className="mic-guide__time">
        <span
          className="mic-panel__time"
          data-testid="mic-elapsed"
          data-seconds={seconds.toFixed(1)}
        >
          {formatClock(seconds)} / {formatClock(RECOMMENDED_MAX_SEC)}
        </span>
        <div
          className="mic-guide__bar"
          role="progressbar"
          aria-label="Recorded"
          aria-valuemin={0}
          aria-valuemax={RECOMMENDED_MAX_SEC}
          aria-valuenow={Math.round(Math.min(seconds, RECOMMENDED_MAX_SEC))}
          aria-valuetext={`${formatClock(seconds)} of ${formatClock(RECOMMENDED_MAX_SEC)}`}
        >
          <div
            className={`mic-guide__fill${enough ? ' mic-guide__fill--enough' : ''}`}
            style={{ width: `${Math.round(share * 100)}%` }}
          />
          <span
            className="mic-guide__min"
            style={{ left: `${(RECOMMENDED_MIN_SEC / RECOMMENDED_MAX_SEC) * 100}%` }}
            data-testid="mic-min-mark"
          >
            <span className="mic-guide__min-label">{RECOMMENDED_MIN_SEC} s</span>
          </span>
        </div>
        <span className="mic-guide__advice" data-testid="mic-advice">
          {props.state === 'starting'
            ? 'Starting the microphone…'
            : props.state === 'stopping'
              ? 'Finishing the recording…'
              : advice}
        </span>
      </div>
      {props.children}
    </div>
  )
}

/**
 * A level meter in dBFS while recording: -60 dB at the left, 0 dB at the right, red when the voice
 * clips; with how to keep a good level under it.
 */
function LevelMeter(props: { rms: number; peak: number }): ReactElement {
  const db = props.rms > 0 ? 20 * Math.log10(props.rms) : -60
  const fill = Math.max(0, Math.min(1, (db + 60) / 60))
  const hot = props.peak >= 0.99
  return (
    <>
      <div className="mic-guide__level">
        <span className="mic-guide__level-label" aria-hidden="true">
          Level
        </span>
        <div
          className="level-meter"
          aria-hidden="true"
          data-testid="level-meter"
          data-level={fill.toFixed(3)}
        >
          <div
            className={`level-meter__fill${hot ? ' level-meter__fill--hot' : ''}`}
            style={{ width: `${Math.round(fill * 100)}%` }}
          />
        </div>
      </div>
      <p className="field__hint">
        Keep the level near the middle, one speaker, no music. It turns red when the voice is too
        loud.
      </p>
    </>
  )
}
