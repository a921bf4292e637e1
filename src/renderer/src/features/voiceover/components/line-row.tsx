import { Pencil, Play } from 'lucide-react'
import { useState } from 'react'
import type { KeyboardEvent, ReactElement } from 'react'
import { IconButton } from '../../../components/ui/icon-button'
import type { VoiceoverLine } from '../../../../../shared/domain/voiceover'
import { cueTime, lineVerdict } from '../hooks/line-words'
import { LineLane } from './line-lane'

/**
 * One subtitle line as one row: play from it, its cue time and speaker, its words (wrapped in
 * full and edited in place: Enter or leaving the field keeps them, Escape puts them back), its
 * lane and its verdict; a line too long for its slot says the next step under its words.
 */
export function LineRow(props: {
  line: VoiceoverLine
  canPlay: boolean
  /** Edited since the last render: the next render speaks it again. */
  changed: boolean
  /** For a line too long for its slot: the next step, in words. */
  nextStep: string
  onPlay: (line: VoiceoverLine) => void
  onEdit: (line: VoiceoverLine, text: string) => void
}): ReactElement {
  const { line } = props
  const [draft, setDraft] = useState<string | null>(null)
  const verdict = lineVerdict(line)
  const over = line.action === 'overflow'
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
      <span className="vo-line__speaker" title={line.speaker ?? undefined}>
        {line.speaker ?? ''}
      </span>
      <div className="vo-line__words">
        <label className="vo-line__edit">
          <textarea
            className="input vo-line__text"
            aria-label={`Line ${line.cue} words`}
            aria-describedby={over ? nextId : undefined}
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
        {over && (
          <span className="vo-line__next" id={nextId}>
            {props.nextStep}
          </span>
        )}
      </div>
      <LineLane line={line} />
      <span className={`vo-line__verdict vo-line__verdict--${verdict.tone}`}>
        {verdict.words}
        {props.changed && <span className="vo-line__changed">Changed</span>}
      </span>
    </li>
  )
}
