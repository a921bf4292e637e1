import { Pencil, Play } from 'lucide-react'
import { useState } from 'react'
import type { KeyboardEvent, ReactElement } from 'react'
import { IconButton } from '../../../components/ui/icon-button'
import type { VoiceoverFit, VoiceoverLine } from '../../../../../shared/domain/voiceover'
import { cueTime } from '../../../../../shared/domain/cue-time'
import { FIT_CHOICES, lineVerdict } from '../hooks/line-words'
import { LineLane } from './line-lane'

/**
 * A line's own fit: the project's unless changed here (choosing the project's again clears it).
 * A line with a fit of its own is marked, so it is not mistaken for the project's choice.
 */
function LineFitSelect(props: {
  line: VoiceoverLine
  onFit: (line: VoiceoverLine, fit: VoiceoverFit) => void
}): ReactElement {
  const { line } = props
  return (
    <select
      className={`input vo-line__fit${line.ownFit ? ' vo-line__fit--own' : ''}`}
      aria-label={`Line ${line.cue} fit`}
      value={line.fit}
      onChange={(event) => props.onFit(line, event.target.value as VoiceoverFit)}
    >
      {FIT_CHOICES.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.short}
        </option>
      ))}
    </select>
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
 * lane and its verdict; a line too long for its slot, or pushed late by one, says the next step
 * on a row of its own.
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
  onPlay: (line: VoiceoverLine) => void
  onEdit: (line: VoiceoverLine, text: string) => void
  onFit: (line: VoiceoverLine, fit: VoiceoverFit) => void
}): ReactElement {
  const { line } = props
  const [draft, setDraft] = useState<string | null>(null)
  const verdict = lineVerdict(line, props.last)
  const over = line.action === 'overflow'
  const next = props.nextStep
  const nextId = `vo-line-${line.cue}-next`
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
      <div className="vo-line__words">
        <label className="vo-line__edit">
          <textarea
            className="input vo-line__text"
            aria-label={`Line ${line.cue} words`}
            aria-describedby={next !== null ? nextId : undefined}
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
      <LineLane line={line} />
      <LineFitSelect line={line} onFit={props.onFit} />
      <span className={`vo-line__verdict vo-line__verdict--${verdict.tone}`}>
        {verdict.words}
        {props.changed && <span className="vo-line__changed">Changed</span>}
      </span>
      {next !== null && (
        // Its own row under the words, lane and verdict: one short line, not two under the words.
        <span className="vo-line__next" id={nextId}>
          {next}
        </span>
      )}
    </li>
  )
}
