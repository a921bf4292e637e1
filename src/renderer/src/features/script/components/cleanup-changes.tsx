import { useState } from 'react'
import type { ReactElement } from 'react'
import type { CleanupPreview, CleanupRuleReport } from '../../../../../shared/domain/cleanup-rules'
import { formatCount } from '../../../../../shared/limits'
import { Disclosure } from '../../../components/ui/disclosure'

/** Changes listed at first under each rule; "Show all" lists the rest the report holds. */
const FIRST_CHANGES = 20

function savedWords(report: CleanupRuleReport): string {
  const saved = report.charactersSaved
  if (saved === 0) return ''
  return saved > 0
    ? ` · ${formatCount(saved)} characters fewer`
    : ` · ${formatCount(-saved)} characters more`
}

function RuleChanges(props: { report: CleanupRuleReport }): ReactElement {
  const { report } = props
  const [all, setAll] = useState(false)
  const shown = all ? report.changes : report.changes.slice(0, FIRST_CHANGES)
  return (
    <Disclosure
      summary={`${report.label}: ${formatCount(report.count)} ${report.count === 1 ? 'change' : 'changes'}${savedWords(report)}`}
    >
      <ol className="cleanup__changes">
        {shown.map((change, i) => (
          <li key={i} className="cleanup__change">
            <span className="cleanup__where">Block {formatCount(change.block + 1)}</span>
            <span className="cleanup__before">
              <span className="visually-hidden">Before: </span>
              {change.before}
            </span>
            <span className="cleanup__after">
              <span className="visually-hidden">After: </span>
              {change.after === '' ? '(nothing left)' : change.after}
            </span>
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
          The first {formatCount(report.changes.length)} of {formatCount(report.count)} are listed.
        </p>
      )}
    </Disclosure>
  )
}

/** What each rule would change: a rule per disclosure, each change as before and after. */
export function CleanupChanges(props: {
  preview: CleanupPreview | null
  loading: boolean
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
        changed.map((report) => <RuleChanges key={report.id} report={report} />)
      )}
    </section>
  )
}
