import type { ReactElement, ReactNode } from 'react'

/**
 * A control in the kit's field layout: its label above it, the whole wrapped in the label so the
 * control is named by it and a click on the words reaches it. The control is the child.
 */
export function Field(props: {
  label: string
  className?: string
  children: ReactNode
}): ReactElement {
  return (
    <label className={props.className ? `field ${props.className}` : 'field'}>
      <span className="field__label">{props.label}</span>
      {props.children}
    </label>
  )
}
