import type { LucideIcon } from 'lucide-react'
import { ChevronDown } from 'lucide-react'
import type { ReactElement } from 'react'
import { IconButton } from './icon-button'
import type { MenuItem } from './menu'
import { MenuButton } from './menu'

/**
 * The usual action and, beside it, a menu of its variants (Save, then Save as…): two buttons in
 * one group, so each is its own tab stop with its own name.
 */
export function SplitButton(props: {
  label: string
  icon: LucideIcon
  hint?: string
  shortcut?: string | undefined
  onClick: () => void
  /** What the menu button is called: "More ways to save". */
  menuLabel: string
  items: MenuItem[]
  /** A dot on the icon (unsaved changes), named in the tooltip. */
  badge?: boolean
}): ReactElement {
  return (
    <span className={`split-button${props.badge === true ? ' split-button--badge' : ''}`}>
      <IconButton
        label={props.label}
        icon={props.icon}
        {...(props.hint === undefined ? {} : { hint: props.hint })}
        shortcut={props.shortcut}
        className="split-button__main"
        onClick={props.onClick}
      />
      <MenuButton
        label={props.menuLabel}
        icon={ChevronDown}
        items={props.items}
        className="split-button__menu"
      />
    </span>
  )
}
