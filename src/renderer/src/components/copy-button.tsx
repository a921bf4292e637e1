import { useState } from 'react'
import type { ReactElement } from 'react'
import { copyText } from '../lib/clipboard'

type CopyState = 'idle' | 'copied' | 'failed'

/**
 * A small "Copy" button for one value (an id, a hash, a block of JSON). It says "Copied" once the
 * text is on the clipboard (pressing it again copies again), and a screen reader hears what was
 * copied.
 */
export function CopyButton(props: {
  text: string
  /** What is copied, for the accessible name: "Copy {what}". */
  what: string
  className?: string
}): ReactElement {
  const [state, setState] = useState<CopyState>('idle')
  const onCopy = (): void => {
    copyText(props.text).then(
      () => setState('copied'),
      () => setState('failed'),
    )
  }
  return (
    <>
      <button
        type="button"
        className={`button button--small ${props.className ?? ''}`.trim()}
        onClick={onCopy}
        aria-label={`Copy ${props.what}`}
      >
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
      </button>
      <span role="status" className="visually-hidden">
        {state === 'copied'
          ? `${props.what[0]?.toUpperCase() ?? ''}${props.what.slice(1)} copied to the clipboard.`
          : state === 'failed'
            ? 'Could not copy.'
            : ''}
      </span>
    </>
  )
}
