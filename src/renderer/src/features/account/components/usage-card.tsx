import type { ReactElement } from 'react'
import type { MonthUsage } from '../../../../../shared/domain/usage'
import { ErrorNotice } from '../../../components/error-notice'
import { humanPastTime } from '../../../lib/human-time'
import { useMinuteNow } from '../hooks/use-now'
import { Disclosure } from '../../../components/ui/disclosure'
import { useUsage } from '../api/account-queries'
import { Card } from './card'
import { BalanceLink, SavePageOffer } from './credit-page'

const count = new Intl.NumberFormat()

/** "November 2026" in the user's locale, from `2026-11`. */
function monthName(month: string): string {
  const [year, index] = month.split('-').map(Number)
  if (year === undefined || index === undefined) return month
  return new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(
    new Date(year, index - 1, 1),
  )
}

/** The three largest projects of a month, in words. */
function topProjects(month: MonthUsage): string {
  const top = month.projects
    .slice(0, 3)
    .map((p) => `${p.project} (${count.format(p.characters)} characters)`)
  const more = month.projects.length - top.length
  return more > 0 ? `${top.join(', ')} and ${more} more` : top.join(', ')
}

/** This month's key as the usage record writes it (`YYYY-MM`, local time). */
function thisMonth(nowMs: number): string {
  const date = new Date(nowMs)
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`
}

/**
 * The two figures a creator looks for first: what was used this month, and the credit. The
 * service reports no balance, only a refusal once none is left (402): so the credit is "None
 * left" after that, "Not shown by the service" once a key is accepted, a dash before, and
 * "Unknown" while the service does not answer; with a link to the balance on the service's
 * website once that page is known (built in, or saved by the user), rather than a guess.
 */
function Allowance(props: {
  months: MonthUsage[]
  outOfCreditAt: string | undefined
  demo: boolean
  keyAccepted: boolean
  unanswered: boolean
}) {
  const now = useMinuteNow()
  const current = props.months.find((m) => m.month === thisMonth(now))
  // The demo bills nothing and has no credit to run out of: it looks as healthy as it is.
  const outOfCreditAt = props.demo ? undefined : props.outOfCreditAt
  return (
    <>
      <dl className="usage-facts" data-testid="usage-facts">
        <div>
          <dt>This month</dt>
          <dd data-testid="usage-this-month">
            {count.format(current?.characters ?? 0)} characters
          </dd>
        </div>
        <div>
          <dt>Credit</dt>
          <dd data-testid="usage-left">
            {props.demo ? (
              <>
                No limit
                <span className="usage-facts__hint">The demo service bills nothing.</span>
              </>
            ) : !props.keyAccepted ? (
              // Why no verdict yet: with no key, or one refused, nothing is known of the plan,
              // and where credit is added is no question for someone who has no key.
              <>
                —<span className="usage-facts__hint">Known once the service accepts your key.</span>
              </>
            ) : outOfCreditAt === undefined && props.unanswered ? (
              // Why not "no problem": the last check got no answer from the service, so nothing
              // it would have said about credit is known either.
              <>
                Unknown
                <span className="usage-facts__hint">
                  The service did not answer the last check.
                </span>
              </>
            ) : outOfCreditAt === undefined ? (
              // Why no figure: the service reports no balance (only a refusal once it is gone),
              // so the column says so plainly rather than a sentence that reads like a status.
              <span className="usage-facts__plain" data-testid="usage-credit-fine">
                Not shown by the service
                <span className="usage-facts__hint">You’ll see a warning here if it runs out.</span>
                <BalanceLink />
              </span>
            ) : (
              <>
                None left
                <span className="usage-facts__hint">
                  The service said so {humanPastTime(outOfCreditAt, now)}.
                </span>
              </>
            )}
          </dd>
        </div>
      </dl>
    </>
  )
}

/**
 * What the count includes and leaves out, in plain words, behind a disclosure; and, while no page
 * where credit is added is known, the offer to save it, kept here so that it is no chore on every
 * connected screen (the out-of-credit banner asks for it when it matters).
 */
function HowCounted(props: { keyAccepted: boolean }): ReactElement {
  return (
    <Disclosure summary="How this is counted" className="usage-counted" testId="usage-counted">
      <ul className="usage-counted__list">
        <li>
          Every character of text sent to be spoken: renders, previews, voices you try, and the
          command line.
        </li>
        <li>
          Text spoken before and kept on this computer is not sent again, so it is not counted
          again.
        </li>
        <li>
          Counted on this computer only: the service does not report usage, so use on other
          computers or apps is not included. Your account with the voice service has the billed
          total.
        </li>
      </ul>
      {props.keyAccepted && <SavePageOffer />}
    </Disclosure>
  )
}

/** Characters sent to the service, by month and project, as counted on this computer. */
export function UsageCard(props: {
  demo: boolean
  /** A key or token the service has not refused: only then is anything said of the plan. */
  keyAccepted: boolean
  /** The last check got no answer from the service (nothing there, not it, or its failure). */
  unanswered: boolean
}): ReactElement {
  const usage = useUsage()
  const months = usage.data?.months ?? []
  return (
    <Card
      area="usage"
      titleId="usage-title"
      title="Usage"
      description={
        <>
          <span className="chip">Counted on this computer</span> The characters this computer sent
          to the service, by month and project.
        </>
      }
    >
      <div className="card__body" data-testid="usage">
        {usage.isError && (
          <ErrorNotice
            error={usage.error}
            action={{ label: 'Try again', onClick: () => void usage.refetch() }}
          />
        )}
        {usage.isPending && <span className="skeleton" />}
        {usage.isSuccess && (
          <Allowance
            months={months}
            outOfCreditAt={usage.data.outOfCreditAt}
            demo={props.demo}
            keyAccepted={props.keyAccepted}
            unanswered={props.unanswered}
          />
        )}
        {usage.isSuccess && months.length === 0 && (
          <p className="field__hint" data-testid="usage-empty">
            Nothing sent yet. Render a script or play a preview, and the characters it used show
            here by month.
          </p>
        )}
        {months.length > 0 && (
          <table className="usage-table" data-testid="usage-table">
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col" className="usage-table__number">
                  Characters
                </th>
                <th scope="col">Top projects</th>
              </tr>
            </thead>
            <tbody>
              {months.map((month) => (
                <tr key={month.month}>
                  <th scope="row">{monthName(month.month)}</th>
                  <td className="usage-table__number">{count.format(month.characters)}</td>
                  <td>{topProjects(month)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <HowCounted keyAccepted={props.keyAccepted && !props.demo} />
      </div>
    </Card>
  )
}
