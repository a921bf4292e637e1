import { useCallback, useEffect, useState } from 'react'
import type { ReactElement } from 'react'
import { formatOffset } from '../../../../../shared/domain/conversation-format'
import { ErrorNotice } from '../../../components/error-notice'
import { PauseIcon, PlayIcon } from '../../../components/icons'
import type { RecordingState } from '../hooks/use-recording'

const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const

// The element is a DOM object the page drives, not React state: these write to it on purpose.
function seek(audio: HTMLAudioElement, seconds: number): void {
  audio.currentTime = seconds
}

function setRate(audio: HTMLAudioElement, rate: number): void {
  audio.playbackRate = rate
}

interface Playback {
  playing: boolean
  position: number
  duration: number
}

/**
 * The audio element's state, kept in step with its events. `seekTo` moves the position at once,
 * so a second key press on the seek bar starts from where the first one went.
 */
function usePlayback(audio: HTMLAudioElement): Playback & { seekTo: (seconds: number) => void } {
  const [state, setState] = useState<Playback>({ playing: false, position: 0, duration: 0 })
  useEffect(() => {
    const read = (): void =>
      setState({
        playing: !audio.paused && !audio.ended,
        position: audio.currentTime,
        duration: Number.isFinite(audio.duration) ? audio.duration : 0,
      })
    const events = [
      'play',
      'pause',
      'ended',
      'timeupdate',
      'durationchange',
      'seeked',
      'loadedmetadata',
    ]
    for (const name of events) audio.addEventListener(name, read)
    read()
    return () => {
      for (const name of events) audio.removeEventListener(name, read)
    }
  }, [audio])
  const seekTo = useCallback(
    (seconds: number) => {
      seek(audio, seconds)
      setState((previous) => ({ ...previous, position: seconds }))
    },
    [audio],
  )
  return { ...state, seekTo }
}

/** Play/pause, position, a seek bar and the speed, over an audio element without its own controls. */
function Controls(props: { audio: HTMLAudioElement }): ReactElement {
  const { audio } = props
  const playback = usePlayback(audio)
  const [speed, setSpeed] = useState(1)
  const { playing, position, duration, seekTo } = playback
  const time = `${formatOffset(position * 1000)} / ${duration > 0 ? formatOffset(duration * 1000) : '–:––'}`
  return (
    <div className="recording-player" role="group" aria-label="Recording player">
      <button
        type="button"
        className="recording-player__play"
        onClick={() => {
          if (playing) audio.pause()
          else void audio.play().catch(() => undefined)
        }}
        aria-label={playing ? 'Pause the recording' : 'Play the recording'}
        data-testid="recording-play"
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <span className="recording-player__time" data-testid="recording-time">
        {time}
      </span>
      <input
        className="recording-player__seek"
        type="range"
        min={0}
        max={duration > 0 ? duration : 1}
        step={1}
        value={Math.min(position, duration > 0 ? duration : 1)}
        disabled={duration <= 0}
        onChange={(event) => {
          seekTo(Number(event.target.value))
        }}
        aria-label="Position in the recording"
        aria-valuetext={time}
        data-testid="recording-seek"
      />
      <label className="recording-player__speed">
        <span className="visually-hidden">Playback speed</span>
        <select
          className="input recording-player__speed-select"
          value={speed}
          onChange={(event) => {
            const next = Number(event.target.value)
            setRate(audio, next)
            setSpeed(next)
          }}
          data-testid="recording-speed"
        >
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {s}×
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}

/** The recording, downloaded by main and played from a blob: URL, with the app's own controls. */
export function RecordingPlayer(props: {
  state: RecordingState
  final: boolean
  onRetry: () => void
  /** Receives the audio element (for seeking), or null when it goes. */
  onAudio: (audio: HTMLAudioElement | null) => void
}): ReactElement {
  const { state, final, onRetry, onAudio } = props
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null)
  const attach = useCallback(
    (element: HTMLAudioElement | null) => {
      setAudio(element)
      onAudio(element)
    },
    [onAudio],
  )
  return (
    <section className="recording" aria-label="Recording" data-testid="recording">
      <h2 className="visually-hidden">Recording</h2>
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
          <audio ref={attach} preload="auto" src={state.url} data-testid="recording-audio" />
          {audio !== null && <Controls audio={audio} />}
        </>
      )}
    </section>
  )
}
