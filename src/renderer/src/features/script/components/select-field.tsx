import type { ReactElement } from 'react'

/** One choice of a {@link SelectField}. */
export interface SelectChoice {
  value: string
  label: string
  disabled?: boolean
}

/** A labelled drop-down of fixed choices: the render dialog's fields are one after another. */
export function SelectField(props: {
  label: string
  value: string | number
  choices: readonly SelectChoice[]
  onChange: (value: string) => void
  disabled?: boolean
  describedBy?: string
  className?: string
}): ReactElement {
  return (
    <label className={props.className ? `field ${props.className}` : 'field'}>
      <span className="field__label">{props.label}</span>
      <select
        className="input"
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value} disabled={choice.disabled}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  )
}
