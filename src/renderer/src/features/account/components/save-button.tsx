import type { ReactElement } from 'react'

/** The submit button beside an account field: "Saving…" while the save runs. */
export function SaveButton(props: {
  label: string
  pending: boolean
  disabled?: boolean
}): ReactElement {
  return (
    <button
      type="submit"
      className="button button--primary inline-form__action"
      disabled={props.pending || props.disabled === true}
    >
      {props.pending ? 'Saving…' : props.label}
    </button>
  )
}
