import type { ReactElement } from 'react'
import type { WatchState } from '../../../../../shared/domain/conversation-watch'
import { ErrorNotice } from '../../../components/error-notice'

function secondsUntil(iso: string | null, now: number): number | null {
  if (iso === null) return null
  const at = Date.parse(iso)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000))
}

/** One line on how the follow goes: live, slowed, reconnecting, waiting for scores, stopped. */
export function FollowStatus(props: {
  watch: WatchState
  now: number
  onResume: () => void
}): ReactElement | null {
  const { watch, now } = props
  if (watch.phase === 'stopped') {
    return (
      <div className="follow-stopped">
        {watch.error !== null && <ErrorNotice error={watch.error} testId="follow-error" />}
        <button type="button" className="button" onClick={props.onResume}>
          Try again
        </button>
      </div>
    )
  }
  let text: string
  let tone = 'follow-status--live'
  if (watch.phase === 'reconnecting') {
    const wait = secondsUntil(watch.nextReadAt, now)
    text = `Reconnecting… ${watch.error?.message ?? ''}${wait !== null && wait > 0 ? ` Next try in ${wait} s.` : ''}`
    tone = 'follow-status--warning'
  } else if (watch.phase === 'following') {
    text = watch.slowed
      ? 'Following. The window is hidden, so VoiceDesk checks every few seconds.'
      : 'Following live: new turns appear as they arrive.'
  } else if (watch.phase === 'evaluations') {
    text = 'The conversation has ended. Waiting for its evaluations…'
    tone = 'follow-status--idle'
  } else {
    return null
  }
  return (
    <p
      className={`meta-line follow-status ${tone}`}
      role="status"
      data-testid="follow-status"
      data-phase={watch.phase}
    >
      <span className="follow-status__dot" aria-hidden="true" />
      {text}
    </p>
  )
}
