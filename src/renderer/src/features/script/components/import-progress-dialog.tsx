import type { ReactElement } from 'react'
import { useRef } from 'react'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import type { OpenReading } from '../hooks/use-open-progress'
import { useReadingProgress } from '../hooks/use-open-progress'
import { ReadingProgressView } from './reading-progress'

/**
 * The reading of a book chosen in the open dialog, in words and as a bar with the time left, with
 * Cancel (nothing is opened, the script open now stays as it was). Shown once main reports the
 * reading started (a book's table of contents comes first): a short file opens before it would
 * flash up.
 */
export function ImportProgressDialog(props: {
  reading: OpenReading | null
  onCancel: () => void
}): ReactElement {
  const progress = useReadingProgress(props.reading?.importId ?? null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  return (
    <DialogFrame
      open={progress !== undefined}
      title="Opening the book"
      onClose={props.onCancel}
      initialFocus={cancelRef}
      testId="import-progress-dialog"
      footer={
        <button ref={cancelRef} type="button" className="button" onClick={props.onCancel}>
          Cancel
        </button>
      }
    >
      <p className="dialog__text">
        VoiceDesk is reading the file into a new script. Cancel stops it; nothing is opened.
      </p>
      {progress !== undefined && (
        <ReadingProgressView
          progress={progress}
          waiting=""
          label="Reading progress"
          testId="import-progress"
        />
      )}
    </DialogFrame>
  )
}
