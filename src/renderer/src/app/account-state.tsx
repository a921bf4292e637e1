import type { ReactElement } from 'react'
import type { AccountStatus } from '../../../shared/domain/account'
import { useAnchorName } from '../components/ui/anchor'
import { useTooltip } from '../components/ui/tooltip'
import { useAccountStatus } from '../features/account/api/account-queries'
import { useMinuteNow } from '../features/account/hooks/use-now'
import { humanPastTime } from '../lib/human-time'
import { useNavigationStore } from './navigation-store'

type Tone = 'ok' | 'warning' | 'danger' | 'unknown'

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl
  }
}

/**
 * What the dot says, in words: the short text beside it, its colour, and the sentence its
 * tooltip and accessible name give. Why from the last check only: green is a promise that the
 * service answered this key at this address, never a guess from a key being saved.
 */
export function accountState(
  status: AccountStatus,
  nowMs: number,
): { text: string; tone: Tone; sentence: string } {
  const checked =
    status.checkedAt === null ? '' : ` Checked ${humanPastTime(status.checkedAt, nowMs)}.`
  if (status.credential === 'none')
    return {
      text: 'No API key',
      tone: 'unknown',
      sentence: 'No API key yet. Open Account to paste it.',
    }
  const name =
    status.credential === 'sandbox'
      ? 'Sandbox'
      : `${status.credential === 'apiKey' ? 'Key' : 'Token'} ${status.keyHint ?? ''}`
  const host = hostOf(status.baseUrl)
  if (status.keyFor?.usable === false)
    return {
      text: `${name} · other service`,
      tone: 'warning',
      sentence: `The saved key belongs to another service, so nothing is sent to ${host}. Open Account to fix it.`,
    }
  if (status.rejected)
    return {
      text: `${name} · not accepted`,
      tone: 'danger',
      sentence: `The service at ${host} did not accept this key. Open Account to paste a new one.`,
    }
  if (status.connection === 'unreachable')
    return {
      text: `${name} · can't reach`,
      tone: 'danger',
      sentence: `Can't reach the service at ${host}.${checked} Open Account to try again.`,
    }
  if (status.connection === 'connected')
    return {
      text: name,
      tone: status.storage === 'session' ? 'warning' : 'ok',
      sentence: `Connected to the service at ${host}.${checked}${status.storage === 'session' ? ' The key is kept for this session only.' : ''}`,
    }
  return {
    text: name,
    tone: 'unknown',
    sentence: `Not checked yet. Open Account to check the connection to ${host}.`,
  }
}

/** The account's state under the workspace list: a dot that tells the truth, and Account on click. */
export function AccountState(): ReactElement {
  const { data: status } = useAccountStatus()
  const open = useNavigationStore((state) => state.open)
  const now = useMinuteNow()
  const anchor = useAnchorName()
  const state = status === undefined ? null : accountState(status, now)
  const { tooltip, open: shown, show, hide } = useTooltip({ anchor, text: state?.sentence ?? '' })
  if (state === null) return <span className="skeleton" />
  const dot = state.tone === 'unknown' ? '' : `status-dot--${state.tone}`
  return (
    <>
      <button
        type="button"
        className="row sidebar__account"
        data-testid="sidebar-account"
        data-tone={dot}
        data-state={state.tone}
        aria-label={`Account: ${state.sentence}`}
        style={shown ? { anchorName: anchor } : undefined}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
        onKeyDown={(event) => {
          if (event.key === 'Escape') hide()
        }}
        onClick={() => open('account', 'pointer')}
      >
        <span
          aria-hidden="true"
          className={
            state.tone === 'unknown'
              ? 'status-dot status-dot--unknown'
              : `status-dot ${dot} tone--${state.tone}`
          }
        />
        {state.text}
      </button>
      {tooltip}
    </>
  )
}
