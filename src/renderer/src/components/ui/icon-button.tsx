import type { LucideIcon } from 'lucide-react'
import type { ButtonHTMLAttributes, ReactElement, Ref } from 'react'
import { useAnchorName } from './anchor'
import { ariaShortcut } from './shortcut-label'
import { useTooltip } from './tooltip'

export interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'children' | 'aria-label' | 'title'
> {
  /** The button's name: read by assistive technology, shown in the tooltip (or beside the icon). */
  label: string
  icon: LucideIcon
  /** A longer tooltip than the name, when the name alone does not say enough. */
  hint?: string
  /** The keys that do the same (Electron accelerator syntax), shown in the tooltip. */
  shortcut?: string | undefined
  /** Shows the name beside the icon (a primary action), not only in the tooltip. */
  showLabel?: boolean
  /**
   * A shorter word shown instead of the name beside the icon ("Pause" for "Insert a pause"); the
   * name stays what assistive technology reads, and it holds the word (label in name).
   */
  word?: string
  tone?: 'plain' | 'primary' | 'danger'
  /** Keeps the focus (and a text selection) where it is when clicked with the mouse. */
  keepFocus?: boolean
  /** The anchor name the tooltip (and a menu this button opens) is placed against. */
  anchor?: string
  ref?: Ref<HTMLButtonElement>
}

/** A compact button showing an icon, named for assistive technology, with a tooltip. */
export function IconButton(props: IconButtonProps): ReactElement {
  const {
    label,
    icon: Icon,
    hint,
    shortcut,
    showLabel = false,
    word,
    tone = 'plain',
    keepFocus = false,
    anchor: givenAnchor,
    className,
    style,
    ref,
    onMouseEnter,
    onMouseLeave,
    onFocus,
    onBlur,
    onKeyDown,
    onMouseDown,
    onClick,
    ...rest
  } = props
  const ownAnchor = useAnchorName()
  const anchor = givenAnchor ?? ownAnchor
  const { tooltip, open, show, hide } = useTooltip({ anchor, text: hint ?? label, shortcut })
  // An anchor name makes layout track the element; a row of icon buttons in every block of a
  // script would be a hundred anchors. So: only while its tooltip shows, or a menu hangs on it.
  const anchored = open || givenAnchor !== undefined
  // An open menu below the button: its tooltip would lie over it.
  const menuOpen = rest['aria-expanded'] === true

  return (
    <>
      <button
        type="button"
        ref={ref}
        className={`icon-button icon-button--${tone}${showLabel ? ' icon-button--labelled' : ''}${
          className === undefined ? '' : ` ${className}`
        }`}
        aria-label={showLabel && word === undefined ? undefined : label}
        aria-keyshortcuts={shortcut === undefined ? undefined : ariaShortcut(shortcut)}
        style={anchored ? { anchorName: anchor, ...style } : style}
        onMouseEnter={(event) => {
          if (!menuOpen) show()
          onMouseEnter?.(event)
        }}
        onMouseLeave={(event) => {
          hide()
          onMouseLeave?.(event)
        }}
        onFocus={(event) => {
          // Keyboard focus only: a click shows the tooltip by hovering already.
          if (!menuOpen && event.currentTarget.matches(':focus-visible')) show()
          onFocus?.(event)
        }}
        onBlur={(event) => {
          hide()
          onBlur?.(event)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') hide()
          onKeyDown?.(event)
        }}
        onMouseDown={(event) => {
          if (keepFocus) event.preventDefault()
          onMouseDown?.(event)
        }}
        onClick={(event) => {
          hide()
          onClick?.(event)
        }}
        {...rest}
      >
        <Icon className="icon-button__icon" aria-hidden="true" focusable="false" />
        {showLabel && <span className="icon-button__label">{word ?? label}</span>}
      </button>
      {tooltip}
    </>
  )
}
