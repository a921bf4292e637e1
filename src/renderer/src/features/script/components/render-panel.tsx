import { useEffect, useState } from 'react'
import { CircleCheck, Ellipsis, FolderOpen, Info } from 'lucide-react'
import { MenuButton } from '../../../components/ui/menu'
import { startingProgress } from '../../../../../shared/domain/narration'
import type { ReactElement } from 'react'
import type { FinishedRender } from '../../../../../shared/domain/script-workspace'
import {
  cancelRender,
  openFinishedRender,
  revealFinishedRender,
  startRender,
} from '../api/render-api'
import { RenderDetailsDialog } from './render-details-dialog'
import { RenderPlayer } from './render-player'
import { ErrorNotice } from '../../../components/error-notice'
import { Notice } from '../../../components/notice'
import type { useRenderSession } from '../hooks/use-render-session'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { countStale, useBlockMarksStore } from '../stores/block-marks-store'
import { formatClock } from '../../../lib/format'
import { useActionError } from '../hooks/use-action-error'
import { SmallButton } from './compact-controls'
import {
  checkNotes,
  progressWords,
  stoppedShare,
  timeLeftWords,
  usageSentence,
} from './render-words'

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

/**
 * The file's name and length ("book.mp3 is ready: 0:14 long."); with the player open the name
 * alone (its clock shows the length), so the words heard keep their room.
 */
function SummaryTitle(props: {
  name: string
  length: string
  parts: number
  short: boolean
}): ReactElement {
  const { parts } = props
  const beside = parts > 0 ? `, with ${parts} more ${parts === 1 ? 'file' : 'files'} beside it` : ''
  const whole = `${props.name} is ready: ${props.length} long${beside}.`
  return (
    <span className="render-summary__title" title={props.short ? whole : undefined}>
      <CircleCheck className="render-summary__icon" size={16} aria-hidden="true" />
      <strong>{props.name}</strong>
      {props.short ? null : (
        <>
          {' '}
          is ready: {props.length} long{beside}.{' '}
        </>
      )}
    </span>
  )
}

/**
 * The summary's buttons: Play (or Hide player), Show in folder, Details, and Dismiss. While the
 * player is open in a narrow window, Show in folder and Details fold into a More menu, so the
 * words heard and the waveform keep the room.
 */
function SummaryActions(props: {
  playerOpen: boolean
  onPlayer: () => void
  onShowInFolder: () => void
  onDetails: () => void
  onDismiss: () => void
}): ReactElement {
  return (
    <span className="button-row render-summary__actions">
      {/* One primary: Play here, then the player's own Play (this toggle goes quiet). */}
      <button
        type="button"
        className={`button button--small${props.playerOpen ? '' : ' button--primary'}`}
        aria-expanded={props.playerOpen}
        onClick={props.onPlayer}
      >
        {props.playerOpen ? 'Hide player' : 'Play'}
      </button>
      <span className="button-row render-summary__wide">
        <SmallButton onClick={props.onShowInFolder}>Show in folder</SmallButton>
        <button
          type="button"
          className="button button--small"
          aria-haspopup="dialog"
          onClick={props.onDetails}
        >
          Details…
        </button>
      </span>
      {props.playerOpen && (
        <span className="render-summary__narrow">
          <MenuButton
            label="More for this render"
            hint="Show in folder, Details"
            icon={Ellipsis}
            items={[
              {
                id: 'folder',
                label: 'Show in folder',
                icon: FolderOpen,
                onSelect: props.onShowInFolder,
              },
              { id: 'details', label: 'Details…', icon: Info, onSelect: props.onDetails },
            ]}
          />
        </span>
      )}
      <SmallButton label="Dismiss the render summary" title="Dismiss" onClick={props.onDismiss}>
        ✕
      </SmallButton>
    </span>
  )
}

/**
 * A finished render in one line where it fits (the notes wrap rather than lose words): the file's
 * name and how long, what it used and what the checks found, Play (in the app), Show in folder,
 * Details. Playing turns the line into the player's two (the summary's words give way to the words
 * heard), so the script keeps the window at 1024x700.
 * Where it is (the full path), Open in player app and the rest are in Details.
 */
function FinishedSummary(props: {
  docId: string
  finished: FinishedRender
  onDismiss: () => void
}): ReactElement {
  const { docId, finished } = props
  const { result } = finished
  const [playerOpen, setPlayerOpen] = useState(false)
  const [detailsOpen, setDetailsOpen] = useState(false)
  const { error: actionError, act } = useActionError()
  // Blocks edited since (main marks them stale): the summary must not say the audio matches.
  const changedSince = useBlockMarksStore((state) => countStale(state.marks))
  const { notes, warn } = checkNotes(result, changedSince)
  const usage = usageSentence(result)
  const title = (
    <SummaryTitle
      name={finished.outputName}
      length={formatClock(result.durationSeconds, Math.round)}
      parts={result.extraFiles.length}
      short={playerOpen}
    />
  )
  const actions = (
    <SummaryActions
      playerOpen={playerOpen}
      onPlayer={() => setPlayerOpen(!playerOpen)}
      onShowInFolder={() => act(() => revealFinishedRender(docId))}
      onDetails={() => setDetailsOpen(true)}
      onDismiss={props.onDismiss}
    />
  )
  return (
    <div
      className="box box--success render-summary"
      data-testid="render-finished"
      data-player={playerOpen ? 'open' : 'closed'}
    >
      {playerOpen ? (
        <RenderPlayer docId={docId} finished={finished} title={title} actions={actions} />
      ) : (
        <div className="render-summary__head">
          {title}
          <span className="render-summary__more">
            {usage !== null && (
              <>
                <span data-testid="render-usage">{usage}</span>{' '}
              </>
            )}
            <span
              className={`render-summary__notes${warn ? ' render-summary__notes--warning' : ''}`}
              data-testid="render-summary-notes"
            >
              {notes.join(' ')}
              {warn ? ' See Details.' : ''}
            </span>
          </span>
          {actions}
        </div>
      )}
      {actionError !== null && <ErrorNotice error={actionError} />}
      <RenderDetailsDialog
        open={detailsOpen}
        finished={finished}
        onShowInFolder={() => act(() => revealFinishedRender(docId))}
        onOpenInPlayer={() => act(() => openFinishedRender(docId))}
        onClose={() => setDetailsOpen(false)}
      />
    </div>
  )
}

/** A render under way: the block it is at and the time left (or a busy service's wait), Cancel. */
function RunningRender(props: {
  running: NonNullable<ReturnType<typeof useRenderSession>['running']>
}): ReactElement {
  const { running } = props
  const { error: actionError, act } = useActionError()
  const { progress, paused } = running
  const fraction = progress.piecesTotal > 0 ? progress.piecesDone / progress.piecesTotal : 0
  const where = progressWords(progress)
  const left = timeLeftWords(progress)
  const waiting = progress.phase === 'synthesizing' && progress.busyUntil !== null
  return (
    <section
      className="stack render-panel"
      aria-label="Render"
      data-testid="render-panel"
      data-state="running"
    >
      <div className="row row--spread render-panel__head">
        <strong>Rendering {running.outputName}</strong>
        {/* Neutral: stopping a render is the user's choice, not a failure (red is kept for those). */}
        <button
          type="button"
          className="button button--small"
          onClick={() => act(() => cancelRender(running.jobId))}
        >
          Cancel
        </button>
      </div>
      <progress max={1} value={fraction} aria-label="Render progress" aria-valuetext={where} />
      <p className="field__hint" data-testid="render-progress">
        {where}
        {waiting ? (
          // Keyed by its end: a pause that starts or grows starts a fresh count.
          <BusyWait key={progress.busyUntil} waitMs={progress.busyWaitMs ?? 0} />
        ) : left !== null ? (
          ` · ${left}`
        ) : (
          ''
        )}
      </p>
      {paused !== null && (
        <Notice tone="warning" title="Network down — render paused, retrying…">
          <p className="notice__text">
            {paused.reason} Trying again in {paused.retryInSeconds} s; the finished blocks are kept.
            Cancel to stop.
          </p>
        </Notice>
      )}
      {actionError !== null && <ErrorNotice error={actionError} />}
    </section>
  )
}

/** Render progress (the block, time left, pauses), cancel, resume, and the finished summary. */
export function RenderPanel(props: {
  session: ReturnType<typeof useRenderSession>
}): ReactElement | null {
  const { running, resumable, finished, failure } = props.session
  const docId = useScriptDocumentStore((s) => s.doc?.docId ?? null)
  const { error: actionError, act } = useActionError()
  // The summary of a finished render stays until it is dismissed (or the next render ends).
  const [dismissedAt, setDismissedAt] = useState<string | null>(null)
  if (docId === null) return null

  if (running !== null) return <RunningRender running={running} />

  return (
    <section
      className="stack render-panel"
      aria-label="Render"
      data-testid="render-panel"
      data-state={finished ? 'finished' : resumable ? 'resumable' : failure ? 'failed' : 'idle'}
    >
      {failure !== null && failure.error.code !== 'CANCELLED' && (
        <ErrorNotice error={failure.error} testId="render-error" />
      )}
      {resumable !== null && (
        <div className="row row--spread render-panel__head">
          <span>
            A render of <strong>{resumable.outputName}</strong> stopped{' '}
            {stoppedShare(resumable.piecesFinished, resumable.piecesTotal)}. Resume keeps what is
            done.
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
        <FinishedSummary
          key={finished.finishedAt}
          docId={docId}
          finished={finished}
          onDismiss={() => setDismissedAt(finished.finishedAt)}
        />
      )}
      {actionError !== null && <ErrorNotice error={actionError} />}
    </section>
  )
}
