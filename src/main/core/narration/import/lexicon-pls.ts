import { Parser } from 'htmlparser2'
import type { LexiconFileRead } from '../../../../shared/domain/lexicon-layers'
import { MAX_LEXICON_FILE_ENTRIES } from '../../../../shared/domain/lexicon-layers'
import type { LexiconEntry } from '../../../../shared/domain/script'
import { lexiconFileError, lexiconFileUnsafe, lineFinder } from './lexicon-file-error'

/** The namespace of W3C Pronunciation Lexicon Specification 1.0 documents. */
export const PLS_NAMESPACE = 'http://www.w3.org/2005/01/pronunciation-lexicon'

const MAX_TERM = 200
const MAX_ALIAS = 400

/** A lexeme as read: its words, its first alias, whether it had a phonetic spelling. */
interface Lexeme {
  graphemes: string[]
  alias: string | null
  phoneme: boolean
  line: number
}

function localName(qualified: string): string {
  const colon = qualified.indexOf(':')
  return colon < 0 ? qualified : qualified.slice(colon + 1)
}

function prefixOf(qualified: string): string {
  const colon = qualified.indexOf(':')
  return colon < 0 ? '' : qualified.slice(0, colon)
}

/** A file that is not a pronunciation list at all (plain text, another kind of XML). */
const NOT_PLS =
  'it is not a pronunciation file: a .pls file starts with <lexicon>, and a .csv file lists each word and how it is said.'

/** A pronunciation file whose markup is broken (cut short, or a tag out of place). */
const DAMAGED = 'the file is damaged or unfinished: its markup does not close properly'

/** The state of one PLS read: the open elements, the lexeme and field being read, the results. */
class PlsReader {
  readonly entries: LexiconEntry[] = []
  readonly skipped = { count: 0, example: null as string | null }
  readonly stack: string[] = []
  rootSeen = false
  #lexemes = 0
  #lexeme: Lexeme | null = null
  #field: 'grapheme' | 'alias' | null = null
  #fieldText = ''
  readonly #lineAt: (offset: number) => number

  constructor(
    private readonly fileName: string,
    text: string,
  ) {
    this.#lineAt = lineFinder(text)
  }

  fail(problem: string, offset: number): never {
    throw lexiconFileError(this.fileName, problem, { line: this.#lineAt(offset) })
  }

  declaration(name: string, at: number): void {
    // Why refuse every declaration: a DOCTYPE can declare entities, and an entity can expand
    // to gigabytes ("billion laughs"); a lexicon never needs one, so none is ever read.
    if (name.startsWith('!')) {
      throw lexiconFileUnsafe(
        this.fileName,
        'It has a <!DOCTYPE …> part, which can hide a huge amount of text: VoiceDesk never reads one.',
        { line: this.#lineAt(at) },
      )
    }
    if (this.rootSeen || this.stack.length > 0) this.fail(`${DAMAGED}.`, at)
  }

  open(name: string, attribs: Record<string, string>, at: number): void {
    if (this.stack.length === 0) this.#root(name, attribs, at)
    this.stack.push(name)
    const local = localName(name)
    if (local === 'lexeme' && this.stack.length === 2) {
      this.#lexemes += 1
      if (this.#lexemes > MAX_LEXICON_FILE_ENTRIES) {
        this.fail(
          `it has more than ${MAX_LEXICON_FILE_ENTRIES.toLocaleString('en-US')} entries.`,
          at,
        )
      }
      this.#lexeme = { graphemes: [], alias: null, phoneme: false, line: this.#lineAt(at) }
    } else if (this.#lexeme !== null && this.stack.length === 3) {
      if (local === 'grapheme' || local === 'alias') {
        this.#field = local
        this.#fieldText = ''
      } else if (local === 'phoneme') {
        this.#lexeme.phoneme = true
      }
    }
  }

  #root(name: string, attribs: Record<string, string>, at: number): void {
    if (this.rootSeen) this.fail(`${DAMAGED}.`, at)
    this.rootSeen = true
    if (localName(name) !== 'lexicon') {
      this.fail(NOT_PLS, at)
    }
    const prefix = prefixOf(name)
    if (attribs[prefix === '' ? 'xmlns' : `xmlns:${prefix}`] !== PLS_NAMESPACE) {
      this.fail(
        'it is not a standard pronunciation file: its <lexicon> does not name the PLS standard (its xmlns).',
        at,
      )
    }
  }

  text(data: string, at: number): void {
    if (this.#field !== null) this.#fieldText += data
    else if (this.stack.length === 0 && data.trim() !== '') this.fail(NOT_PLS, at)
  }

  close(name: string, isImplied: boolean, at: number): void {
    // Why: htmlparser2 closes what a document leaves open; a lexicon must be well formed.
    if (isImplied || this.stack[this.stack.length - 1] !== name) {
      this.fail(`${DAMAGED} (<${name}> is not closed where it should be).`, at)
    }
    this.stack.pop()
    const lexeme = this.#lexeme
    if (lexeme === null) return
    if (this.#field !== null && this.stack.length === 2) {
      this.#fieldDone(lexeme, this.#field, this.#fieldText.trim().replace(/\s+/gu, ' '), at)
      this.#field = null
    } else if (this.stack.length === 1) {
      this.#lexemeDone(lexeme)
      this.#lexeme = null
    }
  }

  #fieldDone(lexeme: Lexeme, field: 'grapheme' | 'alias', value: string, at: number): void {
    if (field === 'grapheme') {
      if (value === '') this.fail('an entry has an empty word.', at)
      if (value.length > MAX_TERM) this.fail(`a word is longer than ${MAX_TERM} characters.`, at)
      lexeme.graphemes.push(value)
    } else if (lexeme.alias === null) {
      if (value === '') this.fail('an entry has an empty alias.', at)
      if (value.length > MAX_ALIAS)
        this.fail(`an alias is longer than ${MAX_ALIAS} characters.`, at)
      lexeme.alias = value
    }
  }

  #lexemeDone(done: Lexeme): void {
    const where = { line: done.line }
    if (done.graphemes.length === 0) {
      throw lexiconFileError(this.fileName, 'an entry has no word to say differently.', where)
    }
    if (done.alias === null) {
      if (!done.phoneme) {
        throw lexiconFileError(
          this.fileName,
          'an entry does not say how its word is said (it has no alias or phoneme).',
          where,
        )
      }
      this.skipped.count += 1
      this.skipped.example ??= done.graphemes[0] ?? null
      return
    }
    for (const term of done.graphemes) {
      this.entries.push({ term, alias: done.alias, matchCase: false })
    }
  }
}

/**
 * Reads a PLS 1.0 document (`<lexeme>` with `<grapheme>` and `<alias>`) into lexicon entries with
 * htmlparser2 in XML mode, as a stream of tags (no tree is built). Lexemes with only a
 * `<phoneme>` are skipped and counted (the service takes `<sub alias>`, not phonemes). Refuses,
 * naming the line: text that is not XML, another root or namespace, a DOCTYPE or any other
 * declaration, more than 100,000 lexemes, an empty or too long word or alias.
 */
export function readPls(fileName: string, text: string): LexiconFileRead {
  const reader = new PlsReader(fileName, text)
  const parser: Parser = new Parser(
    {
      onprocessinginstruction: (name) => reader.declaration(name, parser.startIndex),
      onopentag: (name, attribs) => reader.open(name, attribs, parser.startIndex),
      ontext: (data) => reader.text(data, parser.startIndex),
      onclosetag: (name, isImplied) => reader.close(name, isImplied, parser.startIndex),
    },
    { xmlMode: true },
  )
  parser.write(text)
  parser.end()
  if (!reader.rootSeen) reader.fail(NOT_PLS, 0)
  if (reader.stack.length > 0) {
    reader.fail(`${DAMAGED} (it ends too soon).`, text.length)
  }
  return { entries: reader.entries, skipped: reader.skipped }
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/**
 * Writes entries as a PLS 1.0 document: one `<lexeme>` with its `<grapheme>` and `<alias>` per
 * entry, in `language` (a BCP 47 tag). PLS has no case rule, so "match case" is not kept.
 */
export function writePls(entries: readonly LexiconEntry[], language: string): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<lexicon version="1.0" xmlns="${PLS_NAMESPACE}" alphabet="ipa" xml:lang="${escapeXml(language)}">`,
  ]
  for (const entry of entries) {
    lines.push(
      '  <lexeme>',
      `    <grapheme>${escapeXml(entry.term)}</grapheme>`,
      `    <alias>${escapeXml(entry.alias)}</alias>`,
      '  </lexeme>',
    )
  }
  lines.push('</lexicon>', '')
  return lines.join('\n')
}
