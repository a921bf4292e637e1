import { useEffect, useState } from 'react'
import type { ReactElement } from 'react'

type CopyState = 'idle' | 'copied' | 'failed'

/**
 * Copies `value` to the clipboard and says so beside the button for two seconds (announced as a
 * status). `what` names the value for screen readers: "Copy voice id".
 */
export function CopyButton(props: { value: string; what: string }): ReactElement {
  const [state, setState] = useState<CopyState>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = window.setTimeout(() => setState('idle'), 2000)
    return () => window.clearTimeout(timer)
  }, [state])
  return (
    <span className="copy-button">
      <button
        type="button"
        className="button button--small"
        aria-label={`Copy ${props.what}`}
        onClick={() => {
          navigator.clipboard.writeText(props.value).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }}
      >
        Copy
      </button>
      <span role="status" className="field__hint copy-button__status">
        {state === 'copied' && 'Copied'}
        {state === 'failed' && 'Could not copy'}
      </span>
    </span>
  )
}
