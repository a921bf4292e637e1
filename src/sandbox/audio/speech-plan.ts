import { isSsml, parseSsml, plainTextRuns, type Prosody, type SpeechRun } from './ssml.js'
import { normalizeToken } from './text-normalize.js'

/** One spoken word: where it sits in the input and what the engine is asked to say. */
export interface PlannedWord {
  /** Offset of the word's first UTF-16 code unit in the input (punctuation attached to it included). */
  start: number
  /** Offset just past the word in the input. */
  end: number
  /** Punctuation before the marked word, passed to the engine for phrasing. */
  lead: string
  /** What the engine speaks between the word's marks. */
  spoken: string
  /** Punctuation after the word, passed to the engine for phrasing. */
  trail: string
  /** The speech-mark value: the word as written (typographic apostrophes normalized) or its spoken form. */
  value: string
}

/** Either words spoken with one prosody, or a pause. */
export type PlanItem =
  { kind: 'words'; prosody: Prosody; words: PlannedWord[] } | { kind: 'break'; ms: number }

/** Everything the engine needs to render an input, in order. */
export interface SpeechPlan {
  items: PlanItem[]
  /** Words in reading order across all items (their index is their mark number). */
  words: PlannedWord[]
  /** Code points of the text to be spoken, SSML markup excluded. */
  billableCharacters: number
}

const SPLIT = /^([^\p{L}\p{N}$€£]*)(.*?)([^\p{L}\p{N}%]*)$/su
// Punctuation that only shapes phrasing is passed on; other symbols would be read aloud with no word mark.
const PHRASING = /^[.,;:!?…—–-]+$/

function tokenize(run: Extract<SpeechRun, { kind: 'text' }>, normalize: boolean): PlannedWord[] {
  if (run.alias !== undefined) {
    const range = run.ranges[0] ?? [0, 0]
    const alias = run.alias.trim()
    if (!alias) return []
    return [{ start: range[0], end: range[1], lead: '', spoken: alias, trail: '', value: alias }]
  }
  const words: PlannedWord[] = []
  for (const match of run.text.matchAll(/\S+/gu)) {
    const first = match.index
    const last = first + match[0].length - 1
    const token = match[0]
      .replaceAll(/[\u2018\u2019\u02bc]/g, "'")
      .replaceAll(/[\u201c\u201d]/g, '"')
    const [, lead = '', body = '', trail = ''] = SPLIT.exec(token) ?? []
    if (!/[\p{L}\p{N}]/u.test(body)) {
      if (PHRASING.test(token) && words.length > 0) {
        const previous = words[words.length - 1]
        if (previous) previous.trail += ` ${token}`
      }
      continue
    }
    const normalized = normalize ? normalizeToken(body) : null
    words.push({
      start: run.ranges[first]?.[0] ?? 0,
      end: run.ranges[last]?.[1] ?? 0,
      lead: PHRASING.test(lead) ? lead : '',
      spoken: normalized ?? body,
      trail: PHRASING.test(trail) ? trail : '',
      value: normalized ?? token,
    })
  }
  return words
}

/**
 * Turns a request's `input` (plain text or SSML) into words and pauses with their input offsets.
 * Throws SsmlError for malformed SSML.
 */
export function planSpeech(input: string, options: { textNormalization: boolean }): SpeechPlan {
  const runs = isSsml(input) ? parseSsml(input) : plainTextRuns(input)
  const items: PlanItem[] = []
  const words: PlannedWord[] = []
  let billableCharacters = 0
  for (const run of runs) {
    if (run.kind === 'break') {
      if (run.ms > 0) items.push({ kind: 'break', ms: run.ms })
      continue
    }
    billableCharacters += [...(run.alias ?? run.text)].length
    const runWords = tokenize(run, options.textNormalization)
    if (runWords.length === 0) continue
    words.push(...runWords)
    const last = items.at(-1)
    const sameProsody =
      last?.kind === 'words' && JSON.stringify(last.prosody) === JSON.stringify(run.prosody)
    if (last?.kind === 'words' && sameProsody) last.words.push(...runWords)
    else items.push({ kind: 'words', prosody: run.prosody, words: runWords })
  }
  return { items, words, billableCharacters }
}
