import { useEffect, useRef } from 'react'
import type { ReactElement, ReactNode } from 'react'

/**
 * The title block of a workspace. The heading takes focus when the workspace was opened with a
 * keyboard shortcut, so screen readers announce where the user landed.
 */
export function WorkspaceHeader(props: {
  title: string
  description: ReactNode
  focusOnMount?: boolean
}): ReactElement {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const { focusOnMount = false } = props

  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus()
  }, [focusOnMount])

  return (
    <header className="workspace__header">
      <h1 ref={headingRef} id="workspace-title" tabIndex={-1}>
        {props.title}
      </h1>
      <p className="workspace__description">{props.description}</p>
    </header>
  )
}
