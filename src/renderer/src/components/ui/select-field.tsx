import type { ReactElement, ReactNode } from 'react'
import { Field } from './field'

/** One option of a select: the value stored, what the user reads, and whether it can be chosen. */
export interface SelectChoice {
  value: string
  label: string
  disabled?: boolean
}

/** The options of a list of choices, in the order given. */
export function ChoiceOptions(props: { choices: readonly SelectChoice[] }): ReactElement {
  return (
    <>
      {props.choices.map((choice) => (
        <option key={choice.value} value={choice.value} disabled={choice.disabled}>
          {choice.label}
        </option>
      ))}
    </>
  )
}

/**
 * A labelled select in the kit's field layout: the label above, the select below, named by its
 * label for assistive technology. The options are `choices`, or the children when a caller
 * groups or adds options of its own.
 */
export function SelectField(props: {
  label: string
  value: string | number
  onChange: (value: string) => void
  choices?: readonly SelectChoice[]
  disabled?: boolean
  describedBy?: string
  className?: string
  children?: ReactNode
}): ReactElement {
  return (
    <Field label={props.label} className={props.className}>
      <select
        className="input"
        value={props.value}
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.choices ? <ChoiceOptions choices={props.choices} /> : null}
        {props.children}
      </select>
    </Field>
  )
}
