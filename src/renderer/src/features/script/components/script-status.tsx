import type { ReactElement } from 'react'
import { ErrorNotice } from '../../../components/error-notice'
import { formatClock } from '../../../lib/format'
import type { ScriptAudio } from '../hooks/use-script-audio'
import { useScriptDocumentStore } from '../stores/script-document-store'

/** The totals line: its own component, so the keystrokes that change it re-render only it. */
export function ScriptTotals(): ReactElement {
  const totalChars = useScriptDocumentStore((s) => s.totalChars)
  const totalBillable = useScriptDocumentStore((s) => s.totalBillable)
  const blockCount = useScriptDocumentStore((s) => s.order.length)
  return (
    <footer
      className="script-status"
      data-testid="script-totals"
      title={
        totalBillable === totalChars
          ? undefined
          : 'Your plan counts the words as they are said (Pronunciations, “say it as”), without markup'
      }
    >
      {blockCount.toLocaleString()} {blockCount === 1 ? 'block' : 'blocks'} ·{' '}
      {totalChars.toLocaleString()} characters
      {/* One figure when the plan counts what is written; both, named, when it does not. */}
      {totalBillable === totalChars
        ? ''
        : ` · ${totalBillable.toLocaleString()} as spoken, which your plan counts`}
    </footer>
  )
}

/** What is playing (a preview, an audition, a rendered block), where, and why it failed. */
export function PlaybackStatus(props: { audio: ScriptAudio }): ReactElement {
  const { audio } = props
  return (
    <>
      {audio.status !== 'idle' && (
        <div
          className="script-player"
          role="status"
          data-testid="script-player"
          data-status={audio.status}
          data-stream={audio.streamPhase ?? 'none'}
        >
          <span>
            {audio.label}:{' '}
            {audio.status === 'loading' ? 'waiting for the first audio…' : audio.status}
            {audio.paused ? ' (paused)' : ''} · {formatClock(audio.positionSec)}
          </span>
          {audio.error !== null && audio.failure === null && (
            <span className="field__error">{audio.error}</span>
          )}
        </div>
      )}
      {audio.failure !== null && <ErrorNotice error={audio.failure} testId="script-audio-error" />}
    </>
  )
}
