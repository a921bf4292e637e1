import type { ReactElement } from 'react'
import type { Plan } from '../../../../../shared/domain/account'
import { PLAN_LIMIT_BOUNDS, PLAN_LIMITS } from '../../../../../shared/domain/account'
import type { PlanDraft } from '../stores/account-draft-store'

const { free, paid } = PLAN_LIMITS

// The plan in what it means for a creator: how many lines are spoken at once, so how fast a long
// script renders. The limits themselves are the service's, under Advanced.
const speedUp = Math.round(paid.maxInFlight / free.maxInFlight)

/** The plan in use as one sentence: what VoiceDesk does with it. */
export function planSentence(plan: Plan, customInFlight: number | null): string {
  if (plan === 'paid') return `Paid — VoiceDesk renders up to ${paid.maxInFlight} lines at once.`
  if (plan === 'custom')
    return `Your own limits — ${customInFlight ?? '?'} lines at once, set under Advanced.`
  return free.maxInFlight === 1
    ? 'Free — VoiceDesk renders one line at a time.'
    : `Free — VoiceDesk renders ${free.maxInFlight} lines at once.`
}

/**
 * The plan while the service keeps answering like the Free plan: what was chosen here, and the
 * speed VoiceDesk actually renders at, so the card and the warning above it say the same thing.
 */
export function mismatchSentence(plan: Plan): string {
  const chosen = plan === 'custom' ? 'Your own limits (set under Advanced)' : 'Paid (as you said)'
  return `${chosen} — but the service answers at Free speed, so VoiceDesk renders one line at a time.`
}

/**
 * The one question about the plan, asked once after the first accepted key (and again only on
 * Change): a paid plan renders long scripts much faster, and the service cannot say which it is.
 */
export function PlanQuestion(props: {
  disabled: boolean
  onChoose: (plan: Plan) => void
  /** Given when the question was opened by Change: it can be closed without an answer. */
  onCancel: (() => void) | null
}): ReactElement {
  return (
    <div className="plan-question" role="group" aria-labelledby="plan-question-text">
      <p id="plan-question-text" className="plan-question__text" data-testid="plan-question">
        Is your plan on the service a paid one? Paid plans render up to {speedUp}× faster here.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button--small"
          disabled={props.disabled}
          onClick={() => props.onChoose('paid')}
        >
          Yes, it’s paid
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={props.disabled}
          onClick={() => props.onChoose('free')}
        >
          No, keep Free
        </button>
        {props.onCancel !== null && (
          <button type="button" className="link-button" onClick={props.onCancel}>
            Cancel
          </button>
        )}
      </div>
    </div>
  )
}

/** One number of a custom plan, with its error under it. */
function LimitField(props: {
  id: string
  label: string
  integer: boolean
  bounds: { min: number; max: number }
  value: string
  error: string | null | undefined
  onChange: (value: string) => void
}): ReactElement {
  const { id, error } = props
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <input
        id={id}
        className="input"
        type="number"
        inputMode={props.integer ? 'numeric' : 'decimal'}
        min={props.bounds.min}
        max={props.bounds.max}
        step={props.integer ? '1' : 'any'}
        value={props.value}
        aria-invalid={error !== undefined && error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * The limits agreed for a custom plan, in the Plan card's words: lines started a second, and lines
 * spoken at once (a line is one request to the service).
 */
export function CustomLimitsFields(props: {
  draft: PlanDraft
  errors: { requestsPerSecond: string | null | undefined; maxInFlight: string | null | undefined }
  update: (patch: Partial<PlanDraft>) => void
}): ReactElement {
  const { draft, errors, update } = props
  return (
    <div className="plan-custom">
      <LimitField
        id="plan-rps"
        label="Lines started per second"
        integer={false}
        bounds={PLAN_LIMIT_BOUNDS.requestsPerSecond}
        value={draft.requestsPerSecond}
        error={errors.requestsPerSecond}
        onChange={(value) => update({ requestsPerSecond: value })}
      />
      <LimitField
        id="plan-in-flight"
        label="Lines at once"
        integer
        bounds={PLAN_LIMIT_BOUNDS.maxInFlight}
        value={draft.maxInFlight}
        error={errors.maxInFlight}
        onChange={(value) => update({ maxInFlight: value })}
      />
    </div>
  )
}
