import type { ReactElement, ReactNode, RefObject } from 'react'

/** A labelled field of the new-voice form, with what is wrong with it (if anything) below. */
export function FormField(props: {
  id: string
  label: string
  problem?: string | null
  className?: string
  children: ReactNode
}): ReactElement {
  const problem = props.problem ?? null
  return (
    <div className={props.className === undefined ? 'field' : `field ${props.className}`}>
      <label className="field__label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
      {problem !== null && <span className="field__error">{problem}</span>}
    </div>
  )
}

/** A one-line text field of the new-voice form, marked invalid while it has a problem. */
export function DraftTextField(props: {
  id: string
  label: string
  value: string
  problem: string | null
  onChange: (value: string) => void
  inputRef?: RefObject<HTMLInputElement | null>
  type?: 'text' | 'email'
  autoComplete?: string
  maxLength?: number
}): ReactElement {
  const { id, label, value, problem, onChange, inputRef, type, autoComplete, maxLength } = props
  return (
    <FormField id={id} label={label} problem={problem}>
      <input
        ref={inputRef}
        id={id}
        className="input"
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={value}
        aria-invalid={problem !== null}
        onChange={(event) => onChange(event.target.value)}
      />
    </FormField>
  )
}
