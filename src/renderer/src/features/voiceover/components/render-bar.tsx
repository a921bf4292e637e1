import { TriangleAlert } from 'lucide-react'
import { Disclosure } from '../../../components/ui/disclosure'
import type { ReactElement, ReactNode } from 'react'
import type { VoiceoverProject } from '../../../../../shared/domain/voiceover'
import { formatClock } from '../../../lib/format'
import type { RenderState } from '../stores/voiceover-store'
import {
  charactersWord,
  linesWord,
  overflowing,
  overrunWarning,
  startingLate,
  toSpeak,
  withoutVoice,
} from '../hooks/line-words'
import { laneParts } from './line-lane'

/** "no line has a voice yet" / "2 lines have no voice yet": the next step, not a failure. */
const voicelessWords = (voiceless: number, all: number): ReactNode =>
  voiceless === all ? (
    <>
      no<span className="vo-wide"> line has a</span> voice yet
    </>
  ) : (
    `${linesWord(voiceless)} ${voiceless === 1 ? 'has' : 'have'} no voice yet`
  )

/**
 * "2 lines too long for their slot", and below 1100 px "2 too long": the tail words are left out
 * (never cut), so the summary and the legend keep one line at 1024.
 */
const countWords = (n: number, rest: string, tail = ''): ReactNode => (
  <>
    {n.toLocaleString()}
    <span className="vo-wide">{n === 1 ? ' line' : ' lines'}</span> {rest}
    {tail !== '' && <span className="vo-wide"> {tail}</span>}
  </>
)

const STAGES = { speaking: 'Speaking', fitting: 'Fitting', writing: 'Writing the track' } as const

/**
 * The verdict on one line: ready (and how long) or how many lines are too long; lines still running
 * over are counted in amber there; the characters used and what saving does to lines that run
 * over are one "Details" away, so the line list keeps the room.
 */
function RenderSummary(props: { project: VoiceoverProject; ready: boolean }): ReactElement {
  const { project, ready } = props
  const over = overflowing(project.lines)
  const late = startingLate(project.lines)
  const speak = toSpeak(project.lines)
  const voiceless = withoutVoice(project.lines)
  const warning = overrunWarning(project.lines, project.settings)
  return (
    <div className="vo-render__text">
      {ready && project.track !== null ? (
        <p className="vo-render__summary" data-testid="vo-summary">
          <strong>Voice-over ready</strong>
          <span> · {formatClock(project.track.durationMs / 1000)} long</span>
          {warning !== null && (
            <span className="vo-render__over">
              {' '}
              ·{' '}
              <TriangleAlert
                className="vo-render__warn-icon"
                aria-hidden="true"
                focusable="false"
              />{' '}
              {countWords(over, 'run over')}
            </span>
          )}
        </p>
      ) : (
        <p className="vo-render__summary" data-testid="vo-summary">
          <strong>{linesWord(project.lines.length)}</strong>
          {over > 0 ? (
            <span className="vo-render__over">
              {' '}
              · {countWords(over, 'too long', 'for their slot')}
            </span>
          ) : (
            <span> · every line fits</span>
          )}
          {late > 0 && (
            // Counted apart: a line pushed late is not itself too long; the line before is.
            <span data-testid="vo-late">
              {' '}
              · {late.toLocaleString()} {late === 1 ? 'starts' : 'start'} late
            </span>
          )}
          {voiceless > 0 && (
            <span data-testid="vo-voiceless">
              {' '}
              · {voicelessWords(voiceless, project.lines.length)}
            </span>
          )}
          {project.track !== null && speak > 0 && (
            <span> · {countWords(speak, 'changed', 'since the last render')}</span>
          )}
        </p>
      )}
      {ready && project.track !== null && (
        <Disclosure summary="Details" className="vo-render__details" testId="vo-details">
          <p className="vo-render__detail">
            {linesWord(project.lines.length)}; the last render used{' '}
            {charactersWord(project.track.characters)}.
          </p>
          {warning !== null && (
            <p className="vo-render__warn" data-testid="vo-overrun">
              {warning}
            </p>
          )}
        </Disclosure>
      )}
    </div>
  )
}

/** What the Time column's bars mean, for the kinds the lines show now (never a colour alone). */
function LaneLegend(props: { project: VoiceoverProject }): ReactElement | null {
  const { lines } = props.project
  const keys = [
    { show: true, kind: 'slot', words: 'Slot' },
    { show: lines.some((l) => l.measured), kind: 'spoken', words: 'Spoken' },
    {
      show: lines.some((l) => !l.measured),
      kind: 'estimated',
      words: 'Estimated',
      tail: ', not rendered',
    },
    // No key for the thin line of a late start: the row says "Starts … late" beside it, and a
    // fourth key wrapped the legend at 1024, pushing the last cue off screen.
    { show: lines.some((l) => laneParts(l).over > 0), kind: 'over', words: 'Runs over' },
  ].filter((k) => k.show)
  if (keys.length === 0) return null
  return (
    <ul className="vo-legend" aria-label="Time bars" data-testid="vo-legend">
      {keys.map((k) => (
        <li key={k.kind} className={`vo-legend__item vo-legend__item--${k.kind}`}>
          <span className={`vo-legend__swatch vo-legend__swatch--${k.kind}`} aria-hidden="true" />
          <span>
            {k.words}
            {k.tail !== undefined && <span className="vo-wide">{k.tail}</span>}
          </span>
        </li>
      ))}
    </ul>
  )
}

/**
 * The project's verdict in words (how many lines are too long, or the finished track and its
 * details), what the Time bars mean, and a running render's progress with Cancel. The one primary
 * action (Render, Save) is in the header, where every workspace keeps it.
 */
export function RenderBar(props: {
  project: VoiceoverProject
  render: RenderState
  onCancel: () => void
}): ReactElement {
  const { project, render } = props
  const speak = toSpeak(project.lines)
  const running = render.kind === 'running'
  const progress = running ? render.progress : null
  const fraction = progress && progress.total > 0 ? progress.done / progress.total : 0
  const ready = project.track !== null && speak === 0 && !running
  return (
    <div className="vo-render" data-testid="vo-render">
      <RenderSummary project={project} ready={ready} />
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
      ) : (
        <LaneLegend project={project} />
      )}
    </div>
  )
}
