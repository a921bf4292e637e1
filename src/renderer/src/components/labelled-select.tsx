import { useId } from 'react'
import type { ReactElement } from 'react'

/** One entry of a select: the value it sets and the words shown for it. */
export type SelectOption<V extends string> = { value: V; label: string }

/**
 * The options of a filter that may be left open: "Any …" (the empty value) first, then one for
 * each of `items` as `toOption` words it.
 */
export function withAnyOption<T, V extends string>(
  anyLabel: string,
  items: readonly T[],
  toOption: (item: T) => SelectOption<V>,
): SelectOption<V | ''>[] {
  return [{ value: '', label: anyLabel }, ...items.map(toOption)]
}

/**
 * A select inside its label, as the filter bars use it; `value` is always one of `options`. With
 * `hideLabel` the label is read by screen readers only (the options say what the select is).
 */
export function LabelledSelect<V extends string>(props: {
  label: string
  value: V
  options: readonly SelectOption<V>[]
  onChange: (value: V) => void
  className: string
  hideLabel?: boolean
  /** For a button elsewhere that takes the user to this choice. */
  selectId?: string
}): ReactElement {
  // Why aria-labelledby: a select inside its label takes its options' text into its name too.
  const labelId = useId()
  return (
    <label className={props.className}>
      <span id={labelId} className={props.hideLabel === true ? 'visually-hidden' : undefined}>
        {props.label}
      </span>
      <select
        id={props.selectId}
        className="input"
        aria-labelledby={labelId}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as V)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  )
}
