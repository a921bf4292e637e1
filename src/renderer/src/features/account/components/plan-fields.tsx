import type { ReactElement } from 'react'
import type { Plan } from '../../../../../shared/domain/account'
import { PLAN_LIMIT_BOUNDS, PLAN_LIMITS } from '../../../../../shared/domain/account'
import type { PlanDraft } from '../stores/account-draft-store'

const { free, paid } = PLAN_LIMITS

// Each plan says what a creator gets from it: what it is good for, and how fast a long script
// renders. How many lines are spoken at once is the detail; the limits themselves are the
// service's, under Advanced.
const speedUp = Math.round(paid.maxInFlight / free.maxInFlight)
const planOptions: { plan: Exclude<Plan, 'custom'>; name: string; detail: string }[] = [
  {
    plan: 'free',
    name: 'Free — fine for trying voices',
    detail:
      free.maxInFlight === 1
        ? 'Renders one line after another, so long scripts take a while.'
        : `Renders ${free.maxInFlight} lines at once.`,
  },
  {
    plan: 'paid',
    name: `Paid — renders long scripts up to ${speedUp}× faster`,
    detail: `Speaks up to ${paid.maxInFlight} lines at once, for books and long videos.`,
  },
]

/** Free or Paid, each with what it means for the user; choosing one saves it. */
export function PlanOptions(props: {
  plan: Plan | null
  disabled: boolean
  onChoose: (plan: Plan) => void
}): ReactElement {
  return (
    <fieldset className="plan-options" disabled={props.plan === null || props.disabled}>
      <legend className="visually-hidden">Your plan with the voice service</legend>
      {planOptions.map((option) => (
        <label key={option.plan} className="plan-option">
          <input
            type="radio"
            name="plan"
            value={option.plan}
            checked={props.plan === option.plan}
            onChange={() => props.onChoose(option.plan)}
          />
          <span className="plan-option__text">
            <strong>{option.name}</strong>
            <span>{option.detail}</span>
          </span>
        </label>
      ))}
    </fieldset>
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
