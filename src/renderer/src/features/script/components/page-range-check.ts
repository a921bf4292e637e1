import type { PageRange } from '../../../../../shared/domain/manuscript'
import { parsePageNumber } from '../../../../../shared/domain/manuscript'

/**
 * The PDF dialog's two page fields checked in words (against the page count when known): the
 * range, or what is wrong. Each page is read as the CLI's --pages reads it ("3,000" is 3000).
 */
export function checkRange(
  fromText: string,
  toText: string,
  pageCount?: number,
): PageRange | string {
  const first = parsePageNumber(fromText)
  const last = parsePageNumber(toText)
  if (first === null) return 'Type the first page as a whole number, 1 or more.'
  if (last === null) return 'Type the last page as a whole number, 1 or more.'
  if (first > last) return `The first page (${first}) comes after the last (${last}). Swap them.`
  if (pageCount !== undefined && last > pageCount)
    return `This PDF has ${pageCount.toLocaleString()} ${pageCount === 1 ? 'page' : 'pages'}. Choose pages from 1 to ${pageCount.toLocaleString()}.`
  return { first, last }
}
