import { Eye, EyeOff, Film } from 'lucide-react'
import type { ReactElement, ReactNode, RefObject } from 'react'
import type { VoiceoverProject } from '../../../../../shared/domain/voiceover'
import { useVoiceoverStore } from '../stores/voiceover-store'

/** The one Hide/Show video button, wherever it is drawn. */
const TOGGLE_ID = 'vo-video-toggle'

/**
 * Hides the video's picture (it keeps playing in step) so the lines get its room, or shows it.
 * Shown, it sits with the video's choices; hidden, at the end of the track, which then spans the
 * page. The focus follows it from one place to the other.
 */
export function VideoShownToggle(): ReactElement {
  const shown = useVoiceoverStore((s) => s.videoShown)
  const setShown = useVoiceoverStore((s) => s.setVideoShown)
  const onToggle = (): void => {
    setShown(!shown)
    requestAnimationFrame(() => document.getElementById(TOGGLE_ID)?.focus())
  }
  return (
    <button
      type="button"
      id={TOGGLE_ID}
      className="button button--small vo-player__show"
      aria-controls="vo-video"
      aria-expanded={shown}
      onClick={onToggle}
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
      {/* Why "for editing": the saved video plays the voice-over; players and upload sites
          leave the extra track silent, so it is no way to keep the music under the voice. */}
      Keep the original sound as an extra track, for editing
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
 * puts both at its cue), and the choices about it. Without a video, the voice-over alone. Play
 * and the position are on the track (voiceover-track.tsx), under or beside it.
 */
export function VoiceoverPlayer(props: {
  project: VoiceoverProject
  videoUrl: string | null
  trackUrl: string | null
  videoRef: RefObject<HTMLVideoElement | null>
  audioRef: RefObject<HTMLAudioElement | null>
  /** Save choice, beside the video it is about: keep its own sound as a second track. */
  keepOriginal: boolean
  onKeepOriginal: (keep: boolean) => void
  /** Adds the video (main's dialog), offered where the video would be. */
  onChooseVideo: () => void
  busy: boolean
  /** The track with Play and the time: beside the video, or (wide windows) across the page. */
  track: ReactNode
  /** The other save choices, under the video's. */
  children?: ReactNode
}): ReactElement {
  const { project, trackUrl, videoUrl, videoRef, audioRef } = props
  const shown = useVoiceoverStore((s) => s.videoShown)
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
      <div className="vo-player__side">
        {props.track}
        <div className="vo-player__controls">
          {project.video !== null && shown && <VideoShownToggle />}
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
    </div>
  )
}
