import type { LexiconFileRead } from '../../../../shared/domain/lexicon-layers'
import { MAX_LEXICON_FILE_ENTRIES } from '../../../../shared/domain/lexicon-layers'
import type { LexiconEntry } from '../../../../shared/domain/script'
import { lexiconFileError } from './lexicon-file-error'

const MAX_TERM = 200
const MAX_ALIAS = 400

/** The header row VoiceDesk writes; reading also accepts "word" and "spoken as" for the first two. */
export const CSV_HEADER = ['term', 'alias', 'match_case'] as const

const TERM_NAMES = new Set(['term', 'word', 'grapheme'])
const ALIAS_NAMES = new Set(['alias', 'spoken as', 'say as'])
const CASE_NAMES = new Set(['match_case', 'match case'])

/** One record of an RFC 4180 file with the line it starts on. */
interface Row {
  fields: string[]
  line: number
}

/**
 * Splits RFC 4180 text into records: fields separated by commas, a quoted field may hold commas,
 * line breaks and doubled quotes; CRLF or LF ends a record. Throws on a quote left open or text
 * after a closing quote.
 */
function* csvRows(fileName: string, text: string): Generator<Row> {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0
  let line = 1
  while (at < text.length) {
    const start = line
    const fields: string[] = []
    for (;;) {
      let value = ''
      if (text[at] === '"') {
        at += 1
        for (;;) {
          const quote = text.indexOf('"', at)
          if (quote < 0) {
            throw lexiconFileError(fileName, 'a quoted value is never closed.', { line: start })
          }
          value += text.slice(at, quote)
          at = quote + 1
          if (text[at] === '"') {
            value += '"'
            at += 1
          } else break
        }
        for (const ch of value) if (ch === '\n') line += 1
        const next = text[at]
        if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
          throw lexiconFileError(fileName, 'text follows a closing quote.', { line })
        }
      } else {
        let end = at
        while (end < text.length && text[end] !== ',' && text[end] !== '\r' && text[end] !== '\n') {
          end += 1
        }
        value = text.slice(at, end)
        if (value.includes('"')) {
          throw lexiconFileError(fileName, 'a value has a quote but is not quoted.', { line })
        }
        at = end
      }
      fields.push(value)
      if (text[at] === ',') {
        at += 1
        continue
      }
      if (text[at] === '\r') at += 1
      if (text[at] === '\n') at += 1
      line += 1
      break
    }
    if (!(fields.length === 1 && fields[0] === '')) yield { fields, line: start }
  }
}

function isTrue(value: string): boolean {
  return ['true', 'yes', '1', 'y'].includes(value.trim().toLowerCase())
}

/**
 * Reads a CSV pronunciation list (RFC 4180, a header row naming a `term` and an `alias` column,
 * and optionally `match_case`). Refuses, naming the line: no such header, a row without a word
 * or alias, a value too long, more than 100,000 rows.
 */
export function readCsvLexicon(fileName: string, text: string): LexiconFileRead {
  const entries: LexiconEntry[] = []
  let columns: { term: number; alias: number; matchCase: number } | null = null
  for (const row of csvRows(fileName, text)) {
    if (columns === null) {
      const names = row.fields.map((f) => f.trim().toLowerCase())
      const term = names.findIndex((n) => TERM_NAMES.has(n))
      const alias = names.findIndex((n) => ALIAS_NAMES.has(n))
      if (term < 0 || alias < 0) {
        throw lexiconFileError(
          fileName,
          'its first row must name the columns, for example "term,alias,match_case".',
          { line: row.line },
        )
      }
      columns = { term, alias, matchCase: names.findIndex((n) => CASE_NAMES.has(n)) }
      continue
    }
    if (entries.length >= MAX_LEXICON_FILE_ENTRIES) {
      throw lexiconFileError(
        fileName,
        `it has more than ${MAX_LEXICON_FILE_ENTRIES.toLocaleString('en-US')} entries.`,
        { line: row.line },
      )
    }
    const term = (row.fields[columns.term] ?? '').trim().replace(/\s+/gu, ' ')
    const alias = (row.fields[columns.alias] ?? '').trim().replace(/\s+/gu, ' ')
    const where = { line: row.line }
    if (term === '') throw lexiconFileError(fileName, 'a row has an empty word.', where)
    if (alias === '') throw lexiconFileError(fileName, `“${term}” has an empty alias.`, where)
    if (term.length > MAX_TERM) {
      throw lexiconFileError(fileName, `a word is longer than ${MAX_TERM} characters.`, where)
    }
    if (alias.length > MAX_ALIAS) {
      throw lexiconFileError(fileName, `an alias is longer than ${MAX_ALIAS} characters.`, where)
    }
    const matchCase = columns.matchCase >= 0 && isTrue(row.fields[columns.matchCase] ?? '')
    entries.push({ term, alias, matchCase })
  }
  if (columns === null) throw lexiconFileError(fileName, 'it is empty.')
  return { entries, skipped: { count: 0, example: null } }
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** Writes entries as RFC 4180 CSV (CRLF line ends) with the header row `term,alias,match_case`. */
export function writeCsvLexicon(entries: readonly LexiconEntry[]): string {
  const rows = [CSV_HEADER.join(',')]
  for (const e of entries) {
    rows.push([e.term, e.alias, e.matchCase ? 'true' : 'false'].map(csvField).join(','))
  }
  return `${rows.join('\r\n')}\r\n`
}
