import { Play } from 'lucide-react'
import { useState } from 'react'
import type { KeyboardEvent, ReactElement } from 'react'
import { IconButton } from '../../../components/ui/icon-button'
import type { VoiceoverLine } from '../../../../../shared/domain/voiceover'
import { cueTime, lineVerdict } from '../hooks/line-words'
import { LineLane } from './line-lane'

/**
 * One subtitle line as one row: play from it, its cue time and speaker, its words (edited in
 * place: Enter or leaving the field keeps them, Escape puts them back), its lane and its verdict.
 */
export function LineRow(props: {
  line: VoiceoverLine
  canPlay: boolean
  /** Edited since the last render: the next render speaks it again. */
  changed: boolean
  onPlay: (line: VoiceoverLine) => void
  onEdit: (line: VoiceoverLine, text: string) => void
}): ReactElement {
  const { line } = props
  const [draft, setDraft] = useState<string | null>(null)
  const verdict = lineVerdict(line)
  const commit = (): void => {
    if (draft !== null && draft.trim() !== '' && draft.trim() !== line.text)
      props.onEdit(line, draft.trim())
    setDraft(null)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') {
      event.preventDefault()
      commit()
    } else if (event.key === 'Escape') {
      setDraft(null)
    }
  }
  return (
    <li
      className={`vo-line${line.action === 'overflow' ? ' vo-line--over' : ''}`}
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
      <input
        className="input vo-line__text"
        aria-label={`Line ${line.cue} words`}
        title={line.text}
        value={draft ?? line.text}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        maxLength={2000}
      />
      <LineLane line={line} />
      <span className={`vo-line__verdict vo-line__verdict--${verdict.tone}`}>
        {verdict.words}
        {props.changed && <span className="vo-line__changed">Changed</span>}
      </span>
    </li>
  )
}
