import { Pause, Play } from 'lucide-react'
import type { ReactElement, RefObject } from 'react'
import type { VoiceoverProject } from '../../../../../shared/domain/voiceover'
import { IconButton } from '../../../components/ui/icon-button'
import { cueTime } from '../hooks/line-words'
import type { PlaybackControls } from '../hooks/use-synced-playback'

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
}): ReactElement {
  const { project, playback, trackUrl, videoUrl, videoRef, audioRef } = props
  return (
    <div className="vo-player" data-testid="vo-player">
      {project.video ? (
        <video
          ref={videoRef}
          className="vo-player__video"
          src={videoUrl ?? undefined}
          muted
          playsInline
          preload="metadata"
          aria-label={`${project.video.name}, muted: you hear the voice-over`}
        />
      ) : (
        <div className="vo-player__no-video">No video added: you hear the voice-over alone.</div>
      )}
      <audio ref={audioRef} src={trackUrl ?? undefined} preload="auto" />
      <div className="vo-player__controls">
        <IconButton
          icon={playback.playing ? Pause : Play}
          label={playback.playing ? 'Pause' : 'Play'}
          hint={trackUrl === null ? 'Render the voice-over to hear it' : undefined}
          disabled={trackUrl === null}
          onClick={() => (playback.playing ? playback.pause() : playback.playFrom(playback.atMs))}
        />
        <span className="vo-player__time" data-testid="vo-player-time">
          {cueTime(playback.atMs)} / {cueTime(project.trackEndMs)}
        </span>
      </div>
    </div>
  )
}
