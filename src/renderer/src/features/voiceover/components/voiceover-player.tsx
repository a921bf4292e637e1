import { Eye, EyeOff, Film, Pause, Play } from 'lucide-react'
import type { ReactElement, ReactNode, RefObject } from 'react'
import type { VoiceoverProject } from '../../../../../shared/domain/voiceover'
import { cueTime } from '../../../../../shared/domain/cue-time'
import type { PlaybackControls } from '../hooks/use-synced-playback'
import { useVoiceoverStore } from '../stores/voiceover-store'

/** Hides the video's picture (it keeps playing in step) so the lines get its room, or shows it. */
function VideoShownToggle(props: { shown: boolean; onToggle: () => void }): ReactElement {
  const { shown } = props
  return (
    <button
      type="button"
      className="button button--small vo-player__show"
      aria-controls="vo-video"
      aria-expanded={shown}
      onClick={props.onToggle}
    >
      {shown ? (
        <EyeOff className="button__icon" aria-hidden="true" focusable="false" />
      ) : (
        <Eye className="button__icon" aria-hidden="true" focusable="false" />
      )}
      {shown ? 'Hide video' : 'Show video'}
    </button>
  )
}

/** The save choice beside the video it is about: keep its own sound as a second track. */
function KeepOriginal(props: { keep: boolean; onChange: (keep: boolean) => void }): ReactElement {
  return (
    <label className="vo-player__check">
      <input
        type="checkbox"
        checked={props.keep}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      Keep the video’s own sound as a second track
    </label>
  )
}

/** Where the video goes before one is added: what you hear, and Add video (so the toolbar keeps
 * one row at 1280). */
function NoVideo(props: { onChooseVideo: () => void; busy: boolean }): ReactElement {
  return (
    <div className="vo-player__no-video">
      <span>
        No video added
        <span className="vo-player__no-video-tail">: you hear the voice-over alone</span>.
      </span>
      <button
        type="button"
        className="button button--small"
        onClick={props.onChooseVideo}
        disabled={props.busy}
      >
        <Film className="button__icon" aria-hidden="true" focusable="false" />
        Add video…
      </button>
    </div>
  )
}

/**
 * The video, muted, with the rendered voice-over playing in step with it (Play from any line
 * puts both at its cue). Without a video, the voice-over alone.
 */
export function VoiceoverPlayer(props: {
  project: VoiceoverProject
  videoUrl: string | null
  trackUrl: string | null
  videoRef: RefObject<HTMLVideoElement | null>
  audioRef: RefObject<HTMLAudioElement | null>
  playback: PlaybackControls
  /** Save choice, beside the video it is about: keep its own sound as a second track. */
  keepOriginal: boolean
  onKeepOriginal: (keep: boolean) => void
  /** Adds the video (main's dialog), offered where the video would be. */
  onChooseVideo: () => void
  busy: boolean
  /** The other save choices, under the video's. */
  children?: ReactNode
}): ReactElement {
  const { project, playback, trackUrl, videoUrl, videoRef, audioRef } = props
  const shown = useVoiceoverStore((s) => s.videoShown)
  const setShown = useVoiceoverStore((s) => s.setVideoShown)
  return (
    <div className="vo-player" data-testid="vo-player">
      {project.video ? (
        // Hidden, the video stays mounted (only its picture goes) so playback keeps in step.
        <video
          ref={videoRef}
          className={`vo-player__video${shown ? '' : ' vo-player__video--hidden'}`}
          id="vo-video"
          src={videoUrl ?? undefined}
          muted
          playsInline
          preload="metadata"
          aria-label={`${project.video.name}, muted: you hear the voice-over`}
        />
      ) : (
        <NoVideo onChooseVideo={props.onChooseVideo} busy={props.busy} />
      )}
      <audio ref={audioRef} src={trackUrl ?? undefined} preload="auto" />
      <div className="vo-player__controls">
        <button
          type="button"
          className="button vo-player__play"
          disabled={trackUrl === null}
          aria-describedby={trackUrl === null ? 'vo-player-hint' : undefined}
          onClick={() => (playback.playing ? playback.pause() : playback.playFrom(playback.atMs))}
        >
          {playback.playing ? (
            <Pause className="button__icon" aria-hidden="true" focusable="false" />
          ) : (
            <Play className="button__icon" aria-hidden="true" focusable="false" />
          )}
          {playback.playing ? 'Pause' : 'Play'}
        </button>
        <input
          type="range"
          className="vo-player__position"
          aria-label="Position"
          aria-valuetext={`${cueTime(playback.atMs)} of ${cueTime(project.trackEndMs)}`}
          min={0}
          max={Math.max(project.trackEndMs, 1)}
          step={100}
          value={Math.min(playback.atMs, project.trackEndMs)}
          disabled={trackUrl === null && videoUrl === null}
          onChange={(event) => playback.seek(Number(event.target.value))}
          data-testid="vo-player-position"
        />
        <span className="vo-player__time" data-testid="vo-player-time">
          {cueTime(playback.atMs)} / {cueTime(project.trackEndMs)}
        </span>
        {project.video !== null && (
          <VideoShownToggle shown={shown} onToggle={() => setShown(!shown)} />
        )}
        {project.video !== null && (
          <KeepOriginal keep={props.keepOriginal} onChange={props.onKeepOriginal} />
        )}
        {trackUrl === null && (
          <span className="vo-player__hint" id="vo-player-hint">
            Render the voice-over to hear it.
          </span>
        )}
        {props.children}
      </div>
    </div>
  )
}
