import { AudioLines, Save } from 'lucide-react'
import type { ReactElement } from 'react'
import type { VoiceoverProject } from '../../../../../shared/domain/voiceover'
import { WorkspaceHeader } from '../../../components/workspace-header'
import { MAIN_VOICE_ID, toSpeak, withoutVoice } from '../hooks/line-words'

/**
 * The one primary action, where Script and Voices keep theirs: Render (all lines, or the changed
 * ones), then Save once every line is spoken. While a render runs it steps back: its progress and
 * Cancel are in the status strip below.
 */
function PrimaryAction(props: {
  project: VoiceoverProject
  running: boolean
  onRender: () => void
  onSave: () => void
}): ReactElement {
  const { project, running } = props
  const speak = toSpeak(project.lines)
  const voiceless = withoutVoice(project.lines)
  // Why first: a render with lines that have no voice is refused, so the button offers the fix.
  if (!running && voiceless > 0) {
    return (
      <button
        type="button"
        className="button button--primary"
        onClick={() => document.getElementById(MAIN_VOICE_ID)?.focus()}
        data-testid="vo-choose-voice"
      >
        <AudioLines className="button__icon" aria-hidden="true" focusable="false" />
        {project.speakers.length > 0 ? 'Choose a main voice' : 'Choose a voice'}
      </button>
    )
  }
  if (running || speak > 0) {
    return (
      <button
        type="button"
        className={running ? 'button' : 'button button--primary'}
        onClick={props.onRender}
        disabled={running}
        title={running ? 'A render is under way: its progress and Cancel are below' : undefined}
        data-testid="vo-render-button"
      >
        <AudioLines className="button__icon" aria-hidden="true" focusable="false" />
        {/* Below 1100 px the tails go (Render, Render 1 line) so the file line keeps one row. */}
        {running ? (
          'Rendering…'
        ) : project.track === null ? (
          // One run of words (one flex item), so the left-out tail leaves no gap behind.
          <span>
            Render<span className="vo-wide"> voice-over</span>
          </span>
        ) : (
          <span>
            Render {speak}
            <span className="vo-wide"> changed</span> {speak === 1 ? 'line' : 'lines'}
          </span>
        )}
      </button>
    )
  }
  return (
    <button
      type="button"
      className="button button--primary"
      onClick={props.onSave}
      data-testid="vo-save-button"
    >
      <Save className="button__icon" aria-hidden="true" focusable="false" />
      {project.video === null ? 'Save audio…' : 'Save video…'}
    </button>
  )
}

/** The header's line: the files open, or what the workspace does. */
const describe = (project: VoiceoverProject | undefined): string =>
  project
    ? `${project.subtitleName}${project.video ? ` · ${project.video.name}` : ''}`
    : 'Speak a video’s subtitles, each line on its cue, and save the video with the voice-over.'

/**
 * The workspace's title and what is open, with the project's actions at the top right: opening
 * and saving a project (quiet) and the one primary action.
 */
export function VoiceoverHeader(props: {
  project: VoiceoverProject | undefined
  focusOnMount: boolean
  running: boolean
  busy: boolean
  onRender: () => void
  onSave: () => void
  onSaveProject: () => void
  onOpenProject: () => void
}): ReactElement {
  const { project } = props
  return (
    <div className="vo-header">
      <WorkspaceHeader
        title="Voice-over"
        description={describe(project)}
        focusOnMount={props.focusOnMount}
      />
      {project !== undefined && (
        <div className="button-row vo-header__actions" data-testid="vo-header-actions">
          <button
            type="button"
            className="button"
            onClick={props.onOpenProject}
            disabled={props.busy}
          >
            Open project…
          </button>
          <button
            type="button"
            className="button"
            onClick={props.onSaveProject}
            disabled={props.busy}
            data-testid="vo-save-project"
          >
            Save project…
          </button>
          <PrimaryAction
            project={project}
            running={props.running}
            onRender={props.onRender}
            onSave={props.onSave}
          />
        </div>
      )}
    </div>
  )
}
