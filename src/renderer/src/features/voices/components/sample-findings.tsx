import type { ReactElement } from 'react'
import { Disclosure } from '../../../components/ui/disclosure'
import type { SampleCheck } from '../../../lib/audio/sample-analysis'
import { measuresText } from '../../../lib/audio/sample-analysis'

const MARK = { ok: '✓', warning: '!', error: '✕' } as const

/**
 * The local checks of a sample (decodes, length, silence, level, clipping) in words, each with its
 * severity: what is fine is one short line, what is not says what to do. The measured numbers
 * (sample rate, levels) are behind Details, for whoever wants them.
 */
export function SampleFindings(props: { check: SampleCheck }): ReactElement {
  const { measures, findings } = props.check
  return (
    <div className="sample-findings-box">
      <ul className="sample-findings" aria-label="Sample check" data-testid="sample-findings">
        {findings.map((finding) => (
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
              <strong>{finding.title}</strong>
              {finding.severity !== 'ok' && <>. {finding.detail}</>}
            </span>
          </li>
        ))}
      </ul>
      {measures !== null && (
        <Disclosure summary="Details" className="sample-findings__details" testId="sample-measures">
          <p className="field__hint">{measuresText(measures)}</p>
        </Disclosure>
      )}
    </div>
  )
}
