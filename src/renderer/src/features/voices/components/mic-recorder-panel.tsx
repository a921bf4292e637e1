import { useEffect, useRef, useState } from 'react'
import type { ReactElement } from 'react'
import { MAX_RECORDING_SEC, MicRecorder } from '../../../lib/audio/mic-recorder'
import { formatClock } from '../../../lib/format'

type State = 'idle' | 'starting' | 'recording' | 'stopping'

/**
 * Records a sample from the microphone with a live level meter; "Stop" hands a WAV over,
 * "Record again" starts over. Recording stops by itself after a minute.
 */
export function MicRecorderPanel(props: {
  hasRecording: boolean
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
        {state === 'recording' && (
          <span
            className="mono mic-panel__time"
            data-testid="mic-elapsed"
            data-seconds={level.seconds.toFixed(1)}
          >
            {formatClock(level.seconds)} of {formatClock(MAX_RECORDING_SEC)}
          </span>
        )}
      </div>
      {state === 'recording' && <LevelMeter rms={level.rms} peak={level.peak} />}
    </div>
  )
}

/**
 * A level meter in dBFS while recording: -60 dB at the left, 0 dB at the right, red when the voice
 * clips; with how to read for a good sample under it.
 */
function LevelMeter(props: { rms: number; peak: number }): ReactElement {
  const db = props.rms > 0 ? 20 * Math.log10(props.rms) : -60
  const fill = Math.max(0, Math.min(1, (db + 60) / 60))
  const hot = props.peak >= 0.99
  return (
    <>
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
      <p className="field__hint">
        Read naturally for 10 to 30 seconds, one speaker, no music. Keep the meter in the middle; it
        turns red when the voice is too loud.
      </p>
    </>
  )
}
