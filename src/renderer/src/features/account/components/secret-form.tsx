import { useRef, useState } from 'react'
import type { FormEvent, ReactElement, ReactNode, RefObject } from 'react'
import { ErrorNotice } from '../../../components/error-notice'
import { fieldError } from '../../../lib/error-messages'
import { SaveButton } from './save-button'

/** What is wrong with a pasted secret before it is sent, or null. */
function secretProblem(secret: string, label: string, minLength: number): string | null {
  if (secret.length === 0) return `Paste the ${label.toLowerCase()} first.`
  if (secret.length < minLength)
    return `That is too short for an ${label.toLowerCase()}: paste the whole value.`
  return null
}

/** Submit: what runs first (beforeSave), the check of the secret, then the save; emptied once saved. */
function useSecretSubmit(args: {
  inputRef: RefObject<HTMLInputElement | null>
  label: string
  minLength: number
  save: (secret: string) => Promise<unknown>
  setLocalError: (message: string | null) => void
  beforeSave?: (secret: string) => Promise<boolean>
}): (event: FormEvent<HTMLFormElement>) => Promise<void> {
  const { inputRef, setLocalError } = args
  return async (event) => {
    event.preventDefault()
    const form = event.currentTarget
    const secret = inputRef.current?.value.trim() ?? ''
    if (args.beforeSave !== undefined && !(await args.beforeSave(secret))) return
    const problem = secretProblem(secret, args.label, args.minLength)
    if (problem !== null) {
      setLocalError(problem)
      inputRef.current?.focus()
      return
    }
    setLocalError(null)
    args.save(secret).then(
      () => form.reset(),
      () => inputRef.current?.focus(),
    )
  }
}

/**
 * A write-only form for a secret (API key or access token). Why uncontrolled: the secret lives only
 * in the password field's value until submitted; it is never React state, never a DOM attribute,
 * never in a store. After a successful save the field is emptied and the mutation reset, so no copy
 * stays in memory on this side.
 */
export function SecretForm(props: {
  id: string
  label: string
  hint: string
  placeholder: string
  submitLabel: string
  /** Whether its submit is the screen's primary action. */
  primary: boolean
  /** The contract field name, to pick its VALIDATION_FAILED message. */
  field: string
  minLength: number
  save: (secret: string) => Promise<unknown>
  pending: boolean
  error: unknown
  onEdit: () => void
  /** Fields above the secret that the same button sends first (the first run's address). */
  children?: ReactNode
  /** Beside the hint: where a secret is got (the first run's link to the service's website). */
  aside?: ReactNode
  /**
   * Runs on submit before the secret is checked: false stops the save (it has shown why, or saved
   * what was asked without a secret). Given what was pasted, trimmed.
   */
  beforeSave?: (secret: string) => Promise<boolean>
}): ReactElement {
  const { id, label, hint, placeholder, submitLabel, field, pending } = props
  const inputRef = useRef<HTMLInputElement>(null)
  const [localError, setLocalError] = useState<string | null>(null)
  const serverFieldError = fieldError(props.error, field)
  const message = localError ?? serverFieldError
  const errorId = `${id}-error`
  const hintId = `${id}-hint`

  const submit = useSecretSubmit({ ...props, inputRef, setLocalError })

  return (
    <form
      className={`inline-form${props.children === undefined ? '' : ' secret-form--stacked'}`}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      {props.children}
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <input
          ref={inputRef}
          id={id}
          name={field}
          className="input input--mono"
          type="password"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          aria-invalid={message !== null}
          aria-describedby={message !== null ? `${errorId} ${hintId}` : hintId}
          onChange={() => {
            if (localError !== null) setLocalError(null)
            props.onEdit()
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.currentTarget.value = ''
              setLocalError(null)
              props.onEdit()
            }
          }}
        />
        {message !== null && (
          <p id={errorId} className="field__error" data-testid={`${id}-error`}>
            {message}
          </p>
        )}
        <p id={hintId} className="field__hint">
          {hint}
        </p>
        {props.aside}
        {props.error !== null && serverFieldError === null && <ErrorNotice error={props.error} />}
      </div>
      <SaveButton label={submitLabel} pending={pending} primary={props.primary} />
    </form>
  )
}
