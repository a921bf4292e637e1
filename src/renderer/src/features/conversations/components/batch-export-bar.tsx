import { memo, useState } from 'react'
import type { ReactElement } from 'react'
import type { Conversation } from '../../../../../shared/domain/conversation'
import type { InboxServerFilters } from '../../../../../shared/domain/conversation-inbox'
import { MAX_BATCH_EXPORT } from '../../../../../shared/domain/conversation-inbox'
import { AppError } from '../../../../../shared/errors'
import { ErrorNotice } from '../../../components/error-notice'
import { Notice } from '../../../components/notice'
import { cancelBatchExport, startBatchExport, useBatchExportEvents } from '../api/inbox-queries'
import type { ExportState } from '../stores/inbox-store'
import { useInboxStore } from '../stores/inbox-store'
import { fileNameOf, ShowInFolder } from './show-in-folder'

const count = new Intl.NumberFormat()

function plural(n: number): string {
  return `${count.format(n)} conversation${n === 1 ? '' : 's'}`
}

/**
 * Exports the conversations the inbox shows: a CSV summary and JSONL transcripts in a folder the
 * user picks, with progress and cancel. With only the service's filters (agent, status, dates),
 * that is every call they match, found by main, loaded here or not; a search or an evaluation
 * filter applies to the loaded calls, so those are what is exported then.
 */
export const BatchExportBar = memo(function BatchExportBar(props: {
  rows: readonly Conversation[]
  moreToLoad: boolean
  server: InboxServerFilters
  /** A search or an evaluation filter narrows the rows here (main cannot apply those). */
  narrowedHere: boolean
}): ReactElement {
  const state = useInboxStore((s) => s.exportState)
  const setState = useInboxStore((s) => s.setExportState)
  const started = useInboxStore((s) => s.exportStarted)
  const progress = useInboxStore((s) => s.exportProgress)
  const ended = useInboxStore((s) => s.exportEnded)
  const [startError, setStartError] = useState<unknown>(null)
  useBatchExportEvents({ progress, ended })

  // The ids are taken when the export starts, not at every keystroke of the search.
  const exportCount = Math.min(props.rows.length, MAX_BATCH_EXPORT)
  const whole = props.moreToLoad && !props.narrowedHere
  const start = (): void => {
    const ids = whole ? [] : props.rows.slice(0, MAX_BATCH_EXPORT).map((row) => row.id)
    setStartError(null)
    setState({ phase: 'choosing' })
    startBatchExport(whole ? { filter: props.server } : { ids }).then(
      (job) => {
        if (job === null) setState({ phase: 'idle' })
        else started(job.jobId, job.folder, ids.length)
      },
      (error: unknown) => {
        setState({ phase: 'idle' })
        setStartError(error)
      },
    )
  }

  if (state.phase === 'running') return <ExportRunning state={state} />

  return (
    <div className="batch-export" data-testid="batch-export">
      <div className="batch-export__row">
        <button
          type="button"
          className="button button--small"
          disabled={exportCount === 0 || state.phase === 'choosing'}
          onClick={start}
        >
          {whole ? 'Export every matching call…' : `Export ${plural(exportCount)}…`}
        </button>
        <span className="field__hint batch-export__hint">
          {whole
            ? 'Every call that matches the filters, including the ones not loaded yet.'
            : props.moreToLoad
              ? 'The search and evaluation filters apply to the calls loaded so far; scroll to load more.'
              : 'Every conversation that matches the filters and the search.'}
          {props.rows.length > MAX_BATCH_EXPORT &&
            ` One export takes at most ${count.format(MAX_BATCH_EXPORT)}.`}
        </span>
      </div>
      {startError !== null && <ErrorNotice error={startError} testId="batch-export-error" />}
      {state.phase === 'ended' && (
        <ExportOutcome state={state} onDismiss={() => setState({ phase: 'idle' })} />
      )}
    </div>
  )
})

/**
 * While main finds the calls an export covers: how many so far, once there are any. Why not
 * "0 so far": beside a bar that moves, a zero read as a count that had stopped.
 */
export function listingText(found: number): string {
  return found === 0
    ? 'Finding the calls that match…'
    : `Finding the calls that match: ${count.format(found)} found so far…`
}

/** An export under way: how far it is, and Cancel. */
function ExportRunning(props: { state: Extract<ExportState, { phase: 'running' }> }): ReactElement {
  const { state } = props
  const fraction = state.total === 0 ? 0 : state.done / state.total
  return (
    <div className="batch-export batch-export--running" data-testid="batch-export">
      <div className="batch-export__progress">
        <span data-testid="batch-export-progress">
          {state.listing
            ? listingText(state.total)
            : `Exporting ${count.format(state.done)} of ${plural(state.total)}…`}
        </span>
        {state.listing ? (
          <progress aria-label="Finding the calls that match" />
        ) : (
          <progress max={1} value={fraction} aria-label="Export progress" />
        )}
      </div>
      <button
        type="button"
        className="button button--small"
        onClick={() => void cancelBatchExport(state.jobId).catch(() => undefined)}
      >
        Cancel export
      </button>
    </div>
  )
}

/** How the last export ended: saved (with the files' names), cancelled, or failed. */
function ExportOutcome(props: {
  state: Extract<ExportState, { phase: 'ended' }>
  onDismiss: () => void
}): ReactElement {
  const { state } = props
  return (
    <>
      {state.outcome.ok && (
        <Notice
          tone="success"
          title={`Exported ${plural(state.outcome.result.conversations)}`}
          testId="batch-export-done"
        >
          <p className="notice__text">
            Saved {fileNameOf(state.outcome.result.csvPath)} (a table of the calls) and{' '}
            {fileNameOf(state.outcome.result.jsonlPath)} (their transcripts).
            {state.outcome.result.skipped.length > 0 &&
              ` ${plural(state.outcome.result.skipped.length)} the service no longer has were left out.`}
          </p>
          <div className="button-row">
            <ShowInFolder path={state.outcome.result.csvPath} />
            <button type="button" className="button button--small" onClick={props.onDismiss}>
              Dismiss
            </button>
          </div>
        </Notice>
      )}
      {!state.outcome.ok && state.outcome.error.code === 'CANCELLED' && (
        <Notice tone="info" title="Export cancelled" testId="batch-export-cancelled">
          <p className="notice__text">Nothing was saved.</p>
        </Notice>
      )}
      {!state.outcome.ok && state.outcome.error.code !== 'CANCELLED' && (
        <ErrorNotice error={AppError.fromData(state.outcome.error)} testId="batch-export-error" />
      )}
    </>
  )
}
