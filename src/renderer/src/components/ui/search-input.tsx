import type { InputHTMLAttributes, ReactElement } from 'react'

/**
 * A search box named by `label` for screen readers (the placeholder says the same to the eye);
 * `onChange` gets the new text. Other input attributes (a key handler, aria-controls) pass through.
 */
export function SearchInput(
  props: {
    label: string
    placeholder: string
    value: string
    onChange: (value: string) => void
    className?: string
  } & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'type' | 'className'>,
): ReactElement {
  const { label, onChange, className, ...rest } = props
  return (
    <input
      {...rest}
      className={className === undefined ? 'input' : `input ${className}`}
      type="search"
      aria-label={label}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}
