import type { ReactElement, ReactNode } from 'react'
import { Field } from './field'

/** One option of a select: the value stored and what the user reads. */
export interface SelectChoice {
  value: string
  label: string
}

/** The options of a list of choices, in the order given. */
export function ChoiceOptions(props: { choices: readonly SelectChoice[] }): ReactElement {
  return (
    <>
      {props.choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </>
  )
}

/**
 * A labelled select in the kit's field layout: the label above, the select below, named by its
 * label for assistive technology. The options are its children.
 */
export function SelectField(props: {
  label: string
  value: string
  onChange: (value: string) => void
  disabled?: boolean
  children: ReactNode
}): ReactElement {
  return (
    <Field label={props.label}>
      <select
        className="input"
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.children}
      </select>
    </Field>
  )
}
