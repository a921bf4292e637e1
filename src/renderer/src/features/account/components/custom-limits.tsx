import { useState } from 'react'
import type { FormEvent, ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { PLAN_LIMIT_BOUNDS } from '../../../../../shared/domain/account'
import { ErrorNotice } from '../../../components/error-notice'
import { fieldError } from '../../../lib/error-messages'
import { useSetPlan } from '../api/account-queries'
import type { PlanDraft } from '../stores/account-draft-store'
import { useAccountDraftStore } from '../stores/account-draft-store'
import { CustomLimitsFields } from './plan-fields'

function draftOf(status: AccountStatus): PlanDraft {
  return {
    plan: 'custom',
    requestsPerSecond: String(status.customLimits?.requestsPerSecond ?? ''),
    maxInFlight: String(status.customLimits?.maxInFlight ?? ''),
  }
}

/** The number typed, when it lies within `bounds` (and is whole when it must be). */
function numberWithin(
  text: string,
  bounds: { min: number; max: number },
  integer: boolean,
): number | null {
  const value = Number(text)
  if (text.trim() === '' || !Number.isFinite(value)) return null
  if (value < bounds.min || value > bounds.max) return null
  if (integer && !Number.isInteger(value)) return null
  return value
}

/** A custom plan's limits from what was typed, or what is wrong with each number. */
function customLimitsOf(draft: PlanDraft): {
  limits: { requestsPerSecond: number; maxInFlight: number } | null
  errors: Record<string, string>
} {
  const bounds = PLAN_LIMIT_BOUNDS
  const requestsPerSecond = numberWithin(draft.requestsPerSecond, bounds.requestsPerSecond, false)
  const maxInFlight = numberWithin(draft.maxInFlight, bounds.maxInFlight, true)
  const errors: Record<string, string> = {}
  if (requestsPerSecond === null)
    errors.requestsPerSecond = `Enter a number of lines from ${bounds.requestsPerSecond.min} to ${bounds.requestsPerSecond.max} a second.`
  if (maxInFlight === null)
    errors.maxInFlight = `Enter a whole number from ${bounds.maxInFlight.min} to ${bounds.maxInFlight.max}.`
  if (requestsPerSecond === null || maxInFlight === null) return { limits: null, errors }
  return { limits: { requestsPerSecond, maxInFlight }, errors }
}

/** Limits agreed with the service for one account (Advanced): a rate and how many at once. */
export function CustomLimits(props: { status: AccountStatus | undefined }): ReactElement {
  const { status } = props
  const storedDraft = useAccountDraftStore((state) => state.planDraft)
  const setDraft = useAccountDraftStore((state) => state.setPlanDraft)
  const setPlan = useSetPlan()
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({})
  const draft = storedDraft ?? (status === undefined ? null : draftOf(status))

  const update = (patch: Partial<PlanDraft>): void => {
    if (draft === null) return
    setDraft({ ...draft, ...patch })
    setLocalErrors({})
    if (setPlan.isError) setPlan.reset()
  }
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault()
    if (draft === null) return
    const { limits, errors } = customLimitsOf(draft)
    setLocalErrors(errors)
    if (limits === null) return
    setPlan.mutate({ plan: 'custom', customLimits: limits }, { onSuccess: () => setDraft(null) })
  }
  const rpsError =
    localErrors.requestsPerSecond ?? fieldError(setPlan.error, 'customLimits.requestsPerSecond')
  const inFlightError =
    localErrors.maxInFlight ?? fieldError(setPlan.error, 'customLimits.maxInFlight')

  return (
    <section className="advanced__part" aria-labelledby="custom-limits-title">
      <h3 id="custom-limits-title">Custom limits</h3>
      <p className="field__hint">
        Only for an account whose limits were agreed with the service. They replace Free or Paid.
      </p>
      <form className="stack" onSubmit={submit} noValidate>
        {draft !== null && (
          <CustomLimitsFields
            draft={draft}
            errors={{ requestsPerSecond: rpsError, maxInFlight: inFlightError }}
            update={update}
          />
        )}
        {setPlan.isError && rpsError === null && inFlightError === null && (
          <ErrorNotice error={setPlan.error} />
        )}
        <div className="button-row">
          <button type="submit" className="button" disabled={draft === null || setPlan.isPending}>
            {setPlan.isPending ? 'Saving…' : 'Use these limits'}
          </button>
          {setPlan.isSuccess && (
            <span className="field__hint" role="status">
              Custom limits in use.
            </span>
          )}
        </div>
      </form>
    </section>
  )
}
