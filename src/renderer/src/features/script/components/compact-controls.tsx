import type { ReactElement, ReactNode } from 'react'

/** A checkbox beside its words, as the find bar's and the lexicon's options show them. */
export function OptionCheckbox(props: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
}): ReactElement {
  return (
    <label className="find-bar__option">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />{' '}
      {props.label}
    </label>
  )
}

/** A one-line text field named by its placeholder (the panels have no room for a label above). */
export function NamedInput(props: {
  label: string
  placeholder?: string
  value: string
  onChange: (value: string) => void
  onEscape?: () => void
}): ReactElement {
  return (
    <input
      className="input"
      aria-label={props.label}
      placeholder={props.placeholder ?? props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      onKeyDown={
        props.onEscape === undefined
          ? undefined
          : (event) => {
              if (event.key === 'Escape') props.onEscape?.()
            }
      }
    />
  )
}

/** A small button of a panel's row. */
export function SmallButton(props: {
  onClick: () => void
  disabled?: boolean
  label?: string
  title?: string
  children: ReactNode
}): ReactElement {
  return (
    <button
      type="button"
      className="button button--small"
      aria-label={props.label}
      title={props.title}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  )
}
