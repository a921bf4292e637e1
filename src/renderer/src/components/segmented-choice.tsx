import type { ReactElement } from 'react'

/** One choice of a segmented group: the value it stands for and the words shown on it. */
export type SegmentedOption<T extends string> = { value: T; label: string }

/**
 * A row of joined radio buttons, one of which is chosen (the `.segmented` look): native radios, so
 * arrow keys move between the choices and the group is one tab stop. The accessible name comes
 * from `legend` (hidden, read by screen readers) or from `ariaLabel`.
 */
export function SegmentedChoice<T extends string>(props: {
  name: string
  options: readonly SegmentedOption<T>[]
  value: T
  onChange: (value: T) => void
  legend?: string
  ariaLabel?: string
  className?: string
}): ReactElement {
  const { name, options, value, legend } = props
  return (
    <fieldset
      className={props.className === undefined ? 'segmented' : `segmented ${props.className}`}
      aria-label={props.ariaLabel}
    >
      {legend === undefined ? null : <legend className="visually-hidden">{legend}</legend>}
      {options.map((option) => (
        <label key={option.value} className="segmented__option">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => props.onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  )
}
