import type { ReactElement } from 'react'
import type {
  VoiceoverFit,
  VoiceoverLine,
  VoiceoverProject,
} from '../../../../../shared/domain/voiceover'
import { ErrorNotice } from '../../../components/error-notice'
import { DismissRow, Notice } from '../../../components/notice'
import { useVoiceListQuery } from '../../../lib/shared-state/voice-library'
import { useVoiceoverProject } from '../api/voiceover-api'
import { lineNextStep } from '../hooks/line-words'
import { useMediaUrl } from '../hooks/use-media-url'
import { usePickerRequest } from '../hooks/use-open-voiceover-cast'
import { useSyncedPlayback } from '../hooks/use-synced-playback'
import { useVoiceoverActions } from '../hooks/use-voiceover-actions'
import { useVoiceoverStore } from '../stores/voiceover-store'
import { LineRow } from './line-row'
import { OverlapQuestion } from './overlap-question'
import { RenderBar } from './render-bar'
import { SaveChoices } from './save-choices'
import { VoiceoverEmpty } from './voiceover-empty'
import { VoiceoverHeader } from './voiceover-header'
import { VideoShownToggle, VoiceoverPlayer } from './voiceover-player'
import { VoiceoverToolbar } from './voiceover-toolbar'
import { VoiceoverTrack } from './voiceover-track'
import './voiceover.css'

const videoType = (name: string): string =>
  name.toLowerCase().endsWith('.webm')
    ? 'video/webm'
    : name.toLowerCase().endsWith('.mkv')
      ? 'video/x-matroska'
      : 'video/mp4'

/** The project's video and rendered track as URLs the page can play. */
function useProjectMedia(project: VoiceoverProject | undefined) {
  const id = project?.projectId ?? ''
  const video = project?.video ?? null
  const track = project?.track ?? null
  const videoUrl = useMediaUrl(
    id,
    'video',
    video ? { bytes: video.bytes, version: video.name, type: videoType(video.name) } : null,
  )
  const trackUrl = useMediaUrl(
    id,
    'track',
    track ? { bytes: track.bytes, version: track.finishedAt, type: 'audio/wav' } : null,
  )
  return { videoUrl, trackUrl }
}

/** The cue of the row an element is in (rows carry it as data-cue), or null. */
const focusedCue = (target: EventTarget): number | null => {
  const row = target instanceof Element ? target.closest('[data-cue]') : null
  const cue = Number(row?.getAttribute('data-cue'))
  return Number.isInteger(cue) && cue > 0 ? cue : null
}

/** Scrolls to a line's row and puts the cursor in its words (a click on the track's block). */
function goToLine(cue: number): void {
  const row = document.querySelector<HTMLElement>(`[data-testid="vo-line"][data-cue="${cue}"]`)
  row?.scrollIntoView({ block: 'nearest' })
  row?.querySelector<HTMLTextAreaElement>('textarea')?.focus({ preventScroll: true })
}

/** Every line, one row each, in cue order. */
function LineList(props: {
  project: VoiceoverProject
  onPlay: (ms: number) => void
  onEdit: (line: VoiceoverLine, text: string) => void
  onFit: (line: VoiceoverLine, fit: VoiceoverFit) => void
  onPace: (maxRate: number) => void
  /** A row got the focus: the track outlines its line. */
  onFocusLine: (cue: number | null) => void
}): ReactElement {
  const { project } = props
  const voices = useVoiceListQuery({ staleTime: 60_000, retry: false })
  const names = new Map((voices.data ?? []).map((v) => [v.id, v.displayName]))
  const nameOf = (id: string | null): string | null => (id === null ? null : (names.get(id) ?? id))
  return (
    <div className="vo-lines">
      <div className="vo-lines__head" aria-hidden="true">
        <span />
        <span>Cue</span>
        <span>Who</span>
        <span>Words</span>
        <span>Time</span>
        <span>Result</span>
      </div>
      <ol
        className="vo-lines__list"
        aria-label="Lines"
        data-testid="vo-lines"
        onFocus={(event) => props.onFocusLine(focusedCue(event.target))}
      >
        {project.lines.map((line, i) => (
          <LineRow
            key={line.cue}
            line={line}
            last={i === project.lines.length - 1}
            canPlay={project.track !== null}
            changed={project.track !== null && line.needsSpeaking}
            nextStep={lineNextStep(project.lines, i, project.settings.maxRate)}
            voiceName={nameOf(line.voiceId)}
            projectFit={project.settings.fit}
            maxRate={project.settings.maxRate}
            onPlay={(l) => props.onPlay(l.startMs)}
            onEdit={props.onEdit}
            onFit={props.onFit}
            onPace={props.onPace}
          />
        ))}
      </ol>
    </div>
  )
}

/** What the last action said: its error, the overlap question, or the file saved. */
function WorkspaceNotices(props: {
  actions: ReturnType<typeof useVoiceoverActions>
}): ReactElement {
  const { actions } = props
  return (
    <>
      {actions.error !== null && (
        <ErrorNotice
          error={actions.error}
          testId="vo-error"
          action={{ label: 'Dismiss', onClick: actions.dismissError }}
        />
      )}
      {actions.question !== null && (
        <OverlapQuestion
          question={actions.question}
          busy={actions.pending}
          onChoose={(choice) => void actions.answer(choice)}
          onCancel={actions.dismissQuestion}
        />
      )}
      {actions.note !== null && (
        <Notice tone="warning" title="The video was not found" testId="vo-missing-video">
          <p className="notice__text">
            {actions.note} is no longer where this project was saved. The lines opened without it;
            add it again with Add video….
          </p>
          <DismissRow onDismiss={actions.dismissNote} />
        </Notice>
      )}
      {actions.saved !== null && (
        <Notice tone="success" title="Saved" testId="vo-saved">
          <p className="notice__text">{actions.saved} is ready.</p>
        </Notice>
      )}
    </>
  )
}

/** The body's layout: the video shown, hidden, or not added (voiceover.css places each). */
const bodyLayout = (project: VoiceoverProject, shown: boolean): string =>
  project.video === null ? 'vo-body--no-video' : shown ? 'vo-body--video' : 'vo-body--video-hidden'

/** The video and the track with its choices, and the lines (voiceover.css places them). */
function VoiceoverBody(props: {
  project: VoiceoverProject
  media: ReturnType<typeof useProjectMedia>
  playback: ReturnType<typeof useSyncedPlayback>
  actions: ReturnType<typeof useVoiceoverActions>
  busy: boolean
}): ReactElement {
  const { project, media, actions, busy } = props
  const { videoRef, audioRef, controls } = props.playback
  const keepOriginal = useVoiceoverStore((s) => s.keepOriginal)
  const setKeepOriginal = useVoiceoverStore((s) => s.setKeepOriginal)
  const videoShown = useVoiceoverStore((s) => s.videoShown)
  const setSelectedCue = useVoiceoverStore((s) => s.setSelectedCue)
  return (
    <div className={`vo-body ${bodyLayout(project, videoShown)}`}>
      <VoiceoverPlayer
        project={project}
        videoUrl={media.videoUrl}
        trackUrl={media.trackUrl}
        videoRef={videoRef}
        audioRef={audioRef}
        keepOriginal={keepOriginal}
        onKeepOriginal={setKeepOriginal}
        onChooseVideo={() => void actions.addVideo()}
        busy={busy || actions.pending}
        track={
          <VoiceoverTrack
            project={project}
            playback={controls}
            audioRef={audioRef}
            canPlay={media.trackUrl !== null}
            onGoToLine={(cue) => {
              setSelectedCue(cue)
              goToLine(cue)
            }}
          >
            {project.video !== null && !videoShown && <VideoShownToggle />}
          </VoiceoverTrack>
        }
      >
        <SaveChoices
          project={project}
          onSaveReport={() => void actions.saveReport()}
          onSaveRetimed={() => void actions.saveRetimed()}
        />
      </VoiceoverPlayer>
      <LineList
        project={project}
        onPlay={(ms) => controls.playFrom(ms)}
        onEdit={(line, text) => void actions.edit(line, text)}
        onFit={(line, fit) => void actions.lineFit(line, fit)}
        onPace={(maxRate) => void actions.settings({ maxRate })}
        onFocusLine={(cue) => cue !== null && setSelectedCue(cue)}
      />
    </div>
  )
}

/**
 * The Voice-over workspace: subtitles (and a video) opened into a project, every line with its
 * slot, its spoken length and its overflow in words, edited in place; render, play the video
 * muted with the voice-over from any line, and save.
 */
export function VoiceoverWorkspace(props: {
  focusOnMount?: boolean
  /** False when no API key is set: rendering needs one, checking the timing does not. */
  hasKey?: boolean
  onOpenAccount?: () => void
}): ReactElement {
  const projectId = useVoiceoverStore((s) => s.projectId)
  const render = useVoiceoverStore((s) => s.render)
  const { data: project } = useVoiceoverProject(projectId)
  const actions = useVoiceoverActions(projectId)
  usePickerRequest(() => void actions.open())
  const media = useProjectMedia(project)
  const { videoRef, audioRef, controls } = useSyncedPlayback(media.trackUrl)
  const busy = render.kind === 'running'

  return (
    <section
      className="workspace workspace--fill workspace--voiceover"
      aria-labelledby="workspace-title"
      data-testid="workspace"
    >
      <VoiceoverHeader
        project={project}
        focusOnMount={props.focusOnMount ?? false}
        running={busy}
        busy={actions.pending || busy}
        onRender={() => void actions.render()}
        onSave={() => void actions.save()}
        onSaveProject={() => void actions.saveProject()}
        onOpenProject={() => void actions.openProject()}
      />
      <WorkspaceNotices actions={actions} />
      {!project ? (
        <VoiceoverEmpty
          onOpen={() => void actions.open()}
          onOpenProject={() => void actions.openProject()}
          onSample={() => void actions.openSample()}
          busy={actions.pending}
          hasKey={props.hasKey ?? true}
          onOpenAccount={() => props.onOpenAccount?.()}
        />
      ) : (
        <>
          <VoiceoverToolbar project={project} onSettings={(s) => void actions.settings(s)} />
          <RenderBar project={project} render={render} onCancel={() => void actions.cancel()} />
          <VoiceoverBody
            project={project}
            media={media}
            playback={{ videoRef, audioRef, controls }}
            actions={actions}
            busy={busy}
          />
        </>
      )}
    </section>
  )
}
