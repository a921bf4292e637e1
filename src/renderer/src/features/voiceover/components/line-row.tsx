import { Gauge, Pencil, Play } from 'lucide-react'
import { useState } from 'react'
import type { KeyboardEvent, ReactElement } from 'react'
import { IconButton } from '../../../components/ui/icon-button'
import type { VoiceoverFit, VoiceoverLine } from '../../../../../shared/domain/voiceover'
import { cueTime } from '../../../../../shared/domain/cue-time'
import { FIT_CHOICES, fasterPace, lineVerdict, shortSeconds } from '../hooks/line-words'
import { LineLane } from './line-lane'
import './line-row.css'

/**
 * A line's own fit, out of the way: a small control at the end of the row, shown when the row is
 * pointed at or holds the focus (Tab reaches it), and always when the line has a fit of its own
 * (marked with its name, so it is not mistaken for the project's choice). Choosing the project's
 * fit again clears the line's own.
 */
function LineFit(props: {
  line: VoiceoverLine
  projectFit: VoiceoverFit
  onFit: (line: VoiceoverLine, fit: VoiceoverFit) => void
}): ReactElement {
  const { line } = props
  const current = FIT_CHOICES.find((c) => c.value === line.fit)
  const title = line.ownFit
    ? `This line, when too long: ${current?.label ?? ''} (its own choice)`
    : `This line, when too long: ${current?.label ?? ''}, as every line`
  return (
    <span className={`vo-line__fit${line.ownFit ? ' vo-line__fit--own' : ''}`} title={title}>
      <Gauge className="vo-line__fit-icon" aria-hidden="true" focusable="false" />
      {line.ownFit && <span className="vo-line__fit-word">{current?.short}</span>}
      <select
        className="vo-line__fit-select"
        aria-label={`Line ${line.cue} fit`}
        value={line.fit}
        onChange={(event) => props.onFit(line, event.target.value as VoiceoverFit)}
      >
        {FIT_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.value === props.projectFit ? `${choice.label} (every line)` : choice.label}
          </option>
        ))}
      </select>
    </span>
  )
}

/**
 * The next step for a line, and while a faster pace is left to allow, that pace as one click (the
 * first that would fit the line, else the fastest), with what it is predicted to do.
 */
function NextStep(props: {
  id: string
  words: string
  pace: { rate: number; overMs: number } | null
  onPace: (rate: number) => void
}): ReactElement {
  const { pace } = props
  const percent = pace === null ? '' : `${Math.round(pace.rate * 100)}%`
  return (
    // Its own row under the words, lane and verdict: one short line, not two under the words.
    <span className="vo-line__next">
      <span id={props.id}>{props.words}</span>
      {pace !== null && (
        <button
          type="button"
          className="vo-line__pace"
          title={`Sets the fastest pace to ${percent}: only lines that need it are spoken faster`}
          onClick={() => props.onPace(pace.rate)}
        >
          Allow up to {percent}
        </button>
      )}
      {pace !== null && (
        <span className="vo-line__pace-note">
          {pace.overMs > 0 ? `still ${shortSeconds(pace.overMs)} too long` : 'then it fits'}
        </span>
      )}
    </span>
  )
}

/**
 * A verdict's words, each part whole on its line ("Starts 1.6 s late," / "runs past the end"):
 * the comma ends the first part, so a wrapped verdict never starts its second line with a
 * separator. Below 1100 px the second part drops its "runs" ("past the end") so it keeps one line.
 */
function VerdictWords(props: { words: string }): ReactElement {
  const [head, ...rest] = props.words.split(', ')
  const tail = rest.join(', ')
  return (
    <>
      <span className="vo-line__verdict-part">
        {head}
        {tail !== '' && ','}
      </span>
      {tail !== '' && (
        <>
          {' '}
          <span className="vo-line__verdict-part">
            {tail.startsWith('runs ') ? (
              <>
                <span className="vo-wide">runs </span>
                {tail.slice('runs '.length)}
              </>
            ) : (
              tail
            )}
          </span>
        </>
      )}
    </>
  )
}

/**
 * A line's words, wrapped in full and edited in place: Enter or leaving the field keeps them,
 * Escape puts them back.
 */
function LineWords(props: {
  line: VoiceoverLine
  /** The next step's id, read with the words by a screen reader. */
  describedBy: string | undefined
  onEdit: (line: VoiceoverLine, text: string) => void
}): ReactElement {
  const { line } = props
  const [draft, setDraft] = useState<string | null>(null)
  const commit = (): void => {
    if (draft !== null && draft.trim() !== '' && draft.trim() !== line.text)
      props.onEdit(line, draft.trim())
    setDraft(null)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    // A subtitle line is one paragraph: Enter keeps the words rather than adding a break.
    if (event.key === 'Enter') {
      event.preventDefault()
      commit()
    } else if (event.key === 'Escape') {
      setDraft(null)
    }
  }
  return (
    <div className="vo-line__words">
      <label className="vo-line__edit">
        <textarea
          className="input vo-line__text"
          aria-label={`Line ${line.cue} words`}
          aria-describedby={props.describedBy}
          rows={1}
          value={draft ?? line.text}
          onChange={(event) => setDraft(event.target.value.replace(/\r?\n/g, ' '))}
          onBlur={commit}
          onKeyDown={onKeyDown}
          maxLength={2000}
          spellCheck
        />
        <Pencil className="vo-line__pencil" aria-hidden="true" focusable="false" />
      </label>
    </div>
  )
}

/** The Result column: the line's verdict (and whether it changed), then its own fit. */
function LineResult(props: {
  line: VoiceoverLine
  last: boolean
  changed: boolean
  projectFit: VoiceoverFit
  onFit: (line: VoiceoverLine, fit: VoiceoverFit) => void
}): ReactElement {
  const verdict = lineVerdict(props.line, props.last)
  return (
    <span className="vo-line__result">
      <span className={`vo-line__verdict vo-line__verdict--${verdict.tone}`}>
        <VerdictWords words={verdict.words} />
        {props.changed && <span className="vo-line__changed">Changed</span>}
      </span>
      <LineFit line={props.line} projectFit={props.projectFit} onFit={props.onFit} />
    </span>
  )
}

/** Who speaks a line: the speaker the subtitles name, and the voice it is spoken in. */
function LineWho(props: { speaker: string | null; voiceName: string | null }): ReactElement {
  const { speaker, voiceName } = props
  return (
    <span className="vo-line__who" title={[speaker, voiceName].filter(Boolean).join(' · ')}>
      {speaker !== null && <span className="vo-line__speaker">{speaker}</span>}
      <span className={`vo-line__voice${voiceName === null ? ' vo-line__voice--none' : ''}`}>
        {voiceName ?? 'No voice yet'}
      </span>
    </span>
  )
}

/**
 * One subtitle line as one row: play from it, its cue time and speaker, its words (wrapped in
 * full and edited in place: Enter or leaving the field keeps them, Escape puts them back), its
 * lane, its verdict and its own fit (see {@link LineFit}); a line too long for its slot, or pushed
 * late by one, says the next step on a row of its own, with a faster pace as a button when one
 * would fit it.
 */
export function LineRow(props: {
  line: VoiceoverLine
  /** No cue comes after it: its slot ends with the track. */
  last: boolean
  canPlay: boolean
  /** Edited since the last render: the next render speaks it again. */
  changed: boolean
  /** For a line too long for its slot or pushed late by one: the next step, in words. */
  nextStep: string | null
  /** The name of the voice the line is spoken in, or null when it has none yet. */
  voiceName: string | null
  /** The project's fit and fastest pace: a line without its own fit follows them. */
  projectFit: VoiceoverFit
  maxRate: number
  onPlay: (line: VoiceoverLine) => void
  onEdit: (line: VoiceoverLine, text: string) => void
  onFit: (line: VoiceoverLine, fit: VoiceoverFit) => void
  /** Raises the project's fastest pace (only lines that need it are spoken faster). */
  onPace: (rate: number) => void
}): ReactElement {
  const { line } = props
  const over = line.action === 'overflow'
  const next = props.nextStep
  const nextId = `vo-line-${line.cue}-next`
  return (
    <li
      className={`vo-line${over ? ' vo-line--over' : ''}`}
      data-testid="vo-line"
      data-cue={line.cue}
    >
      <IconButton
        icon={Play}
        className="vo-line__play"
        label={`Play from line ${line.cue}`}
        hint={props.canPlay ? 'Play from this line' : 'Render the voice-over to hear it'}
        disabled={!props.canPlay}
        onClick={() => props.onPlay(line)}
      />
      <span className="vo-line__time">{cueTime(line.startMs)}</span>
      <LineWho speaker={line.speaker} voiceName={props.voiceName} />
      <LineWords
        line={line}
        describedBy={next !== null ? nextId : undefined}
        onEdit={props.onEdit}
      />
      <LineLane line={line} />
      <LineResult
        line={line}
        last={props.last}
        changed={props.changed}
        projectFit={props.projectFit}
        onFit={props.onFit}
      />
      {next !== null && (
        <NextStep
          id={nextId}
          words={next}
          pace={fasterPace(line, props.maxRate)}
          onPace={props.onPace}
        />
      )}
    </li>
  )
}
