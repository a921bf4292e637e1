import { Pause, Play } from 'lucide-react'
import { useRef } from 'react'
import type { ReactElement, ReactNode, RefObject } from 'react'
import type { VoiceoverProject } from '../../../../../shared/domain/voiceover'
import { cueTime } from '../../../../../shared/domain/cue-time'
import type { PlaybackControls } from '../hooks/use-synced-playback'
import { clockTime, trackSpanMs } from '../hooks/track-shapes'
import { useTrackInput } from '../hooks/use-track-input'
import { useVoiceoverStore } from '../stores/voiceover-store'
import { TrackDrawing, TrackMarks, usePlayhead, useWidth } from './track-drawing'

/** Play or Pause, from the track's time; before a render it says why it can't play. */
function PlayButton(props: { playback: PlaybackControls; canPlay: boolean }): ReactElement {
  const { playback } = props
  return (
    <button
      type="button"
      className="button vo-player__play"
      disabled={!props.canPlay}
      aria-describedby={props.canPlay ? undefined : 'vo-player-hint'}
      onClick={() => (playback.playing ? playback.pause() : playback.playFrom(playback.atMs))}
    >
      {playback.playing ? (
        <Pause className="button__icon" aria-hidden="true" focusable="false" />
      ) : (
        <Play className="button__icon" aria-hidden="true" focusable="false" />
      )}
      {playback.playing ? 'Pause' : 'Play'}
    </button>
  )
}

/**
 * The whole voice-over as one strip: a block per line where it is heard, as long as it is spoken
 * (hatched while estimated), its overrun in the warning colour, gaps left empty, the video's end
 * marked and the playhead. A slider for the keyboard (arrows seek, Enter goes to the line there);
 * a click on a block goes to its row, elsewhere it seeks.
 */
export function VoiceoverTrack(props: {
  project: VoiceoverProject
  playback: PlaybackControls
  audioRef: RefObject<HTMLAudioElement | null>
  canPlay: boolean
  /** Scrolls to a line's row and puts the cursor in its words. */
  onGoToLine: (cue: number) => void
  /** What ends the track's row (Show video, while the video is hidden). */
  children?: ReactNode
}): ReactElement {
  const { project, playback } = props
  const stripRef = useRef<HTMLDivElement>(null)
  const headRef = useRef<HTMLDivElement>(null)
  const width = useWidth(stripRef)
  const selected = useVoiceoverStore((s) => s.selectedCue)
  const endMs = Math.max(project.trackEndMs, 1)
  const spanMs = trackSpanMs(project.lines, project.trackEndMs)
  const atMs = Math.min(playback.atMs, endMs)
  usePlayhead(headRef, props.audioRef, { ms: atMs, playing: playback.playing, spanMs, width })
  const selectedLine =
    selected === null ? undefined : project.lines.find((line) => line.cue === selected)
  const input = useTrackInput({
    stripRef,
    lines: project.lines,
    atMs,
    endMs,
    spanMs,
    seek: playback.seek,
    onGoToLine: props.onGoToLine,
  })

  return (
    <div className="vo-track-row" data-testid="vo-track-row">
      <PlayButton playback={playback} canPlay={props.canPlay} />
      <div
        ref={stripRef}
        className="vo-track"
        role="slider"
        tabIndex={0}
        aria-label="Position"
        aria-valuemin={0}
        aria-valuemax={endMs}
        aria-valuenow={atMs}
        aria-valuetext={`${clockTime(atMs)} of ${clockTime(endMs)}`}
        aria-describedby="vo-track-keys"
        onPointerDown={input.onPointerDown}
        onPointerMove={input.onPointerMove}
        onKeyDown={input.onKeyDown}
        data-testid="vo-track"
      >
        {width > 0 && (
          <TrackDrawing
            lines={project.lines}
            spanMs={spanMs}
            width={width}
            videoEndMs={project.video === null ? null : endMs}
          />
        )}
        <TrackMarks
          endMs={endMs}
          spanMs={spanMs}
          width={width}
          hasVideo={project.video !== null}
          selected={selectedLine}
        />
        <div ref={headRef} className="vo-track__playhead" />
      </div>
      <span className="vo-player__time" data-testid="vo-player-time">
        {cueTime(atMs)} / {cueTime(endMs)}
      </span>
      {props.children}
      <span className="visually-hidden" id="vo-track-keys">
        Every line as a block on the voice-over&apos;s timeline. Left and Right move a second, Enter
        goes to the line at that time.
      </span>
    </div>
  )
}
