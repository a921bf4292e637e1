import type { ReactElement } from 'react'
import { CopyButton } from '../../../components/copy-button'

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
  const text = pretty(props.value)
  return (
    <div className="stack json-block">
      <div className="row row--spread json-block__head">
        <span className="json-block__label">{props.label}</span>
        <CopyButton text={text} what={`${props.label.toLowerCase()} as JSON`} />
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
        className="plain-button tool-card__toggle"
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
        <div className="auto-grid tool-card__body">
          <JsonBlock label="Arguments" value={props.args} highlight={props.highlight} />
          <JsonBlock label="Result" value={props.result} highlight={props.highlight} />
        </div>
      )}
    </div>
  )
}
