import { useState, type ReactElement } from 'react'
import type { AccountStatus, Plan } from '../../../../../shared/domain/account'
import { ErrorNotice } from '../../../components/error-notice'
import { useSetPlan } from '../api/account-queries'
import { useAccountDraftStore } from '../stores/account-draft-store'
import { Card } from './card'
import { mismatchSentence, PlanQuestion, planSentence } from './plan-fields'

/** The key in use has been accepted by the service (now, or at a check this key passed before). */
function keyAccepted(status: AccountStatus): boolean {
  const signedIn = status.credential === 'apiKey' || status.credential === 'accessToken'
  return (
    signedIn &&
    !status.rejected &&
    (status.connection === 'connected' || status.verifiedAt !== null)
  )
}

/**
 * The card's line under its title: the question's reason while asking, else the plan sentence.
 * One live region for both: the answer just saved is announced as the new sentence, with no
 * "Plan saved." line left behind on screen.
 */
function PlanDescription(props: { sentence: string | null }): ReactElement {
  return (
    <span role="status">
      {props.sentence === null ? (
        'The service does not say which plan you are on, so VoiceDesk asks you once.'
      ) : (
        <span data-testid="plan-sentence">{props.sentence}</span>
      )}
    </span>
  )
}

/** The way out of a plan the service does not honour, as the warning above offers it too. */
function SwitchToFree(props: { disabled: boolean; onClick: () => void }): ReactElement {
  return (
    <button
      type="button"
      className="button button--small"
      disabled={props.disabled}
      onClick={props.onClick}
    >
      Switch to Free
    </button>
  )
}

/**
 * The plan as one sentence with Change. The service cannot tell which plan an account is on, so
 * right after the first accepted key the card asks once ("Is your plan a paid one?"); the answer
 * is kept with the settings and never asked for again. Hidden for the demo service, which has no
 * plan. The own limits of a custom plan are in Advanced.
 */
export function PlanCard(props: { status: AccountStatus | undefined }): ReactElement | null {
  const { status } = props
  const setPlan = useSetPlan()
  const clearDraft = useAccountDraftStore((state) => state.setPlanDraft)
  const [changing, setChanging] = useState(false)
  // The answer just given shows from the click on, through the save: the mutation's pending state
  // reaches React a tick later, and the question must not flash back in between.
  const [chosen, setChosen] = useState<Plan | null>(null)
  if (status === undefined || status.credential === 'sandbox') return null
  const plan = chosen ?? status.plan
  const asking = changing || (chosen === null && keyAccepted(status) && !status.planAnswered)
  const choose = (next: Plan): void => {
    setChosen(next)
    setChanging(false)
    setPlan.mutate(
      { plan: next },
      { onSuccess: () => clearDraft(null), onSettled: () => setChosen(null) },
    )
  }

  // The service keeps answering like the Free plan: the card says the speed in use, not the plan
  // chosen alone, and offers the same way out as the warning above it.
  const mismatch =
    chosen === null && status.notices.some((notice) => notice.kind === 'plan-mismatch')
  const sentence = mismatch
    ? mismatchSentence(plan)
    : planSentence(plan, status.customLimits?.maxInFlight ?? null)

  return (
    <Card
      area="plan"
      titleId="plan-title"
      title="Plan"
      description={<PlanDescription sentence={asking ? null : sentence} />}
      control={
        asking ? undefined : (
          <button
            type="button"
            className="button button--small"
            aria-label="Change plan"
            disabled={setPlan.isPending}
            onClick={() => {
              setPlan.reset()
              setChanging(true)
            }}
          >
            Change
          </button>
        )
      }
    >
      {(asking || setPlan.isError || (mismatch && !asking)) && (
        <div className="card__body">
          {asking && (
            <PlanQuestion
              disabled={setPlan.isPending}
              onChoose={choose}
              onCancel={changing ? () => setChanging(false) : null}
            />
          )}
          {mismatch && !asking && (
            <div className="button-row">
              <SwitchToFree disabled={setPlan.isPending} onClick={() => choose('free')} />
            </div>
          )}
          {setPlan.isError && (
            <ErrorNotice
              error={setPlan.error}
              action={{ label: 'Try again', onClick: () => setPlan.mutate(setPlan.variables) }}
            />
          )}
        </div>
      )}
    </Card>
  )
}
