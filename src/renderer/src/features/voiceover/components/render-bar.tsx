import { AudioLines, Save } from 'lucide-react'
import type { ReactElement } from 'react'
import type { VoiceoverProject } from '../../../../../shared/domain/voiceover'
import { formatClock } from '../../../lib/format'
import type { RenderState } from '../stores/voiceover-store'
import { linesWord, overflowing, toSpeak } from '../hooks/line-words'

const STAGES = { speaking: 'Speaking', fitting: 'Fitting', writing: 'Writing the track' } as const

/** The project's verdict in words (too long first), and the one next step: render, or save. */
export function RenderBar(props: {
  project: VoiceoverProject
  render: RenderState
  onRender: () => void
  onCancel: () => void
  onSave: () => void
}): ReactElement {
  const { project, render } = props
  const over = overflowing(project.lines)
  const speak = toSpeak(project.lines)
  const running = render.kind === 'running'
  const progress = running ? render.progress : null
  const fraction = progress && progress.total > 0 ? progress.done / progress.total : 0
  return (
    <div className="vo-render" data-testid="vo-render">
      <p className="vo-render__summary" data-testid="vo-summary">
        <strong>{linesWord(project.lines.length)}</strong>
        {over > 0 ? (
          <span className="vo-render__over"> · {linesWord(over)} too long for their slot</span>
        ) : (
          <span> · every line fits</span>
        )}
        {project.track !== null && speak === 0 && (
          <span> · voice-over ready, {formatClock(project.track.durationMs / 1000)}</span>
        )}
        {project.track !== null && speak > 0 && <span> · {linesWord(speak)} changed</span>}
      </p>
      {running ? (
        <div className="vo-render__progress" role="status" data-testid="vo-progress">
          <progress max={1} value={fraction} aria-label="Render progress" />
          <span>
            {progress === null
              ? 'Starting…'
              : progress.stage === 'writing'
                ? STAGES.writing
                : `${STAGES[progress.stage]} ${progress.done} of ${progress.total}`}
          </span>
          <button type="button" className="button button--small" onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      ) : speak > 0 ? (
        <button
          type="button"
          className="button button--primary"
          onClick={props.onRender}
          data-testid="vo-render-button"
        >
          <AudioLines className="button__icon" aria-hidden="true" focusable="false" />
          {project.track === null
            ? 'Render voice-over'
            : `Render ${speak} changed ${speak === 1 ? 'line' : 'lines'}`}
        </button>
      ) : (
        <button
          type="button"
          className="button button--primary"
          onClick={props.onSave}
          data-testid="vo-save-button"
        >
          <Save className="button__icon" aria-hidden="true" focusable="false" />
          {project.video === null ? 'Save audio…' : 'Save video…'}
        </button>
      )}
    </div>
  )
}
