import { useState } from 'react'
import type { ReactElement } from 'react'

type CopyState = 'idle' | 'copied' | 'failed'

/**
 * Copies text: the async clipboard first; when the page may not use it (a permission policy that
 * allows no clipboard access), the selection-based copy that a click is always allowed to do.
 */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    return
  } catch {
    // Fall through to the selection copy below.
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.className = 'visually-hidden'
  document.body.append(area)
  const focused = document.activeElement
  area.select()
  const copied = document.execCommand('copy')
  area.remove()
  if (focused instanceof HTMLElement) focused.focus()
  if (!copied) throw new Error('The clipboard is not available.')
}

function pretty(value: unknown): string {
  if (value === undefined) return 'null'
  return JSON.stringify(value, null, 2) ?? 'null'
}

/** A labelled JSON block with a copy button (the exact pretty JSON shown). */
function JsonBlock(props: {
  label: string
  value: unknown
  highlight: (text: string) => ReactElement
}): ReactElement {
  const [copy, setCopy] = useState<CopyState>('idle')
  const text = pretty(props.value)
  const onCopy = (): void => {
    copyText(text).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    )
  }
  return (
    <div className="json-block">
      <div className="json-block__head">
        <span className="json-block__label">{props.label}</span>
        <button
          type="button"
          className="button button--small"
          onClick={onCopy}
          aria-label={`Copy ${props.label.toLowerCase()} as JSON`}
        >
          {copy === 'copied' ? 'Copied' : copy === 'failed' ? 'Copy failed' : 'Copy'}
        </button>
        <span role="status" className="visually-hidden">
          {copy === 'copied'
            ? `${props.label} copied to the clipboard.`
            : copy === 'failed'
              ? 'Could not copy.'
              : ''}
        </span>
      </div>
      <pre className="json-block__code" data-testid={`tool-${props.label.toLowerCase()}`}>
        {props.highlight(text)}
      </pre>
    </div>
  )
}

/** A tool call: its name, and its arguments and result as collapsible, copyable JSON. */
export function ToolCallCard(props: {
  name: string | null
  args: unknown
  result: unknown
  content: string
  expanded: boolean
  onToggle: () => void
  highlight: (text: string) => ReactElement
}): ReactElement {
  const { expanded } = props
  const hasResult = props.result !== null && props.result !== undefined
  return (
    <div className="tool-card" data-testid="tool-card">
      <button
        type="button"
        className="tool-card__toggle"
        aria-expanded={expanded}
        onClick={props.onToggle}
      >
        <span className="tool-card__chevron" aria-hidden="true">
          {expanded ? '▾' : '▸'}
        </span>
        <span>Tool call</span>
        <code className="tool-card__name">{props.highlight(props.name ?? 'unnamed')}</code>
        {!hasResult && <span className="chip">no result yet</span>}
      </button>
      {props.content.trim() !== '' && (
        <p className="tool-card__note">{props.highlight(props.content)}</p>
      )}
      {expanded && (
        <div className="tool-card__body">
          <JsonBlock label="Arguments" value={props.args} highlight={props.highlight} />
          <JsonBlock label="Result" value={props.result} highlight={props.highlight} />
        </div>
      )}
    </div>
  )
}
