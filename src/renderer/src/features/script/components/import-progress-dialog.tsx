import type { ReactElement } from 'react'
import { useRef } from 'react'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import type { OpenReading } from '../hooks/use-open-progress'

/** "Reading section 3 of 40": the part read, in words. */
export function readingWords(progress: NonNullable<OpenReading['progress']>): string {
  return `Reading ${progress.unit} ${progress.done.toLocaleString()} of ${progress.total.toLocaleString()}`
}

/**
 * The reading of a book chosen in the open dialog, in words, with Cancel (nothing is opened, the
 * script open now stays as it was). Shown once the first part is read: a short file opens
 * before it would flash up.
 */
export function ImportProgressDialog(props: {
  reading: OpenReading | null
  onCancel: () => void
}): ReactElement {
  const progress = props.reading?.progress
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
        <p className="field__hint" role="status" data-testid="import-progress">
          {readingWords(progress)}
        </p>
      )}
    </DialogFrame>
  )
}
