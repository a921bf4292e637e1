import type { ReactElement } from 'react'
import type {
  VoiceoverOverlapChoice,
  VoiceoverOverlapQuestion,
} from '../../../../../shared/domain/voiceover'
import { Notice } from '../../../components/notice'

/**
 * Subtitles whose cues overlap: which cues, and the two ways on (one line, or both lines in their
 * own voices); or not open the file, to fix it in a subtitle editor.
 */
export function OverlapQuestion(props: {
  question: VoiceoverOverlapQuestion
  busy: boolean
  onChoose: (choice: VoiceoverOverlapChoice) => void
  onCancel: () => void
}): ReactElement {
  const { question, busy } = props
  return (
    <Notice
      tone="warning"
      title={`Some lines in ${question.subtitleName} overlap`}
      testId="vo-overlaps"
    >
      <p className="notice__text">{question.message}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => props.onChoose('merge')}
        >
          Merge into one line
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => props.onChoose('keep')}
        >
          Keep both lines
        </button>
        <button type="button" className="button button--small" onClick={props.onCancel}>
          Don’t open {question.subtitleName}
        </button>
      </div>
    </Notice>
  )
}
