import { useRef } from 'react'
import type { KeyboardEvent, ReactElement } from 'react'
import { WaveIcon } from '../components/icons'
import { AccountState } from './account-state'
import { useAppInfo } from './api/app-api'
import { useNavigationStore } from './navigation-store'
import { shortcutLabel } from './platform'
import { ThemePicker } from './theme'
import { WORKSPACES } from './workspaces'

/**
 * The workspace list. One tab stop (roving tabindex): Tab enters and leaves it, arrow keys and
 * Home/End move between workspaces and open them, the open one carries aria-current.
 */
export function Sidebar(props: { onShowShortcuts: () => void }): ReactElement {
  const current = useNavigationStore((state) => state.current)
  const open = useNavigationStore((state) => state.open)
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([])

  const moveTo = (index: number): void => {
    const count = WORKSPACES.length
    const next = WORKSPACES[((index % count) + count) % count]
    if (next === undefined) return
    open(next.id, 'sidebar-keys')
    itemRefs.current[WORKSPACES.indexOf(next)]?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number): void => {
    const keys: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowRight: index + 1,
      ArrowUp: index - 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: WORKSPACES.length - 1,
    }
    const target = keys[event.key]
    if (target === undefined) return
    event.preventDefault()
    moveTo(target)
  }

  return (
    <aside className="sidebar">
      <div className="sidebar__brand">
        <span className="sidebar__logo">
          <WaveIcon />
        </span>
        VoiceDesk
      </div>
      <nav aria-label="Workspaces">
        <p className="sidebar__section-label" id="workspaces-label">
          Workspaces
        </p>
        <ul className="sidebar__list" aria-labelledby="workspaces-label">
          {WORKSPACES.map((workspace, index) => {
            const active = workspace.id === current
            return (
              <li key={workspace.id}>
                <button
                  ref={(element) => {
                    itemRefs.current[index] = element
                  }}
                  type="button"
                  className="sidebar__item"
                  aria-current={active ? 'page' : undefined}
                  aria-keyshortcuts={`Control+${workspace.digit} Meta+${workspace.digit}`}
                  tabIndex={active ? 0 : -1}
                  data-testid={`nav-${workspace.id}`}
                  onClick={() => open(workspace.id, 'pointer')}
                  onKeyDown={(event) => onKeyDown(event, index)}
                >
                  <workspace.Icon className="sidebar__icon" />
                  <span className="sidebar__label">{workspace.label}</span>
                  <kbd className="sidebar__shortcut" aria-hidden="true">
                    {shortcutLabel(workspace.digit)}
                  </kbd>
                </button>
              </li>
            )
          })}
        </ul>
      </nav>
      <SidebarFooter onShowShortcuts={props.onShowShortcuts} />
    </aside>
  )
}

/** Theme, the shortcuts sheet, the account's state and the app's version, under the list. */
function SidebarFooter(props: { onShowShortcuts: () => void }): ReactElement {
  const { data: info } = useAppInfo()
  return (
    <div className="sidebar__footer">
      <ThemePicker />
      <button
        type="button"
        className="sidebar__shortcuts"
        aria-keyshortcuts="Control+/ Meta+/"
        onClick={props.onShowShortcuts}
      >
        Keyboard shortcuts <kbd>{shortcutLabel('/')}</kbd>
      </button>
      <AccountState />
      <span data-testid="app-version">
        {info === undefined ? '\u00a0' : `${info.name} ${info.version}`}
        {info?.usingSandbox === true && ' · demo service'}
      </span>
    </div>
  )
}
