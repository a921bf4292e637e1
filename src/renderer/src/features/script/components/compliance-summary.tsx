import type { ReactElement } from 'react'
import type { ComplianceReport } from '../../../../../shared/domain/delivery'
import { Disclosure } from '../../../components/ui/disclosure'

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}

/**
 * The verdict's first line: which files are ready (by name when the store takes chapter files, so
 * the whole-book file named in the title is never taken for the checked one), or how many fail.
 */
function verdict(report: ComplianceReport): string {
  const count = report.files.length
  const failed = report.files.filter((f) => !f.pass).length
  if (report.unchecked !== undefined) {
    const chapters = `${count} chapter file${count === 1 ? '' : 's'}`
    return report.pass
      ? `${chapters} ${count === 1 ? 'is' : 'are'} ready for ${report.presetName}: ${report.files.map((f) => fileName(f.path)).join(', ')}.`
      : `${failed} of ${chapters} would be turned down by ${report.presetName}.`
  }
  const files = `${count} file${count === 1 ? '' : 's'}`
  return report.pass
    ? `Ready for ${report.presetName}: ${count === 1 ? 'the file passes' : `all ${files} pass`} every check.`
    : `${failed} of ${files} would be turned down by ${report.presetName}.`
}

/** Every criterion of every file checked, behind a disclosure, and where the report is saved. */
function EveryCheck(props: { report: ComplianceReport }): ReactElement {
  const { report } = props
  return (
    <Disclosure summary="Every check" className="compliance__details">
      {report.files.map((file) => (
        <table key={file.path} className="compliance__table">
          <caption>{fileName(file.path)}</caption>
          <thead>
            <tr>
              <th scope="col">Check</th>
              <th scope="col">Measured</th>
              <th scope="col">Needs</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {file.criteria.map((c) => (
              <tr key={c.id}>
                <th scope="row">{c.label}</th>
                <td>{c.measured}</td>
                <td>{c.requirement}</td>
                <td className={c.pass ? 'compliance__pass' : 'compliance__fail'}>
                  {c.pass ? 'Pass' : 'Fail'}
                  {!c.pass && c.advice && <span className="visually-hidden"> — {c.advice}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      {report.unsaved === undefined ? (
        <p className="field__hint">
          A copy of this report is saved beside the audio, as {fileName(report.textPath)}.
        </p>
      ) : (
        <p className="field__error">The report could not be saved: {report.unsaved}</p>
      )}
    </Disclosure>
  )
}

/**
 * A delivery preset's verdict on the files just written, in plain words: which files are ready,
 * or each file that fails, with what was measured and what the store asks, and what to do where
 * the figures do not say it (digital silence: room tone). A whole-book file beside chapter files
 * is named as the one for listening, not checked. The full report (every criterion of every
 * file) is behind a disclosure.
 */
export function ComplianceSummary(props: { report: ComplianceReport }): ReactElement {
  const { report } = props
  const failed = report.files.filter((f) => !f.pass)
  // What to do, once for each kind of failure however many files share it.
  const advice = [
    ...new Set(
      failed.flatMap((f) => f.criteria.flatMap((c) => (!c.pass && c.advice ? [c.advice] : []))),
    ),
  ]
  return (
    <div
      className={`box compliance compliance--${report.pass ? 'pass box--success' : 'fail box--danger'}`}
      data-testid="compliance-summary"
    >
      <p className="compliance__verdict" role="status">
        {verdict(report)}
      </p>
      {report.unchecked !== undefined ? (
        <p className="compliance__note">
          {fileName(report.unchecked)} is the whole book in one file, for listening:{' '}
          {report.presetName} takes the chapter files, so it is not checked.
        </p>
      ) : (
        report.note && <p className="compliance__note">{report.note}</p>
      )}
      {failed.length > 0 && (
        <ul className="compliance__failures">
          {failed.map((file) => (
            <li key={file.path}>
              <strong>{fileName(file.path)}</strong>:{' '}
              {file.criteria
                .filter((c) => !c.pass)
                .map((c) => `${c.label.toLowerCase()} is ${c.measured} (needs ${c.requirement})`)
                .join('; ')}
            </li>
          ))}
        </ul>
      )}
      {advice.length > 0 && (
        <ul className="compliance__advice" data-testid="compliance-advice">
          {advice.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      <EveryCheck report={report} />
    </div>
  )
}
