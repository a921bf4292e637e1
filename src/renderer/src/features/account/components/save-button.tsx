import type { ReactElement } from 'react'

/** The submit button beside an account field: "Saving…" while the save runs. */
export function SaveButton(props: {
  label: string
  pending: boolean
  disabled?: boolean
  /** False for a save under Advanced: the screen's one primary action is "Save key". */
  primary?: boolean
}): ReactElement {
  return (
    <button
      type="submit"
      className={`button${props.primary === false ? '' : ' button--primary'} inline-form__action`}
      disabled={props.pending || props.disabled === true}
    >
      {props.pending ? 'Saving…' : props.label}
    </button>
  )
}
