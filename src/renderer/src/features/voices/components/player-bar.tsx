import type { ReactElement } from 'react'
import type { PlaybackSnapshot } from '../../../lib/audio/playback'
import { formatClock } from '../../../lib/format'
import { usePlayback, useVoicePlayers } from '../hooks/use-voice-players'
import { useVoicesUiStore } from '../stores/voices-ui-store'

function clock(seconds: number | null): string {
  return seconds === null || !Number.isFinite(seconds) ? '–:––' : formatClock(seconds)
}

const STATUS_TEXT: Record<PlaybackSnapshot['status'], string> = {
  idle: '',
  loading: 'Loading…',
  playing: 'Playing',
  ended: 'Finished',
  error: 'Could not play',
}

/**
 * What is playing now (preview or trial), with its position and a Stop button; hidden while
 * nothing plays (it stays in the page for its state attributes).
 */
export function PlayerBar(props: { onStop: () => void }): ReactElement {
  const players = useVoicePlayers()
  const preview = usePlayback(players.preview)
  const trial = usePlayback(players.trial)
  const active = useVoicesUiStore((s) => s.activePlayer)
  const snapshot = active === 'trial' ? trial : preview
  const busy = snapshot.status === 'loading' || snapshot.status === 'playing'
  // Shown only while there is something to hear or to know: idle and finished have nothing to say.
  const shown = busy || snapshot.status === 'error'
  return (
    <div
      hidden={!shown}
      className={`row player-bar player-bar--${snapshot.status}`}
      data-testid="player"
      data-status={snapshot.status}
      data-source={active}
      data-position={snapshot.positionSec.toFixed(2)}
    >
      <div className="player-bar__text" role="status" aria-live="polite">
        <span className="player-bar__status">{STATUS_TEXT[snapshot.status]}</span>
        {snapshot.label !== null && <span className="player-bar__label">{snapshot.label}</span>}
        {snapshot.status === 'error' && snapshot.error !== null && (
          <span className="player-bar__error" data-testid="player-error">
            {snapshot.error}
          </span>
        )}
      </div>
      {(snapshot.status === 'playing' || snapshot.status === 'ended') && (
        <span className="player-bar__time mono">
          {clock(snapshot.positionSec)} / {clock(snapshot.durationSec)}
        </span>
      )}
      <button
        type="button"
        className="button button--small"
        disabled={!busy}
        onClick={props.onStop}
      >
        Stop
      </button>
    </div>
  )
}
