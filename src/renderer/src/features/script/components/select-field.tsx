import type { ReactElement } from 'react'
import { Field } from '../../../components/ui/field'

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
    <Field label={props.label} className={props.className}>
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
    </Field>
  )
}
