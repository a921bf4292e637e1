import { ChevronRight } from 'lucide-react'
import type { ReactElement, ReactNode } from 'react'
import './disclosure.css'

/**
 * Details a reader opens when they want them: a native <details> whose summary is a button to the
 * keyboard (Tab reaches it, Enter or Space opens and closes it) and to screen readers (expanded or
 * collapsed). Each one starts closed (or `defaultOpen`) every time it is shown: nothing is
 * remembered between dialogs or sessions.
 */
export function Disclosure(props: {
  /** What is inside, in a few words: the summary line. */
  summary: string
  children: ReactNode
  defaultOpen?: boolean
  className?: string
  testId?: string
}): ReactElement {
  return (
    <details
      className={`disclosure${props.className === undefined ? '' : ` ${props.className}`}`}
      open={props.defaultOpen}
      data-testid={props.testId}
    >
      <summary className="disclosure__summary">
        <ChevronRight className="disclosure__chevron" aria-hidden="true" focusable="false" />
        <span>{props.summary}</span>
      </summary>
      <div className="disclosure__content">{props.children}</div>
    </details>
  )
}
