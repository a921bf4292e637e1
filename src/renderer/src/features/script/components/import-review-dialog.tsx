import { useId, useMemo, useRef, useState } from 'react'
import type { ReactElement, RefObject } from 'react'
import type { CleanupSettings } from '../../../../../shared/domain/cleanup-rules'
import { formatCount } from '../../../../../shared/limits'
import { ErrorNotice } from '../../../components/error-notice'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import type { ImportReview } from '../hooks/use-import-review'
import { useImportPreview } from '../hooks/use-import-review'
import { CleanupEditor } from './cleanup-editor'
import { applyLabel, brokenRule, summaryOf } from './cleanup-words'
import { changePlaces } from './change-place'

/** Cancel, open as imported, and open cleaned (the primary action), under the summary. */
function ReviewFooter({
  summary,
  working,
  canOpen,
  openLabel,
  openRef,
  onOpen,
  onCancel,
  settings,
}: {
  summary: string
  working: boolean
  canOpen: boolean
  openLabel: string
  openRef: RefObject<HTMLButtonElement | null>
  onOpen: (settings: CleanupSettings | null) => void
  onCancel: () => void
  settings: CleanupSettings
}): ReactElement {
  return (
    <>
      <p className="cleanup__summary" aria-live="polite" data-testid="cleanup-summary">
        {summary}
      </p>
      <button type="button" className="button" disabled={working} onClick={onCancel}>
        Cancel import
      </button>
      <button type="button" className="button" disabled={working} onClick={() => onOpen(null)}>
        Open as imported
      </button>
      <button
        ref={openRef}
        type="button"
        className="button button--primary"
        disabled={working || !canOpen}
        onClick={() => onOpen(settings)}
      >
        {openLabel}
      </button>
    </>
  )
}

/** The review's body and footer; mounted afresh for each import, so its rules start anew. */
function ReviewBody(props: {
  review: ImportReview
  onOpen: (settings: CleanupSettings | null) => Promise<void>
  onCancel: () => void
}): ReactElement {
  const { review } = props
  const [settings, setSettings] = useState<CleanupSettings>(review.settings)
  const [working, setWorking] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const { preview, loading, error: previewError } = useImportPreview(review, settings)
  const openRef = useRef<HTMLButtonElement>(null)
  const introId = useId()
  const broken = brokenRule(settings)
  const total = preview?.reports.reduce((sum, r) => sum + r.count, 0) ?? 0
  const open = (chosen: CleanupSettings | null): void => {
    setWorking(true)
    setError(null)
    props.onOpen(chosen).catch((failure: unknown) => {
      setWorking(false)
      setError(failure)
    })
  }
  // A book's changes are found by chapter and paragraph, as a reader finds a place in it.
  const placeOf = useMemo(() => changePlaces(review.opened.project.blocks), [review])
  const title = review.opened.project.title
  // A title in quotes reads as a name, not the start of the sentence ("The Flood is read").
  const quoted = title === '' ? 'The manuscript' : `“${title}”`
  return (
    <DialogFrame
      open
      title="Clean up before it opens"
      onClose={props.onCancel}
      size="wide"
      initialFocus={openRef}
      describedBy={introId}
      className="cleanup"
      testId="import-review-dialog"
      footer={
        <ReviewFooter
          summary={
            broken !== null
              ? `Rule ${formatCount(broken + 1)} cannot run yet: fix it or remove it to open.`
              : working
                ? 'Opening…'
                : loading || preview === null
                  ? 'Looking through the manuscript…'
                  : summaryOf(preview)
          }
          working={working}
          canOpen={broken === null && preview !== null}
          openLabel={applyLabel({ verb: 'Open with', broken, total, otherwise: 'Open' })}
          openRef={openRef}
          onOpen={open}
          onCancel={props.onCancel}
          settings={settings}
        />
      }
    >
      <p id={introId} className="dialog__text">
        {quoted} has been read in. Before it opens, these rules tidy what would be read aloud, so
        you never pay for citations, addresses or page clutter. Turn a rule off to leave its changes
        out. Nothing has been sent anywhere; Cancel import leaves your current script as it is.
      </p>
      {error !== null && <ErrorNotice error={error} testId="import-review-error" />}
      {previewError !== null && <ErrorNotice error={previewError} testId="cleanup-error" />}
      <CleanupEditor
        settings={settings}
        setSettings={setSettings}
        preview={preview}
        loading={loading}
        sets
        placeOf={placeOf}
      />
    </DialogFrame>
  )
}

/**
 * A manuscript's clean-up review, shown after it is read and before it becomes the open script:
 * what each rule changes and the characters saved; open it cleaned, as imported, or not at all.
 */
export function ImportReviewDialog(props: {
  review: ImportReview | null
  onOpen: (settings: CleanupSettings | null) => Promise<void>
  onCancel: () => void
}): ReactElement | null {
  if (props.review === null) return null
  return (
    <ReviewBody
      key={props.review.opened.docId}
      review={props.review}
      onOpen={props.onOpen}
      onCancel={props.onCancel}
    />
  )
}
