import type { ReactElement, ReactNode } from 'react'

/**
 * An Account card: a section named by its title (through `titleId`), a header saying what it is
 * for with an optional control on the right (a picker, a button), then its body.
 */
export function Card(props: {
  /** Where the card sits in Account's layout (account.css: `account-area--<area>`). */
  area: 'key' | 'verify' | 'plan' | 'usage'
  titleId: string
  title: string
  description: ReactNode
  control?: ReactNode
  children: ReactNode
}): ReactElement {
  return (
    <section className={`card account-area--${props.area}`} aria-labelledby={props.titleId}>
      <div className="card__header">
        <div>
          <h2 id={props.titleId}>{props.title}</h2>
          <p className="card__description">{props.description}</p>
        </div>
        {props.control}
      </div>
      {props.children}
    </section>
  )
}
