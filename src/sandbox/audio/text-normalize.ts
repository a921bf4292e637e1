const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
]
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion']
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
const CURRENCIES: Record<string, [string, string, string, string]> = {
  $: ['dollar', 'dollars', 'cent', 'cents'],
  '€': ['euro', 'euros', 'cent', 'cents'],
  '£': ['pound', 'pounds', 'penny', 'pence'],
}

function underThousand(n: number): string {
  const parts: string[] = []
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  if (hundreds > 0) parts.push(`${ONES[hundreds] ?? ''} hundred`)
  if (rest > 0 || parts.length === 0) {
    if (rest < 20) parts.push(ONES[rest] ?? '')
    else
      parts.push(
        rest % 10 === 0
          ? (TENS[rest / 10] ?? '')
          : `${TENS[Math.floor(rest / 10)] ?? ''}-${ONES[rest % 10] ?? ''}`,
      )
  }
  return parts.join(' ')
}

/** English words for a non-negative integer below 10^15 ("55" -> "fifty-five"). */
export function integerToWords(n: number): string {
  if (n < 1000) return underThousand(n)
  const groups: string[] = []
  let rest = n
  for (let scale = 0; rest > 0; scale++) {
    const group = rest % 1000
    if (group > 0)
      groups.unshift(
        scale === 0 ? underThousand(group) : `${underThousand(group)} ${SCALES[scale] ?? ''}`,
      )
    rest = Math.floor(rest / 1000)
  }
  return groups.join(' ')
}

function ordinalWords(n: number): string {
  const cardinal = integerToWords(n)
  const irregular: Record<string, string> = {
    one: 'first',
    two: 'second',
    three: 'third',
    five: 'fifth',
    eight: 'eighth',
    nine: 'ninth',
    twelve: 'twelfth',
  }
  const match = /([a-z]+)$/.exec(cardinal)
  const last = match?.[1] ?? ''
  const head = cardinal.slice(0, cardinal.length - last.length)
  if (irregular[last]) return head + irregular[last]
  if (last.endsWith('y')) return `${head}${last.slice(0, -1)}ieth`
  return `${cardinal}th`
}

function yearWords(year: number): string {
  if (year >= 2000 && year < 2010) return integerToWords(year)
  const high = Math.floor(year / 100)
  const low = year % 100
  if (low === 0) return `${integerToWords(high)} hundred`
  return `${integerToWords(high)} ${low < 10 ? `oh ${integerToWords(low)}` : integerToWords(low)}`
}

function decimalWords(text: string): string {
  const negative = text.startsWith('-')
  const [whole = '0', fraction] = text.replace(/^-/, '').replaceAll(',', '').split('.')
  let words = integerToWords(Number(whole))
  if (fraction)
    words += ` point ${[...fraction].map((digit) => ONES[Number(digit)] ?? '').join(' ')}`
  return negative ? `minus ${words}` : words
}

/**
 * Spoken form of one token when text normalization applies to it (numbers, ordinals, percentages,
 * currency amounts, ISO dates, clock times); null when the token is left as written.
 */
export function normalizeToken(token: string): string | null {
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(token)
  if (match) {
    const month = MONTHS[Number(match[2]) - 1]
    const day = Number(match[3])
    if (month && day >= 1 && day <= 31)
      return `${month} ${ordinalWords(day)}, ${yearWords(Number(match[1]))}`
  }
  match = /^(\d{1,2}):(\d{2})$/.exec(token)
  if (match) {
    const hours = Number(match[1])
    const minutes = Number(match[2])
    if (hours < 24 && minutes < 60) {
      if (minutes === 0) return `${integerToWords(hours)} o'clock`
      return `${integerToWords(hours)} ${minutes < 10 ? `oh ${integerToWords(minutes)}` : integerToWords(minutes)}`
    }
  }
  match = /^([$€£])(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?$/.exec(token)
  if (match) {
    const names = CURRENCIES[match[1] ?? '$'] ?? ['dollar', 'dollars', 'cent', 'cents']
    const units = Number((match[2] ?? '0').replaceAll(',', ''))
    const cents = Number(match[3] ?? '0')
    const main = `${integerToWords(units)} ${units === 1 ? names[0] : names[1]}`
    return cents > 0
      ? `${main} and ${integerToWords(cents)} ${cents === 1 ? names[2] : names[3]}`
      : main
  }
  match = /^(-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)%$/.exec(token)
  if (match?.[1]) return `${decimalWords(match[1])} percent`
  match = /^(\d+)(st|nd|rd|th)$/i.exec(token)
  if (match?.[1]) return ordinalWords(Number(match[1]))
  if (
    /^-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/.test(token) &&
    token.replace(/\D/g, '').length <= 15
  ) {
    return decimalWords(token)
  }
  return null
}
