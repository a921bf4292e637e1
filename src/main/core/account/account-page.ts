import { checkAccountPage } from '../../../shared/domain/account-page'
import { AppError } from '../../../shared/errors'

/**
 * The address of the user's account page, checked by the one rule ({@link checkAccountPage}), or
 * null to forget it (an empty field). Throws VALIDATION_FAILED naming the `accountPage` field.
 */
export function parseAccountPage(raw: string | null): string | null {
  if (raw === null || raw.trim() === '') return null
  const checked = checkAccountPage(raw)
  if ('problem' in checked)
    throw new AppError('VALIDATION_FAILED', checked.problem, {
      details: { fields: { accountPage: checked.problem } },
    })
  return checked.url
}

/**
 * The account page to open: the one the user saved, else the build's own, checked again: the
 * settings file can be edited by hand, so what it holds is never trusted as it stands. Throws
 * NOT_FOUND when neither is known, VALIDATION_FAILED when the page is not an https page on a
 * website.
 */
export function accountPageToOpen(saved: string | null, builtIn: string | null = null): string {
  const page = saved ?? builtIn
  if (page === null)
    throw new AppError(
      'NOT_FOUND',
      'No account page is saved yet. Add its address first: it is the page on the voice service’s website where you got your API key.',
    )
  const checked = checkAccountPage(page)
  if ('problem' in checked)
    throw new AppError(
      'VALIDATION_FAILED',
      `The ${saved === null ? 'service’s' : 'saved'} account page cannot be opened. ${checked.problem} Add the address again.`,
    )
  return checked.url
}
