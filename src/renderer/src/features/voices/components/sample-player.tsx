import { Play, Square } from 'lucide-react'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { ReactElement, ReactNode } from 'react'
import { followAudioElement, PlaybackState } from '../../../lib/audio/playback'
import { formatClock } from '../../../lib/format'
import { stopVoicePreview } from '../../../lib/shared-state/voice-preview'
import '../../../components/voice-play-button.css'

function clock(seconds: number | null): string {
  return seconds === null || !Number.isFinite(seconds) ? '–:––' : formatClock(seconds, Math.round)
}

/**
 * The chosen sample's player: the app's round Play / Stop button (as on every voice), how far it
 * has played, and its length. Why not the browser's own player: it looks like no other control in
 * the app, and its menu offers a download of a file that is already the user's. Starting it stops
 * a voice preview, so two sounds never play at once.
 */
export function SamplePlayer(props: {
  url: string
  name: string
  durationSec: number | null
  /** What is shown beside the button: the sample's name and size. */
  children: ReactNode
}): ReactElement {
  const audioRef = useRef<HTMLAudioElement>(null)
  const [state] = useState(() => new PlaybackState())
  const snapshot = useSyncExternalStore(state.subscribe, state.getSnapshot)
  useEffect(() => {
    const audio = audioRef.current
    if (audio === null) return
    state.reset()
    const detach = followAudioElement(audio, state)
    return () => {
      detach()
      audio.pause()
    }
  }, [state, props.url])

  const playing = snapshot.status === 'playing' || snapshot.status === 'loading'
  const duration = snapshot.durationSec ?? props.durationSec
  const share =
    duration === null || duration <= 0 ? 0 : Math.min(1, snapshot.positionSec / duration)
  const Icon = playing ? Square : Play
  const toggle = (): void => {
    const audio = audioRef.current
    if (audio === null) return
    if (playing) {
      audio.pause()
      audio.currentTime = 0
      state.set({ status: 'idle', positionSec: 0 })
      return
    }
    stopVoicePreview()
    state.set({ status: 'loading', error: null })
    audio.play().catch(() => {
      state.set({ status: 'error', error: 'This sample could not be played. Choose it again.' })
    })
  }

  return (
    <div className="sample-player" data-testid="sample-player" data-status={snapshot.status}>
      <audio ref={audioRef} src={props.url} preload="metadata" />
      <button
        type="button"
        className={`voice-play${playing ? ' voice-play--active' : ''}`}
        aria-label={`${playing ? 'Stop' : 'Play'} the sample ${props.name}`}
        title={playing ? 'Stop the sample' : 'Play the sample'}
        onClick={toggle}
      >
        <Icon className="voice-play__icon" aria-hidden="true" focusable="false" />
      </button>
      <span className="sample-player__about">{props.children}</span>
      <span className="sample-player__track" aria-hidden="true">
        <span className="sample-player__done" style={{ width: `${share * 100}%` }} />
      </span>
      <span className="sample-player__time mono">
        {clock(snapshot.positionSec)} / {clock(duration)}
      </span>
      {snapshot.status === 'error' && snapshot.error !== null && (
        <span className="field__error" role="alert">
          {snapshot.error}
        </span>
      )}
    </div>
  )
}
