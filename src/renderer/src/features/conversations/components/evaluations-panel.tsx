import type { ReactElement } from 'react'
import type { ConversationEvaluation } from '../../../../../shared/domain/conversation'
import {
  collectedFields,
  dataValueText,
  humanizeCode,
} from '../../../../../shared/domain/conversation-format'
import type { WatchState } from '../../../../../shared/domain/conversation-watch'
import { verdictTone } from '../../../../../shared/domain/conversation-inbox'
import { useDisclosure } from '../../../components/ui/use-disclosure'

type Outcome = 'passed' | 'failed' | 'unclear'

const OUTCOMES: Record<Outcome, { label: string; tone: string; order: number }> = {
  failed: { label: 'Failed', tone: 'chip--danger', order: 0 },
  unclear: { label: 'Unclear', tone: 'chip--warning', order: 1 },
  passed: { label: 'Passed', tone: 'chip--success', order: 2 },
}

function outcomeOf(e: ConversationEvaluation): Outcome {
  const status =
    e.status ?? (e.passed === true ? 'success' : e.passed === false ? 'failure' : 'unknown')
  if (status === 'success') return 'passed'
  if (status === 'failure') return 'failed'
  return 'unclear'
}

/** A criterion's name as its author wrote it; failing that, its id in words. */
function criterionName(e: ConversationEvaluation): string {
  if (e.name !== null && e.name.trim() !== '') return e.name
  return humanizeCode(e.criterionId ?? e.id)
}

/** The evaluator's reason for a criterion, or null when it gave none (absent or blank). */
function reasonOf(e: ConversationEvaluation): string | null {
  const reason = e.rationale?.trim() ?? ''
  return reason === '' ? null : reason
}

/**
 * One criterion: its outcome and name; why, shown at once when it failed. Why a Why without a
 * reason: the service may leave the reason out, and saying so is the answer the reader looked for
 * (a missing button read as a control that failed to load, a restated result as a reason).
 */
function Criterion(props: { evaluation: ConversationEvaluation }): ReactElement {
  const e = props.evaluation
  const outcome = OUTCOMES[outcomeOf(e)]
  const rationale = useDisclosure(outcomeOf(e) === 'failed')
  const reason = reasonOf(e)
  return (
    <li className="criterion" data-testid="criterion">
      <div className="criterion__head">
        <span className={`chip ${outcome.tone}`} data-testid="criterion-result">
          {outcome.label}
        </span>
        <span className="criterion__name" title={e.criterionId ?? undefined}>
          {criterionName(e)}
        </span>
        <button
          type="button"
          className="button button--small criterion__toggle"
          aria-label={`Why: ${criterionName(e)}`}
          {...rationale.toggleProps}
        >
          {rationale.open ? 'Hide why' : 'Why'}
        </button>
      </div>
      {rationale.open && (
        <p
          id={rationale.contentId}
          className={`criterion__rationale${reason === null ? ' criterion__rationale--none' : ''}`}
          data-testid="criterion-rationale"
        >
          {reason ?? 'No reason given by the evaluation.'}
        </p>
      )}
    </li>
  )
}

/**
 * The passed criteria, folded to one line so the transcript starts on the same screen; each
 * opens to its reason.
 */
function PassedCriteria(props: { criteria: ConversationEvaluation[] }): ReactElement | null {
  const all = useDisclosure()
  if (props.criteria.length === 0) return null
  return (
    <div className="criteria-passed">
      {/* The same row as a single criterion's, so every Why lines up at the right edge. */}
      <p className="criterion__head criteria-passed__line">
        <span className="chip chip--success">Passed</span>
        <span className="criterion__name">{props.criteria.map(criterionName).join(', ')}</span>
        <button
          type="button"
          className="button button--small criterion__toggle"
          {...all.toggleProps}
        >
          {all.open ? 'Hide why' : 'Why'}
        </button>
      </p>
      {all.open && (
        <ul id={all.contentId} className="criteria">
          {props.criteria.map((e) => (
            <Criterion key={e.id} evaluation={e} />
          ))}
        </ul>
      )}
    </div>
  )
}

const CHIP_TONE = { ok: 'chip--success', warning: 'chip--warning', danger: 'chip--danger' } as const

/**
 * "Passed 2 of 3", in the tone of the worst outcome (the list's "2/3" uses the same rule); nothing
 * while no criterion is judged. Shown in the call's pinned header, so it stays on screen.
 */
export function Verdict(props: { evaluations: ConversationEvaluation[] }): ReactElement | null {
  const criteria = props.evaluations.filter((e) => e.kind === 'criterion')
  if (criteria.length === 0) return null
  const outcomes = criteria.map(outcomeOf)
  const passed = outcomes.filter((o) => o === 'passed').length
  const tone = CHIP_TONE[verdictTone(outcomes.map((o) => (o === 'unclear' ? 'unknown' : o)))]
  return (
    <span className={`chip ${tone}`} data-testid="verdict">
      Passed {passed} of {criteria.length}
    </span>
  )
}

/** Why the evaluations are not there (yet): in words, with Check again when they never came. */
function NoEvaluations(props: { watch: WatchState; onCheckAgain: () => void }): ReactElement {
  const { watch } = props
  return (
    <p className="field__hint" data-testid="evaluations-empty">
      {watch.evaluations === 'not-yet' && 'The result is written after the call ends.'}
      {watch.evaluations === 'waiting' && 'Waiting for the evaluator to score this call…'}
      {watch.evaluations === 'unavailable' && (
        <>
          The service had not scored this call after a minute of asking.{' '}
          <button type="button" className="button button--small" onClick={props.onCheckAgain}>
            Check again
          </button>
        </>
      )}
      {watch.evaluations === 'received' && 'The service wrote no result for this call.'}
    </p>
  )
}

/**
 * The call's verdict, first on the page: passed n of m, the summary, each criterion (failed first,
 * with why), and what was collected from the call in words ("Booked: no").
 */
export function EvaluationsPanel(props: {
  evaluations: ConversationEvaluation[]
  watch: WatchState
  onCheckAgain: () => void
}): ReactElement {
  const { evaluations, watch } = props
  const criteria = evaluations
    .filter((e) => e.kind === 'criterion')
    .sort((a, b) => OUTCOMES[outcomeOf(a)].order - OUTCOMES[outcomeOf(b)].order)
  const summaries = evaluations.filter((e) => e.kind === 'summary')
  const data = evaluations.filter((e) => e.kind === 'data')
  const other = evaluations.filter((e) => !['criterion', 'summary', 'data'].includes(e.kind))
  return (
    <section className="verdict" aria-labelledby="verdict-title" data-testid="evaluations">
      <div className="verdict__head">
        <h3 id="verdict-title" className="verdict__title">
          Result
        </h3>
      </div>
      {evaluations.length === 0 && (
        <NoEvaluations watch={watch} onCheckAgain={props.onCheckAgain} />
      )}
      {summaries.map((s) => (
        <p key={s.id} className="verdict__summary" data-testid="evaluation-summary">
          {s.rationale ?? 'No summary was written.'}
        </p>
      ))}
      {criteria.length > 0 && (
        <ul className="criteria">
          {criteria
            .filter((e) => outcomeOf(e) !== 'passed')
            .map((e) => (
              <Criterion key={e.id} evaluation={e} />
            ))}
        </ul>
      )}
      <PassedCriteria criteria={criteria.filter((e) => outcomeOf(e) === 'passed')} />
      {data.map((d) => (
        <dl key={d.id} className="verdict__data" data-testid="extracted-data">
          {collectedFields(d.data).map((field) => (
            <div key={field.code} className="verdict__datum">
              <dt title={field.code}>{field.label}:</dt>
              <dd className={field.given ? undefined : 'verdict__datum--empty'}>{field.text}</dd>
            </div>
          ))}
        </dl>
      ))}
      {other.map((o) => (
        <p key={o.id} className="field__hint">
          {humanizeCode(o.kind)}: {o.rationale ?? dataValueText(o.data)}
        </p>
      ))}
    </section>
  )
}
