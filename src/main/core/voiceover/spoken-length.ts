// How long a line is to say, counted in characters of the words a voice reads: a number counts
// as its words ("1999" as "nineteen ninety-nine"), since a voice says them, not its digits.

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
const GROUPS = ['', ' thousand', ' million', ' billion', ' trillion']

/** 0 to 99 in words. */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? ''
  const ones = n % 10
  return `${TENS[Math.floor(n / 10)] ?? ''}${ones > 0 ? `-${ONES[ones] ?? ''}` : ''}`
}

/** 1 to 999 in words, as a British reader says them ("one hundred and five"). */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  if (hundreds === 0) return belowHundred(rest)
  const head = `${ONES[hundreds] ?? ''} hundred`
  return rest > 0 ? `${head} and ${belowHundred(rest)}` : head
}

/**
 * A whole number as a voice reads it: four digits from 1100 to 1999 as a year, in two halves
 * ("nineteen ninety-nine") unless `year` is false, else by thousands; a number too long for
 * words digit by digit.
 */
export function numberWords(digits: string, year = true): string {
  const trimmed = digits.replace(/^0+(?=\d)/, '')
  if (trimmed.length > 15) return [...digits].map((d) => ONES[Number(d)] ?? d).join(' ')
  const n = Number(trimmed)
  if (n === 0) return 'zero'
  if (year && trimmed.length === 4 && n >= 1100 && n < 2000 && n % 100 !== 0) {
    const rest = n % 100
    return `${belowHundred(Math.floor(n / 100))} ${rest < 10 ? `oh ${ONES[rest] ?? ''}` : belowHundred(rest)}`
  }
  const parts: string[] = []
  let left = n
  for (let group = 0; left > 0; group++) {
    const chunk = left % 1000
    // "two thousand and five": the last part joined by "and" when it has no hundreds.
    const and = group === 0 && chunk < 100 && n >= 1000 ? 'and ' : ''
    if (chunk > 0) parts.unshift(`${and}${belowThousand(chunk)}${GROUPS[group] ?? ''}`)
    left = Math.floor(left / 1000)
  }
  return parts.join(' ')
}

/** A number as written: digits with thousands commas, and decimals read digit by digit. */
const NUMBER = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g

/** `text` with every number written as the words a voice says for it. */
export function numbersAsWords(text: string): string {
  return text.replace(NUMBER, (written) => {
    const [whole = '', fraction] = written.replace(/,/g, '').split('.')
    // Written with a thousands comma or decimals, it is a quantity, never a year.
    const words = numberWords(whole, written === whole)
    if (fraction === undefined) return words
    return `${words} point ${[...fraction].map((d) => ONES[Number(d)] ?? d).join(' ')}`
  })
}

/** Characters a voice says for `text`: its code points, with numbers counted as their words. */
export function spokenCharacters(text: string): number {
  return [...(/\d/.test(text) ? numbersAsWords(text) : text)].length
}
