import { useState } from 'react'
import type { FormEvent, ReactElement } from 'react'
import type { AccountStatus } from '../../../../../shared/domain/account'
import { PLAN_LIMIT_BOUNDS } from '../../../../../shared/domain/account'
import { ErrorNotice } from '../../../components/error-notice'
import { fieldError } from '../../../lib/error-messages'
import { useSetPlan } from '../api/account-queries'
import type { PlanDraft } from '../stores/account-draft-store'
import { useAccountDraftStore } from '../stores/account-draft-store'
import { CustomLimitsFields, PlanOptions } from './plan-fields'
import { Card } from './card'

function draftOf(status: AccountStatus): PlanDraft {
  return {
    plan: status.plan,
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

/** Whether the draft is another plan than the saved one (custom limits count only for custom). */
function differs(draft: PlanDraft, saved: PlanDraft): boolean {
  if (draft.plan !== saved.plan) return true
  return (
    draft.plan === 'custom' &&
    (draft.requestsPerSecond !== saved.requestsPerSecond || draft.maxInFlight !== saved.maxInFlight)
  )
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
    errors.requestsPerSecond = `Enter a rate from ${bounds.requestsPerSecond.min} to ${bounds.requestsPerSecond.max} requests a second.`
  if (maxInFlight === null)
    errors.maxInFlight = `Enter a whole number from ${bounds.maxInFlight.min} to ${bounds.maxInFlight.max}.`
  if (requestsPerSecond === null || maxInFlight === null) return { limits: null, errors }
  return { limits: { requestsPerSecond, maxInFlight }, errors }
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
  const changed = draft !== null && saved !== null && differs(draft, saved)

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
    const { limits, errors } = customLimitsOf(draft)
    setLocalErrors(errors)
    if (limits === null) return
    setPlan.mutate({ plan: 'custom', customLimits: limits }, { onSuccess: () => setDraft(null) })
  }

  return (
    <Card
      titleId="plan-title"
      title="Plan"
      description="VoiceDesk paces speech requests to stay under your plan’s limits, which are shared by every program using the account."
    >
      <form className="card__body" onSubmit={submit} noValidate>
        <PlanOptions draft={draft} onChoose={(plan) => update({ plan })} />
        {draft?.plan === 'custom' && (
          <CustomLimitsFields
            draft={draft}
            errors={{ requestsPerSecond: rpsError, maxInFlight: inFlightError }}
            update={update}
          />
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
    </Card>
  )
}
