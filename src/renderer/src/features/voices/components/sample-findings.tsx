import type { ReactElement } from 'react'
import type { SampleCheck } from '../../../lib/audio/sample-analysis'

const MARK = { ok: '✓', warning: '!', error: '✕' } as const

/** The local checks of a sample (decodes, length, silence, clipping), each with its severity. */
export function SampleFindings(props: { check: SampleCheck }): ReactElement {
  return (
    <ul className="stack sample-findings" aria-label="Sample check" data-testid="sample-findings">
      {props.check.findings.map((finding) => (
        <li
          key={finding.id}
          className={`sample-finding sample-finding--${finding.severity}`}
          data-severity={finding.severity}
          data-finding={finding.id}
        >
          <span className="sample-finding__mark" aria-hidden="true">
            {MARK[finding.severity]}
          </span>
          <span>
            <strong>{finding.title}.</strong> {finding.detail}
          </span>
        </li>
      ))}
    </ul>
  )
}
