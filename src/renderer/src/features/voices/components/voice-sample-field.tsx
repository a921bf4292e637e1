import { useState } from 'react'
import type { ReactElement } from 'react'
import type { VoiceSample, VoiceSampleState } from '../hooks/use-voice-sample'
import { sampleSizeText } from '../hooks/use-voice-sample'
import { MicRecorderPanel } from './mic-recorder-panel'
import { SampleFindings } from './sample-findings'
import { secondsInWords } from '../../../lib/format'
import { SamplePlayer } from './sample-player'

/**
 * The sample part of the "new personal voice" form: drop a file, choose one, or record one; then
 * listen to it and read what the page's check found. `rejected` is the service's own reason when
 * it refused the sample; `problem` is what the form still needs (shown after a first attempt).
 */
export function VoiceSampleField(props: {
  state: VoiceSampleState
  rejected: string | null
  problem: string | null
  /** The locale chosen for the voice ("" for none): what is read aloud is in its language. */
  locale: string
}): ReactElement {
  const { sample, busy, error } = props.state
  const { stageBytes, chooseFile, dropFile, setError } = props.state
  const [dragging, setDragging] = useState(false)

  return (
    <fieldset className="create-voice__section">
      <legend className="create-voice__legend">Sample of the voice</legend>
      <div
        className={`drop-zone${dragging ? ' drop-zone--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault()
          setDragging(false)
          const file = event.dataTransfer.files[0]
          if (file !== undefined) dropFile(file)
        }}
        data-testid="sample-drop-zone"
      >
        <div className="drop-zone__row">
          <span>Drop an audio file here, or</span>
          <button
            type="button"
            className="button button--small"
            onClick={() => void chooseFile()}
            disabled={busy !== null}
          >
            Choose a file…
          </button>
          <span>or</span>
          <MicRecorderPanel
            hasRecording={sample?.origin === 'recording'}
            locale={props.locale}
            onRecorded={(wav, seconds) =>
              void stageBytes(`recording-${Math.round(seconds)}s.wav`, wav, 'recording')
            }
            onError={setError}
          />
        </div>
        <p className="field__hint">
          One person speaking, 10 to 30 seconds, no music. WAV, MP3, Ogg, FLAC or M4A, up to 10 MB.
        </p>
      </div>
      {busy !== null && (
        <p className="field__hint" role="status">
          {busy}
        </p>
      )}
      {sample !== null && <SampleCard sample={sample} />}
      {error !== null && (
        <p className="field__error" role="alert" data-testid="sample-error">
          {error}
        </p>
      )}
      {props.rejected !== null && (
        <p className="field__error" role="alert" data-testid="sample-rejected">
          The service rejected the sample: {props.rejected}
        </p>
      )}
      {props.problem !== null && error === null && (
        <span className="field__error">{props.problem}</span>
      )}
    </fieldset>
  )
}

/** The chosen sample: the app's play button with its name, size and length, and what the check found. */
function SampleCard(props: { sample: VoiceSample }): ReactElement {
  const { sample } = props
  const seconds = sample.check?.measures?.durationSec ?? null
  return (
    <div className="box sample-card" data-testid="sample-card">
      <SamplePlayer url={sample.url} name={sample.staged.fileName} durationSec={seconds}>
        <strong data-testid="sample-name">{sample.staged.fileName}</strong>{' '}
        <span className="field__hint">
          {sampleSizeText(sample.staged.size)}
          {seconds !== null && ` · ${secondsInWords(seconds)}`}
        </span>
      </SamplePlayer>
      {sample.check !== null && <SampleFindings check={sample.check} />}
    </div>
  )
}
