import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ReactElement } from 'react'
import {
  isFinalConversationStatus,
  type Conversation,
  type ConversationEvaluation,
} from '../../../../../shared/domain/conversation'
import type { WatchState } from '../../../../../shared/domain/conversation-watch'
import { isStaleCall } from '../../../../../shared/domain/conversation-format'
import { AppError } from '../../../../../shared/errors'
import { ErrorNotice } from '../../../components/error-notice'
import {
  closeConversation,
  drainEarlyEvents,
  openKey,
  useOpenConversation,
} from '../api/conversation-queries'
import { agentLabel, useAgents } from '../api/inbox-queries'
import { useRecording } from '../hooks/use-recording'
import { useRefocusWhenLost } from '../hooks/use-refocus-when-lost'
import { callTime } from './call-time'
import { ConversationDetails, ConversationHeader } from './conversation-header'
import { EvaluationsPanel, Verdict } from './evaluations-panel'
import { ExportBar } from './export-bar'
import { FollowStatus } from './follow-status'
import { RecordingPlayer } from './recording-player'
import { TranscriptView } from './transcript-view'

/** The opened call's element (one at a time). */
const DETAIL_ROOT = 'conversation-detail'
/** What takes the focus in an opened call: its heading, else the first button (Try again). */
const FOCUS_FIRST = ['[data-testid="conversation-heading"]', 'button'] as const

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [active])
  return now
}

/**
 * The recording's <audio> element as it mounts and goes, and seeking it to a turn's time (it
 * plays from there).
 */
function useSeekableAudio() {
  const audioRef = useRef<HTMLAudioElement | null>(null)
  const [hasAudio, setHasAudio] = useState(false)
  const onAudio = useCallback((element: HTMLAudioElement | null) => {
    audioRef.current = element
    setHasAudio(element !== null)
  }, [])
  const onSeek = useCallback((offsetMs: number) => {
    const audio = audioRef.current
    if (audio === null) return
    audio.currentTime = offsetMs / 1000
    void audio.play().catch(() => undefined)
  }, [])
  return { onAudio, hasAudio, onSeek }
}

/** Opening failed: why, and Try again (unless no such call exists) or Close. */
function OpenFailed(props: {
  error: unknown
  onRetry: () => void
  onClose: () => void
}): ReactElement {
  // Why no Try again for an unknown id: asking again cannot find a call the account does not have.
  const unknownId = props.error instanceof AppError && props.error.code === 'NOT_FOUND'
  return (
    <div className="stack conversation-detail" id={DETAIL_ROOT} tabIndex={-1}>
      <ErrorNotice error={props.error} context="conversation" testId="open-error" />
      <div className="button-row">
        {unknownId ? null : (
          <button type="button" className="button" onClick={props.onRetry}>
            Try again
          </button>
        )}
        <button type="button" className="button" onClick={props.onClose}>
          Close
        </button>
      </div>
    </div>
  )
}

/** A call listed as live or waiting whose last change is hours old: say so, not "so far". */
function StaleNotice(props: {
  conversation: Conversation
  lastChange: string | null
  now: number
}): ReactElement {
  const { conversation: c } = props
  const since = props.lastChange ?? c.startedAt ?? c.createdAt
  return (
    <p className="meta-line follow-status follow-status--warning" data-testid="stale-notice">
      <span className="follow-status__dot" aria-hidden="true" />
      The service still lists this call as open, but nothing has changed
      {since === null ? ' for hours' : ` since ${callTime(since, props.now)}`}. It most likely ended
      without the service recording it.
    </p>
  )
}

function Opening(props: { id: string }): ReactElement {
  return (
    <div className="stack conversation-detail" aria-busy="true" id={DETAIL_ROOT} tabIndex={-1}>
      <p className="field__hint">Opening {props.id}…</p>
    </div>
  )
}

function CloseButton(props: { id: string; onClose: () => void }): ReactElement {
  return (
    <button
      type="button"
      className="button button--small"
      onClick={props.onClose}
      aria-label={`Close ${props.id}`}
    >
      Close
    </button>
  )
}

/**
 * The top of an opened call, pinned: whatever the reader scrolls to, the pane still says which
 * call this is, its state and its verdict, and whether it is followed live.
 */
function PinnedHeader(props: {
  conversation: Conversation
  agentName: string
  watch: WatchState
  now: number
  stale: boolean
  lastChange: string | null
  evaluations: ConversationEvaluation[]
  onClose: () => void
  onResume: () => void
}): ReactElement {
  const { conversation, watch, now, stale } = props
  return (
    <div className="stack conversation-detail__pinned" data-testid="conversation-pinned">
      <div className="conversation-detail__top">
        <ConversationHeader
          conversation={conversation}
          agentName={props.agentName}
          watch={watch}
          now={now}
          stale={stale}
          verdict={<Verdict evaluations={props.evaluations} />}
        />
        <CloseButton id={conversation.id} onClose={props.onClose} />
      </div>
      {stale ? (
        <StaleNotice conversation={conversation} lastChange={props.lastChange} now={now} />
      ) : (
        <FollowStatus watch={watch} now={now} onResume={props.onResume} />
      )}
    </div>
  )
}

/**
 * One opened conversation, verdict first: the heading, the result (passed n of m, failed
 * criteria and why, the summary), then the recording and transcript, then export and details.
 */
export function ConversationDetail(props: { id: string; onClose: () => void }): ReactElement {
  const { id } = props
  const queryClient = useQueryClient()
  const query = useOpenConversation(id)
  const agents = useAgents()
  const data = query.data
  const [recordingAttempt, setRecordingAttempt] = useState(0)
  const { onAudio, hasAudio, onSeek } = useSeekableAudio()
  // Where the list that had the focus is hidden (narrow windows), the call's heading takes it.
  useRefocusWhenLost(query.status, DETAIL_ROOT, FOCUS_FIRST, false)

  useEffect(() => {
    if (query.isSuccess) drainEarlyEvents(queryClient, id)
  }, [query.isSuccess, query.dataUpdatedAt, queryClient, id])

  const status = data?.watch.status ?? data?.conversation.status ?? 'pending'
  const final = isFinalConversationStatus(status)
  const now = useNow(data !== undefined && (!final || data.watch.phase === 'reconnecting'))
  const recording = useRecording(
    id,
    final ? (data?.conversation.recordingUrl ?? null) : null,
    recordingAttempt,
  )

  const reopen = (): void => {
    // Close first, so main reads afresh instead of answering from the stopped follow.
    void closeConversation(id).then(() => queryClient.refetchQueries({ queryKey: openKey(id) }))
  }

  if (query.isPending) return <Opening id={id} />
  if (query.isError) {
    return (
      <OpenFailed
        error={query.error}
        onRetry={() => void query.refetch()}
        onClose={props.onClose}
      />
    )
  }
  const { conversation, messages, evaluations, watch } = query.data
  const last = messages.at(-1)
  const lastChange = last?.endedAt ?? last?.startedAt ?? null
  const stale = isStaleCall({ ...conversation, status }, now, lastChange)
  return (
    <div
      className="stack conversation-detail"
      data-testid="conversation-detail"
      id={DETAIL_ROOT}
      tabIndex={-1}
    >
      <PinnedHeader
        conversation={conversation}
        agentName={agentLabel(agents, conversation.agentId)}
        watch={watch}
        now={now}
        stale={stale}
        lastChange={lastChange}
        evaluations={evaluations}
        onClose={props.onClose}
        onResume={reopen}
      />
      <div className="stack conversation-detail__body" data-testid="conversation-body">
        {(final || evaluations.length > 0) && (
          <EvaluationsPanel evaluations={evaluations} watch={watch} onCheckAgain={reopen} />
        )}
        <RecordingPlayer
          state={recording}
          final={final}
          onRetry={() => setRecordingAttempt((n) => n + 1)}
          onAudio={onAudio}
        />
        <TranscriptView
          key={conversation.id}
          conversation={conversation}
          messages={messages}
          live={!final}
          onSeek={recording.kind === 'ready' && hasAudio ? onSeek : null}
        />
        <ExportBar conversationId={conversation.id} />
        <ConversationDetails conversation={conversation} />
      </div>
    </div>
  )
}
