import type { CleanupSettings, LinkMode } from '../../../../shared/domain/cleanup-rules'
import { BUILT_IN_RULE_LABELS } from '../../../../shared/domain/cleanup-rules'

/**
 * One clean-up pass over a block's text: a pattern and what each match becomes. `headingOnly`
 * passes run on chapter names and on heading-like blocks only.
 */
export interface TextPass {
  id: string
  label: string
  pattern: RegExp
  replace(match: string, groups: readonly (string | undefined)[]): string
  /** A user's regular expression replacement, with its `$1` references (see expandReplacement). */
  template?: string
  headingOnly?: boolean
}

/** "[12]", "[3-5]", "[3, 7, 9]", "[12–14]", with the space before it. */
const CITATION = /[ \u00A0]?\[\d{1,4}(?:\s*[-\u2013\u2014,]\s*\d{1,4})*\]/gu

/** Superscript digits, daggers after a word, and Markdown-style "[^2]" references. */
const FOOTNOTE_MARKER =
  /[\u00B9\u00B2\u00B3\u2070\u2074-\u2079]+|(?<=[\p{L}\p{N}.,;:!?)"'\u2019\u201D])[\u2020\u2021]+|\[\^[^\]\s]{1,20}\]/gu

/**
 * A web address (with a scheme or starting "www."), without the punctuation that ends its
 * sentence; or an e-mail address.
 */
const LINK =
  /\b(?:https?:\/\/|www\.)[^\s<>"'\u201C\u201D]+?(?=[.,;:!?)\]'"\u2019\u201D]*(?:\s|$))|\b[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+\b/giu

/** Runs of one mark (!!!, ??, ,,), mixed ?! runs of three or more, four or more dots. */
const REPEATED = /([!?,;:])\1+|[!?]{3,}|\.{4,}/gu

/** A word of capitals that is a Roman numeral (kept as capitals: "Chapter IV"). */
const ROMAN = /^[IVXLCDM]{1,7}$/u

/** Text with letters, none of them lower case: a heading set in capitals. */
export function isAllCaps(text: string): boolean {
  const letters = text.match(/\p{L}/gu)
  return letters !== null && letters.length >= 2 && !/\p{Ll}/u.test(text) && /\p{Lu}/u.test(text)
}

/**
 * A block that reads as a heading: short, in capitals and without a sentence's end (so a shouted
 * "NO!" or "STOP THAT." stays as written).
 */
export function isHeadingLike(text: string): boolean {
  const trimmed = text.trim()
  return trimmed.length <= 80 && isAllCaps(trimmed) && !/[.!?\u2026"'\u201D\u2019]$/u.test(trimmed)
}

/** "CHAPTER IV: THE STORM" -> "Chapter IV: The storm": each sentence's first letter kept upper. */
export function sentenceCase(text: string): string {
  let startOfSentence = true
  return text.replace(/[\p{L}\p{N}'\u2019]+|[^\p{L}\p{N}'\u2019]+/gu, (part) => {
    if (!/[\p{L}\p{N}]/u.test(part)) {
      if (/[.!?:]/u.test(part)) startOfSentence = true
      return part
    }
    const first = startOfSentence
    startOfSentence = false
    if (ROMAN.test(part) && !first) return part
    if (part === 'I') return part
    const lower = part.toLocaleLowerCase()
    return first ? lower.charAt(0).toLocaleUpperCase() + lower.slice(1) : lower
  })
}

function linkWords(mode: LinkMode): TextPass['replace'] {
  return (match) => {
    if (mode === 'remove') return ''
    return match.includes('@') && !/^(?:https?:|www\.)/iu.test(match) ? 'email address' : 'link'
  }
}

/** The built-in passes the settings turn on, in the order they run. */
export function builtInPasses(settings: CleanupSettings): TextPass[] {
  const passes: TextPass[] = []
  if (settings.citations) {
    passes.push({
      id: 'citations',
      label: BUILT_IN_RULE_LABELS.citations,
      pattern: CITATION,
      replace: () => '',
    })
  }
  if (settings.footnoteMarkers) {
    passes.push({
      id: 'footnoteMarkers',
      label: BUILT_IN_RULE_LABELS.footnoteMarkers,
      pattern: FOOTNOTE_MARKER,
      replace: () => '',
    })
  }
  if (settings.links !== 'keep') {
    passes.push({
      id: 'links',
      label:
        settings.links === 'say'
          ? `${BUILT_IN_RULE_LABELS.links}, read as “link”`
          : `${BUILT_IN_RULE_LABELS.links}, left out`,
      pattern: LINK,
      replace: linkWords(settings.links),
    })
  }
  if (settings.repeatedPunctuation) {
    passes.push({
      id: 'repeatedPunctuation',
      label: BUILT_IN_RULE_LABELS.repeatedPunctuation,
      pattern: REPEATED,
      replace: (match) => {
        if (match.startsWith('.')) return '...'
        if (/^[!?]+$/u.test(match) && match.includes('!') && match.includes('?')) return '?!'
        return match.charAt(0)
      },
    })
  }
  if (settings.capsHeadings) {
    passes.push({
      id: 'capsHeadings',
      label: BUILT_IN_RULE_LABELS.capsHeadings,
      pattern: /^[\s\S]+$/gu,
      replace: (match) => sentenceCase(match),
      headingOnly: true,
    })
  }
  return passes
}
