import { useState, type ReactElement } from 'react'
import type { AccountStatus, Plan } from '../../../../../shared/domain/account'
import { ErrorNotice } from '../../../components/error-notice'
import { useSetPlan } from '../api/account-queries'
import { useAccountDraftStore } from '../stores/account-draft-store'
import { PlanOptions } from './plan-fields'
import { Card } from './card'

/** Free or Paid, in what each means for the user; the own limits of a custom plan are in Advanced. */
export function PlanCard(props: { status: AccountStatus | undefined }): ReactElement {
  const { status } = props
  const setPlan = useSetPlan()
  const clearDraft = useAccountDraftStore((state) => state.setPlanDraft)
  // The choice just made shows as chosen from the click on, through the save (the radio must not
  // flick back): held here at once, since the mutation's pending state reaches React a tick later
  // and a controlled radio would otherwise show the old plan in between.
  const [chosen, setChosen] = useState<Plan | null>(null)
  const plan = chosen ?? status?.plan ?? null
  const choose = (next: Plan): void => {
    setChosen(next)
    setPlan.mutate(
      { plan: next },
      { onSuccess: () => clearDraft(null), onSettled: () => setChosen(null) },
    )
  }

  return (
    <Card
      area="plan"
      titleId="plan-title"
      title="Plan"
      description="Your plan with the voice service, as your account there shows it. VoiceDesk renders as fast as it allows."
    >
      <div className="card__body">
        <PlanOptions plan={plan} disabled={setPlan.isPending} onChoose={choose} />
        {plan === 'custom' && (
          <p className="field__hint" data-testid="plan-custom-note">
            Your own limits are in use: {status?.customLimits?.maxInFlight ?? '?'} lines at once.
            Change them under Advanced, or pick Free or Paid.
          </p>
        )}
        {setPlan.isError && (
          <ErrorNotice
            error={setPlan.error}
            action={{ label: 'Try again', onClick: () => setPlan.mutate(setPlan.variables) }}
          />
        )}
        {setPlan.isSuccess && (
          <p className="field__hint" role="status">
            Plan saved.
          </p>
        )}
      </div>
    </Card>
  )
}
