import { ChevronRight } from 'lucide-react'
import type { ReactElement, ReactNode } from 'react'
import { useDisclosure } from './use-disclosure'
import './disclosure.css'

/**
 * Details a reader opens when they want them: a button that says whether it is expanded, and the
 * part it shows and hides. A real button (not a native <summary>) so that keyboard users (Tab
 * reaches it, Enter or Space opens and closes it), screen readers and tests all meet the same
 * thing: a button named by its summary, expanded or collapsed. What is hidden stays in the page
 * (a copy button's state survives closing). Each one starts closed (or `defaultOpen`) every time
 * it is shown: nothing is remembered between dialogs or sessions.
 */
export function Disclosure(props: {
  /** What is inside, in a few words: the button's words. */
  summary: string
  children: ReactNode
  defaultOpen?: boolean
  /** On the whole disclosure (button and content), for where it sits on its screen. */
  className?: string
  testId?: string
}): ReactElement {
  const { open, toggleProps, contentId } = useDisclosure(props.defaultOpen === true)
  return (
    <div
      className={`disclosure${props.className === undefined ? '' : ` ${props.className}`}`}
      data-open={open ? 'true' : 'false'}
      data-testid={props.testId}
    >
      <button type="button" className="disclosure__summary" {...toggleProps}>
        <ChevronRight className="disclosure__chevron" aria-hidden="true" focusable="false" />
        <span>{props.summary}</span>
      </button>
      <div id={contentId} className="disclosure__content" hidden={!open}>
        {props.children}
      </div>
    </div>
  )
}
