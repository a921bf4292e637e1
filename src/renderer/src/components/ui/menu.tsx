import type { LucideIcon } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import type { KeyboardEvent, ReactElement, RefObject } from 'react'
import { useAnchorName } from './anchor'
import { IconButton } from './icon-button'
import { rovingTarget } from './roving'
import { shortcutLabel } from './shortcut-label'

/** One command in a menu. */
export interface MenuItem {
  id: string
  label: string
  icon?: LucideIcon | undefined
  /** Shown at the item's end, as in the application menu. */
  shortcut?: string | undefined
  onSelect: () => void
  disabled?: boolean | undefined
  /** A setting that is on or off (a panel shown): the item is a checkbox item. */
  checked?: boolean | undefined
  /** Draws a line above the item: the start of another group. */
  separatorBefore?: boolean | undefined
}

function menuItems(menu: HTMLElement): HTMLButtonElement[] {
  return Array.from(menu.querySelectorAll<HTMLButtonElement>('[role^="menuitem"]:not(:disabled)'))
}

/**
 * The popover side of a menu: whether it is open, the item focused as it opens (the first, or
 * the last after ArrowUp on its button), closing with the focus back on the button, and the keys
 * inside it (arrows, Home, End move; Tab leaves; Escape closes without closing a dialog behind).
 */
function useMenuPopover(): {
  menuRef: RefObject<HTMLDivElement | null>
  buttonRef: RefObject<HTMLButtonElement | null>
  open: boolean
  openAt: (which: 'first' | 'last') => void
  close: () => void
  onMenuKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void
} {
  const menuRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const focusOnOpen = useRef<'first' | 'last'>('first')

  useEffect(() => {
    const menu = menuRef.current
    if (menu === null) return
    const onToggle = (event: Event): void => {
      const opened = (event as ToggleEvent).newState === 'open'
      setOpen(opened)
      if (opened) {
        const items = menuItems(menu)
        ;(focusOnOpen.current === 'first' ? items[0] : items.at(-1))?.focus()
        focusOnOpen.current = 'first'
      }
    }
    menu.addEventListener('toggle', onToggle)
    return () => menu.removeEventListener('toggle', onToggle)
  }, [])

  const close = (): void => {
    const menu = menuRef.current
    if (menu?.matches(':popover-open')) menu.hidePopover()
    buttonRef.current?.focus()
  }
  const openAt = (which: 'first' | 'last'): void => {
    focusOnOpen.current = which
    menuRef.current?.showPopover()
  }
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const menu = menuRef.current
    if (menu === null) return
    const items = menuItems(menu)
    const at = items.indexOf(document.activeElement as HTMLButtonElement)
    const to = rovingTarget(event.key, at, items.length, 'vertical')
    if (to !== null) {
      event.preventDefault()
      items[to]?.focus()
    } else if (event.key === 'Tab') menu.hidePopover()
    else if (event.key === 'Escape') {
      // The popover closes itself; the focus goes back to the button, and no dialog behind closes.
      event.preventDefault()
      event.stopPropagation()
      close()
    }
  }
  return { menuRef, buttonRef, open, openAt, close, onMenuKeyDown }
}

/** One item of an open menu: its icon, its name, and its shortcut at the end. */
function MenuRow(props: { item: MenuItem; onChoose: () => void }): ReactElement {
  const { item } = props
  const Icon = item.icon
  return (
    <div role="none">
      {item.separatorBefore === true && <div role="separator" className="menu__separator" />}
      <button
        type="button"
        role={item.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
        aria-checked={item.checked}
        tabIndex={-1}
        className="menu__item"
        disabled={item.disabled ?? false}
        onClick={props.onChoose}
      >
        <span className="menu__icon" aria-hidden="true">
          {Icon !== undefined && <Icon focusable="false" />}
        </span>
        <span className="menu__label">{item.label}</span>
        {item.shortcut !== undefined && (
          <kbd className="menu__keys">{shortcutLabel(item.shortcut)}</kbd>
        )}
      </button>
    </div>
  )
}

/**
 * A button that opens a menu of commands. The menu is an auto popover in the top layer (Escape
 * and a click elsewhere close it, and no scroll box clips it); arrow keys, Home and End move
 * through its items, Tab leaves it, and closing it puts the focus back on the button.
 */
export function MenuButton(props: {
  label: string
  icon: LucideIcon
  items: MenuItem[]
  showLabel?: boolean
  hint?: string
  className?: string
}): ReactElement {
  const menuId = useId()
  const anchor = useAnchorName()
  const { menuRef, buttonRef, open, openAt, close, onMenuKeyDown } = useMenuPopover()
  return (
    <>
      <IconButton
        ref={buttonRef}
        label={props.label}
        icon={props.icon}
        {...(props.hint === undefined ? {} : { hint: props.hint })}
        showLabel={props.showLabel ?? false}
        {...(props.className === undefined ? {} : { className: props.className })}
        anchor={anchor}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        popoverTarget={menuId}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
          event.preventDefault()
          openAt(event.key === 'ArrowDown' ? 'first' : 'last')
        }}
      />
      <div
        ref={menuRef}
        id={menuId}
        popover="auto"
        role="menu"
        aria-label={props.label}
        className="menu"
        style={{ positionAnchor: anchor }}
        onKeyDown={onMenuKeyDown}
      >
        {props.items.map((item) => (
          <MenuRow
            key={item.id}
            item={item}
            onChoose={() => {
              close()
              item.onSelect()
            }}
          />
        ))}
      </div>
    </>
  )
}
