import type { ReactElement } from 'react'
import { useAnchorName } from '../components/ui/anchor'
import { useTooltip } from '../components/ui/tooltip'
import { useAccountStatus, useUsage } from '../features/account/api/account-queries'
import { useMinuteNow } from '../features/account/hooks/use-now'
import { accountState } from './account-words'
import { useNavigationStore } from './navigation-store'

/** The account's state under the workspace list: a dot that tells the truth, and Account on click. */
export function AccountState(): ReactElement {
  const { data: status } = useAccountStatus()
  // The same cached report Account reads, so the dot and the notice never disagree.
  const { data: usage } = useUsage()
  const open = useNavigationStore((state) => state.open)
  const now = useMinuteNow()
  const anchor = useAnchorName()
  const state = status === undefined ? null : accountState(status, now, usage?.outOfCreditAt)
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
