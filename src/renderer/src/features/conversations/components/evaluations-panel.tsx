import type { ReactElement } from 'react'
import type { ConversationEvaluation } from '../../../../../shared/domain/conversation'
import { humanizeCode } from '../../../../../shared/domain/conversation-format'
import type { WatchState } from '../../../../../shared/domain/conversation-watch'
import { useDisclosure } from '../../../components/ui/use-disclosure'

const RESULT: Record<string, { label: string; tone: string }> = {
  success: { label: 'Success', tone: 'chip--success' },
  failure: { label: 'Failure', tone: 'chip--danger' },
  unknown: { label: 'Unknown', tone: '' },
}

function resultOf(e: ConversationEvaluation): { label: string; tone: string } {
  const status =
    e.status ?? (e.passed === true ? 'success' : e.passed === false ? 'failure' : 'unknown')
  return RESULT[status] ?? { label: status, tone: '' }
}

/** A criterion's name as its author wrote it; failing that, its id in words. */
function criterionName(e: ConversationEvaluation): string {
  if (e.name !== null && e.name.trim() !== '') return e.name
  return humanizeCode(e.criterionId ?? e.id)
}

function Criterion(props: { evaluation: ConversationEvaluation }): ReactElement {
  const rationale = useDisclosure()
  const e = props.evaluation
  const result = resultOf(e)
  return (
    <li className="box criterion" data-testid="criterion">
      <div className="criterion__head">
        <span className={`chip ${result.tone}`} data-testid="criterion-result">
          {result.label}
        </span>
        <span className="criterion__name" title={e.criterionId ?? undefined}>
          {criterionName(e)}
        </span>
        {e.rationale !== null && (
          <button
            type="button"
            className="button button--small criterion__toggle"
            {...rationale.toggleProps}
          >
            {rationale.open ? 'Hide rationale' : 'Rationale'}
          </button>
        )}
      </div>
      {rationale.open && e.rationale !== null && (
        <p
          id={rationale.contentId}
          className="criterion__rationale"
          data-testid="criterion-rationale"
        >
          {e.rationale}
        </p>
      )}
    </li>
  )
}

function value(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v)
}

/** Criteria (success/failure/unknown with an expandable rationale), summary and extracted data. */
export function EvaluationsPanel(props: {
  evaluations: ConversationEvaluation[]
  watch: WatchState
  onCheckAgain: () => void
}): ReactElement {
  const { evaluations, watch } = props
  const criteria = evaluations.filter((e) => e.kind === 'criterion')
  const summaries = evaluations.filter((e) => e.kind === 'summary')
  const data = evaluations.filter((e) => e.kind === 'data')
  const other = evaluations.filter((e) => !['criterion', 'summary', 'data'].includes(e.kind))
  return (
    <section
      className="card evaluations"
      aria-labelledby="evaluations-title"
      data-testid="evaluations"
    >
      <div className="card__header">
        <h2 id="evaluations-title" className="section-title">
          Evaluations
        </h2>
      </div>
      <div className="card__body">
        {evaluations.length === 0 && (
          <p className="field__hint" data-testid="evaluations-empty">
            {watch.evaluations === 'not-yet' &&
              'Evaluations are written after the conversation ends.'}
            {watch.evaluations === 'waiting' &&
              'Waiting for the evaluator to score this conversation…'}
            {watch.evaluations === 'unavailable' && (
              <>
                The service had not scored this conversation after a minute of asking.{' '}
                <button type="button" className="button button--small" onClick={props.onCheckAgain}>
                  Check again
                </button>
              </>
            )}
          </p>
        )}
        {summaries.map((s) => (
          <div key={s.id} className="evaluation-summary" data-testid="evaluation-summary">
            <span className={`chip ${resultOf(s).tone}`}>{resultOf(s).label}</span>
            <p>{s.rationale ?? 'No summary text.'}</p>
          </div>
        ))}
        {criteria.length > 0 && (
          <ul className="criteria">
            {criteria.map((e) => (
              <Criterion key={e.id} evaluation={e} />
            ))}
          </ul>
        )}
        {data.map((d) => (
          <div key={d.id} className="extracted">
            <h3 className="extracted__title">Extracted data</h3>
            <dl className="extracted__fields" data-testid="extracted-data">
              {Object.entries(d.data ?? {}).map(([k, v]) => (
                <div key={k} className="extracted__field">
                  <dt title={k}>{humanizeCode(k)}</dt>
                  <dd>{value(v)}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
        {other.map((o) => (
          <p key={o.id} className="field__hint">
            <span className="chip">{humanizeCode(o.kind)}</span> {o.rationale ?? value(o.data)}
          </p>
        ))}
      </div>
    </section>
  )
}
