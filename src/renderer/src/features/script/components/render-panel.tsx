import { useEffect, useState } from 'react'
import { startingProgress } from '../../../../../shared/domain/narration'
import type { ReactElement } from 'react'
import { ErrorNotice } from '../../../components/error-notice'
import { ComplianceSummary } from './compliance-summary'
import { Notice } from '../../../components/notice'
import {
  cancelRender,
  openFinishedRender,
  revealFinishedRender,
  startRender,
} from '../api/render-api'
import type { useRenderSession } from '../hooks/use-render-session'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'

/** The folder a file is in, by its last name ("Audiobooks"), for a sentence. */
function folderOf(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean)
  return parts.at(-2) ?? path
}

function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const r = s % 60
  return h > 0
    ? `${h}:${String(m).padStart(2, '0')}:${String(r).padStart(2, '0')}`
    : `${m}:${String(r).padStart(2, '0')}`
}

/**
 * "the service is busy, waiting N s", counted down once a second between progress events (main
 * sends a wait when it starts or grows, not an event per second). Counted from when the window
 * learned of it, by the window's own clock, so a clock that differs from main's does not skew it.
 */
function BusyWait(props: { waitMs: number }): ReactElement {
  const [since] = useState(() => Date.now())
  const [now, setNow] = useState(since)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return (
    <>
      {' '}
      · the service is busy, waiting{' '}
      {Math.max(1, Math.round((props.waitMs - (now - since)) / 1000))} s
    </>
  )
}

/** Render progress (pieces, audio time, ETA, pauses), cancel, resume, and the finished report. */
function formatSignedMs(ms: number): string {
  const rounded = Math.round(ms)
  return `${rounded > 0 ? '+' : rounded < 0 ? '−' : '±'}${Math.abs(rounded).toLocaleString()} ms`
}

export function RenderPanel(props: {
  session: ReturnType<typeof useRenderSession>
}): ReactElement | null {
  const { running, resumable, finished, failure } = props.session
  const docId = useScriptDocumentStore((s) => s.doc?.docId ?? null)
  const order = useScriptDocumentStore((s) => s.order)
  const [actionError, setActionError] = useState<unknown>(null)
  // The summary of a finished render stays until it is dismissed (or the next render ends).
  const [dismissedAt, setDismissedAt] = useState<string | null>(null)
  if (docId === null) return null

  const act = (run: () => Promise<unknown>): void => {
    setActionError(null)
    run().catch(setActionError)
  }

  if (running !== null) {
    const { progress, paused } = running
    const fraction = progress.piecesTotal > 0 ? progress.piecesDone / progress.piecesTotal : 0
    return (
      <section
        className="render-panel"
        aria-label="Render"
        data-testid="render-panel"
        data-state="running"
      >
        <div className="render-panel__head">
          <strong>Rendering {running.outputName}</strong>
          <button
            type="button"
            className="button button--small button--danger"
            onClick={() => act(() => cancelRender(running.jobId))}
          >
            Cancel
          </button>
        </div>
        <progress max={1} value={fraction} aria-label="Render progress" />
        <p className="field__hint" data-testid="render-progress">
          {progress.piecesDone.toLocaleString()} / {progress.piecesTotal.toLocaleString()} pieces (
          {progress.cachedPieces.toLocaleString()} from the cache) · {clock(progress.audioSeconds)}{' '}
          of audio
          {progress.phase !== 'synthesizing' ? (
            ''
          ) : progress.busyUntil !== null ? (
            // Keyed by its end: a pause that starts or grows starts a fresh count.
            <BusyWait key={progress.busyUntil} waitMs={progress.busyWaitMs ?? 0} />
          ) : progress.etaSeconds !== null ? (
            ` · about ${clock(progress.etaSeconds)} left`
          ) : (
            ''
          )}
          {progress.phase !== 'synthesizing' ? ` · ${progress.phase}` : ''}
        </p>
        {paused !== null && (
          <Notice tone="warning" title="Network down — render paused, retrying…">
            <p className="notice__text">
              {paused.reason} Trying again in {paused.retryInSeconds} s; finished pieces are kept.
              Cancel to stop.
            </p>
          </Notice>
        )}
      </section>
    )
  }

  return (
    <section
      className="render-panel"
      aria-label="Render"
      data-testid="render-panel"
      data-state={finished ? 'finished' : resumable ? 'resumable' : failure ? 'failed' : 'idle'}
    >
      {failure !== null && failure.error.code !== 'CANCELLED' && (
        <ErrorNotice error={failure.error} testId="render-error" />
      )}
      {resumable !== null && (
        <div className="render-panel__head">
          <span>
            A render of <strong>{resumable.outputName}</strong> stopped at{' '}
            {resumable.piecesFinished} of {resumable.piecesTotal} pieces.
          </span>
          <button
            type="button"
            className="button button--small button--primary"
            onClick={() =>
              act(async () => {
                const started = await startRender(resumable.settings, true)
                if (started !== null)
                  props.session.started({
                    jobId: started.jobId,
                    outputName: started.outputName,
                    paused: null,
                    progress: startingProgress({
                      piecesDone: resumable.piecesFinished,
                      piecesTotal: resumable.piecesTotal,
                    }),
                  })
              })
            }
          >
            Resume
          </button>
        </div>
      )}
      {finished !== null && finished.finishedAt !== dismissedAt && (
        <div className="render-panel__finished" data-testid="render-finished">
          <div className="render-panel__head">
            <span>
              <strong>{finished.outputName}</strong> is ready:{' '}
              {clock(finished.result.durationSeconds)} long
              {finished.result.extraFiles.length > 0
                ? `, with ${finished.result.extraFiles.length} ${finished.result.extraFiles.length === 1 ? 'part' : 'parts'} beside it`
                : ''}
              , in {folderOf(finished.result.outputPath)}.
            </span>
            <span className="button-row">
              <button
                type="button"
                className="button button--small"
                onClick={() => act(() => openFinishedRender(docId))}
              >
                Play
              </button>
              <button
                type="button"
                className="button button--small"
                onClick={() => act(() => revealFinishedRender(docId))}
              >
                Show in folder
              </button>
              <button
                type="button"
                className="button button--small"
                aria-label="Dismiss the render summary"
                title="Dismiss"
                onClick={() => setDismissedAt(finished.finishedAt)}
              >
                ✕
              </button>
            </span>
          </div>
          {finished.result.compliance && <ComplianceSummary report={finished.result.compliance} />}
          <details className="render-panel__details">
            <summary>Details</summary>
            <p className="field__hint">
              {finished.result.requests.toLocaleString()} new{' '}
              {finished.result.requests === 1 ? 'request' : 'requests'} to the service,{' '}
              {finished.result.cachedPieces.toLocaleString()} pieces reused from earlier renders,{' '}
              {finished.result.billableCharacters.toLocaleString()} billable characters
              {finished.result.loudness.outputLufs !== null
                ? `; loudness ${finished.result.loudness.outputLufs.toFixed(1)} LUFS`
                : ''}
              .{finished.result.subtitlesPath !== null ? ' Subtitles written beside it.' : ''}
            </p>
          </details>
          {finished.result.pauseRounding !== null && finished.result.pauseRounding.pauses > 0 && (
            <p className="field__hint" data-testid="render-pause-rounding">
              AAC keeps time in frames of {finished.result.pauseRounding.frameMs.toFixed(2)} ms: the{' '}
              {finished.result.pauseRounding.pauses.toLocaleString()} pauses were rounded to whole
              frames, each at most {finished.result.pauseRounding.maxErrorMs.toFixed(1)} ms off (
              {formatSignedMs(finished.result.pauseRounding.totalErrorMs)} in all). Choose WAV, MP3
              or Ogg for pauses exact to the millisecond.
            </p>
          )}
          <h3 className="render-panel__report-title">Script vs. audio</h3>
          {finished.result.checks.length === 0 ? (
            <p className="field__hint" data-testid="render-report">
              The audio says what the script says.
            </p>
          ) : (
            <ul className="render-panel__report" data-testid="render-report">
              {finished.result.checks.map((check) => {
                const blockId = order[check.blockIndex] ?? check.blockId
                const first = check.issues[0]
                return (
                  <li key={check.blockId}>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() =>
                        useEditorUiStore
                          .getState()
                          .revealBlock(
                            blockId,
                            first?.offset ?? 0,
                            (first?.offset ?? 0) + (first?.word.length ?? 0),
                          )
                      }
                    >
                      Block {check.blockIndex + 1}
                    </button>{' '}
                    {check.issues
                      .slice(0, 4)
                      .map((i) => `${i.kind} “${i.word}”`)
                      .join(', ')}
                    {check.issues.length > 4 ? ` and ${check.issues.length - 4} more` : ''}
                  </li>
                )
              })}
            </ul>
          )}
        </div>
      )}
      {actionError !== null && <ErrorNotice error={actionError} />}
    </section>
  )
}
