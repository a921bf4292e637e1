import { useState } from 'react'
import type { FormEvent, ReactElement } from 'react'
import type { AccountStatus, Plan } from '../../../../../shared/domain/account'
import { PLAN_LIMITS } from '../../../../../shared/domain/account'
import { ErrorNotice } from '../../../components/error-notice'
import { fieldError } from '../../../lib/error-messages'
import { useSetPlan } from '../api/account-queries'
import type { PlanDraft } from '../stores/account-draft-store'
import { useAccountDraftStore } from '../stores/account-draft-store'

const planOptions: { plan: Plan; name: string; detail: string }[] = [
  {
    plan: 'free',
    name: 'Free',
    detail:
      PLAN_LIMITS.free.maxInFlight === 1
        ? `Renders one passage at a time, up to ${PLAN_LIMITS.free.requestsPerSecond} a second`
        : `Renders up to ${PLAN_LIMITS.free.maxInFlight} passages at once`,
  },
  {
    plan: 'paid',
    name: 'Paid',
    detail: `Renders up to ${PLAN_LIMITS.paid.maxInFlight} passages at once, ${PLAN_LIMITS.paid.requestsPerSecond} a second`,
  },
  { plan: 'custom', name: 'Custom', detail: 'Limits agreed with the service for your account' },
]

function draftOf(status: AccountStatus): PlanDraft {
  return {
    plan: status.plan,
    requestsPerSecond: String(status.customLimits?.requestsPerSecond ?? ''),
    maxInFlight: String(status.customLimits?.maxInFlight ?? ''),
  }
}

function positiveNumber(text: string, integer: boolean): number | null {
  const value = Number(text)
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || value > 1000) return null
  if (integer && !Number.isInteger(value)) return null
  return value
}

/** The plan sets how fast VoiceDesk sends synthesis requests, so it stays under the account limits. */
export function PlanCard(props: { status: AccountStatus | undefined }): ReactElement {
  const { status } = props
  const storedDraft = useAccountDraftStore((state) => state.planDraft)
  const setDraft = useAccountDraftStore((state) => state.setPlanDraft)
  const setPlan = useSetPlan()
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({})

  const draft = storedDraft ?? (status === undefined ? null : draftOf(status))
  const saved = status === undefined ? null : draftOf(status)
  const changed =
    draft !== null &&
    saved !== null &&
    (draft.plan !== saved.plan ||
      (draft.plan === 'custom' &&
        (draft.requestsPerSecond !== saved.requestsPerSecond ||
          draft.maxInFlight !== saved.maxInFlight)))

  const rpsError =
    localErrors.requestsPerSecond ?? fieldError(setPlan.error, 'customLimits.requestsPerSecond')
  const inFlightError =
    localErrors.maxInFlight ?? fieldError(setPlan.error, 'customLimits.maxInFlight')

  const update = (patch: Partial<PlanDraft>): void => {
    if (draft === null) return
    setDraft({ ...draft, ...patch })
    setLocalErrors({})
    if (setPlan.isError) setPlan.reset()
  }

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault()
    if (draft === null) return
    if (draft.plan !== 'custom') {
      setPlan.mutate({ plan: draft.plan }, { onSuccess: () => setDraft(null) })
      return
    }
    const requestsPerSecond = positiveNumber(draft.requestsPerSecond, false)
    const maxInFlight = positiveNumber(draft.maxInFlight, true)
    const errors: Record<string, string> = {}
    if (requestsPerSecond === null)
      errors.requestsPerSecond = 'Enter a number above 0 (at most 1000).'
    if (maxInFlight === null) errors.maxInFlight = 'Enter a whole number from 1 to 1000.'
    setLocalErrors(errors)
    if (requestsPerSecond === null || maxInFlight === null) return
    setPlan.mutate(
      { plan: 'custom', customLimits: { requestsPerSecond, maxInFlight } },
      { onSuccess: () => setDraft(null) },
    )
  }

  return (
    <section className="card" aria-labelledby="plan-title">
      <div className="card__header">
        <div>
          <h2 id="plan-title">Plan</h2>
          <p className="card__description">
            VoiceDesk paces speech requests to stay under your plan’s limits, which are shared by
            every program using the account.
          </p>
        </div>
      </div>
      <form className="card__body" onSubmit={submit} noValidate>
        <fieldset className="plan-options" disabled={draft === null}>
          <legend className="visually-hidden">Plan</legend>
          {planOptions.map((option) => (
            <label key={option.plan} className="plan-option">
              <input
                type="radio"
                name="plan"
                value={option.plan}
                checked={draft?.plan === option.plan}
                onChange={() => update({ plan: option.plan })}
              />
              <span className="plan-option__text">
                <strong>{option.name}</strong>
                <span>{option.detail}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {draft?.plan === 'custom' && (
          <div className="plan-custom">
            <div className="field">
              <label className="field__label" htmlFor="plan-rps">
                Requests per second
              </label>
              <input
                id="plan-rps"
                className="input"
                type="number"
                inputMode="decimal"
                min="0.1"
                max="1000"
                step="any"
                value={draft.requestsPerSecond}
                aria-invalid={rpsError !== undefined && rpsError !== null}
                aria-describedby={rpsError ? 'plan-rps-error' : undefined}
                onChange={(event) => update({ requestsPerSecond: event.target.value })}
              />
              {rpsError && (
                <p id="plan-rps-error" className="field__error">
                  {rpsError}
                </p>
              )}
            </div>
            <div className="field">
              <label className="field__label" htmlFor="plan-in-flight">
                Requests at a time
              </label>
              <input
                id="plan-in-flight"
                className="input"
                type="number"
                inputMode="numeric"
                min="1"
                max="1000"
                step="1"
                value={draft.maxInFlight}
                aria-invalid={inFlightError !== undefined && inFlightError !== null}
                aria-describedby={inFlightError ? 'plan-in-flight-error' : undefined}
                onChange={(event) => update({ maxInFlight: event.target.value })}
              />
              {inFlightError && (
                <p id="plan-in-flight-error" className="field__error">
                  {inFlightError}
                </p>
              )}
            </div>
          </div>
        )}
        {setPlan.isError &&
          fieldError(setPlan.error, 'customLimits.requestsPerSecond') === null &&
          fieldError(setPlan.error, 'customLimits.maxInFlight') === null && (
            <ErrorNotice error={setPlan.error} />
          )}
        <div className="button-row">
          <button
            type="submit"
            className="button button--primary"
            disabled={!changed || setPlan.isPending}
          >
            {setPlan.isPending ? 'Saving…' : 'Save plan'}
          </button>
          {changed && (
            <button type="button" className="button" onClick={() => setDraft(null)}>
              Discard changes
            </button>
          )}
          {setPlan.isSuccess && !changed && (
            <span className="field__hint" role="status">
              Plan saved.
            </span>
          )}
        </div>
      </form>
    </section>
  )
}
