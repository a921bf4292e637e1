import type { ReactElement, ReactNode } from 'react'

/**
 * The head of an Account card: its title (the card's accessible name, by `titleId`), what it is
 * for, and an optional control on the right (a picker, a button).
 */
export function CardHeader(props: {
  titleId: string
  title: string
  description: ReactNode
  children?: ReactNode
}): ReactElement {
  return (
    <div className="card__header">
      <div>
        <h2 id={props.titleId}>{props.title}</h2>
        <p className="card__description">{props.description}</p>
      </div>
      {props.children}
    </div>
  )
}
