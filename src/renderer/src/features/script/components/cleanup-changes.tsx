import { useState } from 'react'
import type { ReactElement } from 'react'
import type { CleanupPreview, CleanupRuleReport } from '../../../../../shared/domain/cleanup-rules'
import { formatCount } from '../../../../../shared/limits'
import { Disclosure } from '../../../components/ui/disclosure'
import { Undo2 } from 'lucide-react'

/** Changes listed at first under each rule; "Show all" lists the rest the report holds. */
const FIRST_CHANGES = 20

function savedWords(report: CleanupRuleReport): string {
  const saved = report.charactersSaved
  if (saved === 0) return ''
  return saved > 0
    ? ` · ${formatCount(saved)} characters fewer`
    : ` · ${formatCount(-saved)} characters more`
}

/** A change as one line: the words around it, what goes struck through, what comes underlined. */
function ChangeLine(props: { before: string; after: string }): ReactElement {
  const { before, after } = props
  let head = 0
  while (head < before.length && head < after.length && before[head] === after[head]) head += 1
  let tail = 0
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail += 1
  }
  const removed = before.slice(head, before.length - tail)
  const added = after.slice(head, after.length - tail)
  return (
    <span className="cleanup__line">
      {before.slice(0, head)}
      {removed !== '' && (
        <del className="cleanup__removed">
          <span className="visually-hidden">removed: </span>
          {removed}
        </del>
      )}
      {added !== '' && (
        <ins className="cleanup__added">
          <span className="visually-hidden">added: </span>
          {added}
        </ins>
      )}
      {before.slice(before.length - tail)}
    </span>
  )
}

/** "Block 3": where a change is when the caller has nothing better to say. */
function blockPlace(block: number): string {
  return `Block ${formatCount(block + 1)}`
}

function RuleChanges(props: {
  report: CleanupRuleReport
  onUndo: () => void
  placeOf: (block: number) => string
}): ReactElement {
  const { report } = props
  const count = `${formatCount(report.count)} ${report.count === 1 ? 'change' : 'changes'}`
  const [all, setAll] = useState(false)
  const shown = all ? report.changes : report.changes.slice(0, FIRST_CHANGES)
  return (
    <div className="cleanup__rule-changes">
      <Disclosure summary={`${report.label}: ${count}${savedWords(report)}`}>
        <ol className="cleanup__changes">
          {shown.map((change, i) => (
            <li key={i} className="cleanup__change">
              <span className="cleanup__where">{props.placeOf(change.block)}</span>
              <ChangeLine before={change.before} after={change.after} />
            </li>
          ))}
        </ol>
        {report.changes.length > shown.length && (
          <button type="button" className="button button--small" onClick={() => setAll(true)}>
            Show all {formatCount(report.changes.length)}
          </button>
        )}
        {report.count > report.changes.length && all && (
          <p className="field__hint">
            The first {formatCount(report.changes.length)} of {formatCount(report.count)} are
            listed.
          </p>
        )}
      </Disclosure>
      {/* Undo takes this rule's changes out (the rule is turned off, and can be turned on again);
      its name says how many and of which rule, its face only Undo, to leave the list its width. */}
      <button
        type="button"
        className="button button--small cleanup__undo"
        aria-label={`Undo ${count} of “${report.label}”`}
        onClick={props.onUndo}
      >
        <Undo2 size={14} aria-hidden /> Undo
      </button>
    </div>
  )
}

/**
 * What each rule would change: a rule per disclosure, each change as before and after, and Undo
 * beside each rule to take its changes out.
 */
export function CleanupChanges(props: {
  preview: CleanupPreview | null
  loading: boolean
  /** Turns off the rule behind a report (its id): that rule's changes leave the preview. */
  onUndo: (reportId: string) => void
  /** Where a change is ("Chapter 3, paragraph 12"); "Block 3" when not given. */
  placeOf?: (block: number) => string
}): ReactElement {
  const changed = props.preview?.reports.filter((r) => r.count > 0) ?? []
  return (
    <section
      className="cleanup__preview"
      aria-labelledby="cleanup-preview-title"
      aria-busy={props.loading}
    >
      <h3 id="cleanup-preview-title" className="cleanup__preview-title">
        What changes
      </h3>
      {props.preview === null ? (
        <p className="field__hint">Looking through the script…</p>
      ) : changed.length === 0 ? (
        <p className="field__hint">Nothing to change with these rules.</p>
      ) : (
        changed.map((report) => (
          <RuleChanges
            key={report.id}
            report={report}
            onUndo={() => props.onUndo(report.id)}
            placeOf={props.placeOf ?? blockPlace}
          />
        ))
      )}
    </section>
  )
}
