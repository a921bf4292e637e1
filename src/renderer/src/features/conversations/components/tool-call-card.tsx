import { useId } from 'react'
import type { ReactElement } from 'react'
import { dataValueText, humanizeCode } from '../../../../../shared/domain/conversation-format'
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

/** Fields of an argument or result object, each as "Name: value" in words; a bare value as one. */
function fieldsOf(value: unknown): [string, string][] {
  if (value === null || value === undefined) return []
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>).map(([k, v]) => [
      humanizeCode(k),
      dataValueText(v),
    ])
  }
  return [['Value', dataValueText(value)]]
}

/** A small key/value list of a tool's inputs or answer, in words. */
function Fields(props: {
  label: string
  value: unknown
  highlight: (text: string) => ReactElement
  testId: string
}): ReactElement | null {
  const fields = fieldsOf(props.value)
  if (fields.length === 0) return null
  return (
    <div className="tool-card__fields">
      <span className="tool-card__fields-label">{props.label}</span>
      <dl data-testid={props.testId}>
        {fields.map(([name, text]) => (
          <div key={name} className="tool-card__field">
            <dt>{name}</dt>
            <dd>{props.highlight(text)}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

/**
 * A tool call in words: what the agent did ("Check availability"), what it asked with and what
 * came back as short key/value lists; the exact JSON behind Details.
 */
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
  const detailsId = useId()
  const hasResult = props.result !== null && props.result !== undefined
  const title = props.name === null ? 'A tool' : humanizeCode(props.name)
  return (
    <div className="tool-card" data-testid="tool-card">
      <div className="tool-card__head">
        <span className="tool-card__kind">The agent used a tool:</span>
        <strong className="tool-card__name" data-testid="tool-name">
          {props.highlight(title)}
        </strong>
        {!hasResult && <span className="chip">no answer yet</span>}
        <button
          type="button"
          className="plain-button tool-card__toggle"
          aria-expanded={expanded}
          aria-controls={detailsId}
          aria-label={`Details of ${title} (${props.name ?? 'unnamed'})`}
          onClick={props.onToggle}
        >
          {expanded ? 'Hide details' : 'Details'}
        </button>
      </div>
      <div className="tool-card__summary">
        <Fields
          label="Asked with"
          value={props.args}
          highlight={props.highlight}
          testId="tool-args-words"
        />
        {hasResult ? (
          <Fields
            label="Answer"
            value={props.result}
            highlight={props.highlight}
            testId="tool-result-words"
          />
        ) : null}
      </div>
      {props.content.trim() !== '' && (
        <p className="tool-card__note">{props.highlight(props.content)}</p>
      )}
      {expanded && (
        <div className="auto-grid tool-card__body" id={detailsId}>
          <p className="field__hint tool-card__raw">
            As the service sent it: <code>{props.name ?? 'unnamed'}</code>
          </p>
          <JsonBlock label="Arguments" value={props.args} highlight={props.highlight} />
          <JsonBlock label="Result" value={props.result} highlight={props.highlight} />
        </div>
      )}
    </div>
  )
}
