import type {
  CleanupRuleReport,
  CleanupSettings,
  UserRule,
} from '../../../../shared/domain/cleanup-rules'
import { MAX_REPORTED_CHANGES, rulePattern } from '../../../../shared/domain/cleanup-rules'
import type { TextPass } from './built-in-rules'
import type { TextEdit } from '../../../../shared/domain/text-mark-edits'
import { shiftMarks } from '../../../../shared/domain/text-mark-edits'
import type { TextMark } from '../../../../shared/domain/text-marks'
import { builtInPasses, isAllCaps, isHeadingLike } from './built-in-rules'

/**
 * What the clean-up reads and writes of a block: its text, whether it is SSML, its chapter, and
 * its marks (moved with each change, as typing moves them).
 */
export interface CleanupBlock {
  text: string
  ssml?: boolean
  chapter?: string
  marks?: TextMark[]
}

/** The blocks after the clean-up (as many as went in, in order), and what each rule did. */
export interface CleanupResult<B extends CleanupBlock> {
  blocks: B[]
  reports: CleanupRuleReport[]
}

/** Characters kept each side of a change in the preview. */
const CONTEXT = 32

/**
 * A regular expression's replacement for one match, as String.prototype.replace would write it:
 * `$&`, `$1`..`$99`, `$<name>`, `` $` ``, `$'` and `$$`.
 */
export function expandReplacement(
  template: string,
  match: string,
  groups: readonly (string | undefined)[],
  named: Record<string, string | undefined> | undefined,
  before: string,
  after: string,
): string {
  return template.replace(
    /\$(\$|&|`|'|\d{1,2}|<([^>]*)>)/gu,
    (token, what: string, name?: string) => {
      if (what === '$') return '$'
      if (what === '&') return match
      if (what === '`') return before
      if (what === "'") return after
      if (name !== undefined) return named?.[name] ?? ''
      const index = Number(what)
      if (index >= 1 && index <= groups.length) return groups[index - 1] ?? ''
      // "$12" with one group is "$1" then "2", as the language reads it.
      const one = Number(what.charAt(0))
      if (what.length === 2 && one >= 1 && one <= groups.length)
        return (groups[one - 1] ?? '') + what.charAt(1)
      return token
    },
  )
}

function userPass(rule: UserRule, index: number): TextPass {
  const label = rule.name !== '' ? rule.name : `Replace “${rule.find.slice(0, 40)}”`
  return {
    id: `rule:${index}`,
    label,
    pattern: rulePattern(rule),
    replace: () => rule.replace,
    // Plain rules write their replacement as it is; only a regular expression's has $-references.
    ...(rule.regex ? { template: rule.replace } : {}),
  }
}

/** The passes the settings ask for: the built-in ones, then the user's enabled rules in order. */
export function cleanupPasses(settings: CleanupSettings): TextPass[] {
  const passes = builtInPasses(settings)
  settings.rules.forEach((rule, index) => {
    if (rule.enabled) passes.push(userPass(rule, index))
  })
  return passes
}

/** Up to {@link CONTEXT} characters before a change, cut at a word's start ("…" when cut). */
function contextBefore(text: string, start: number): string {
  if (start <= CONTEXT) return text.slice(0, start)
  const head = text.slice(start - CONTEXT, start)
  const space = head.indexOf(' ')
  return `…${space >= 0 ? head.slice(space + 1) : head}`
}

/** Up to {@link CONTEXT} characters after a change, cut at a word's end ("…" when cut). */
function contextAfter(after: string): string {
  if (after.length <= CONTEXT) return after
  const tail = after.slice(0, CONTEXT)
  const space = tail.lastIndexOf(' ')
  return `${space > 0 ? tail.slice(0, space) : tail}…`
}

/** One pass over one text: the new text, and each change with the words around it. */
function runPass(
  pass: TextPass,
  text: string,
  block: number,
  report: CleanupRuleReport,
  edits?: TextEdit[],
): string {
  pass.pattern.lastIndex = 0
  let out = ''
  let at = 0
  for (const found of text.matchAll(pass.pattern)) {
    const start = found.index
    const match = found[0]
    const groups = found.slice(1)
    const after = text.slice(start + match.length)
    const replacement =
      pass.template !== undefined
        ? expandReplacement(pass.template, match, groups, found.groups, text.slice(0, start), after)
        : pass.replace(match, groups)
    if (replacement === match) continue
    out += text.slice(at, start)
    // Where the change falls in the text as changed so far (the changes go left to right).
    edits?.push({ start: out.length, removed: match.length, inserted: replacement.length })
    out += replacement
    at = start + match.length
    report.count += 1
    report.charactersSaved += match.length - replacement.length
    if (report.changes.length < MAX_REPORTED_CHANGES) {
      const head = contextBefore(text, start)
      const tail = contextAfter(after)
      report.changes.push({ block, before: head + match + tail, after: head + replacement + tail })
    }
  }
  return at === 0 ? text : out + text.slice(at)
}

/**
 * Runs the clean-up on a script's blocks before anything is paid for: each pass in turn over
 * every plain-text block (SSML blocks are left as written: a pattern could break their tags), the
 * heading pass over heading-like blocks and chapter names. `onPass` hears each pass start, so a
 * caller can bound the time one pass takes. Blocks it empties stay, empty (see dropEmptied).
 */
export function applyCleanup<B extends CleanupBlock>(
  blocks: readonly B[],
  settings: CleanupSettings,
  onPass?: (index: number, pass: TextPass) => void,
): CleanupResult<B> {
  const passes = cleanupPasses(settings)
  let current = blocks.map((block) => ({ ...block }))
  const reports: CleanupRuleReport[] = []
  passes.forEach((pass, index) => {
    onPass?.(index, pass)
    const report: CleanupRuleReport = {
      id: pass.id,
      label: pass.label,
      count: 0,
      charactersSaved: 0,
      changes: [],
    }
    const renamed = new Map<string, string>()
    current = current.map((block, i) => {
      let next = block
      if (pass.headingOnly === true && block.chapter !== undefined && isAllCaps(block.chapter)) {
        let chapter = renamed.get(block.chapter)
        if (chapter === undefined) {
          const scratch: CleanupRuleReport = { ...report, count: 0, changes: [] }
          chapter = runPass(pass, block.chapter, i, scratch)
          renamed.set(block.chapter, chapter)
          // A chapter name is counted once, where it first appears, and is not spoken: nothing saved.
          report.count += scratch.count
          if (report.changes.length < MAX_REPORTED_CHANGES) report.changes.push(...scratch.changes)
        }
        next = { ...next, chapter }
      }
      if (block.ssml === true) return next
      if (pass.headingOnly === true && !isHeadingLike(block.text)) return next
      const edits: TextEdit[] | undefined = block.marks?.length ? [] : undefined
      const text = runPass(pass, block.text, i, report, edits)
      if (text === block.text) return next
      return { ...next, text, ...(edits ? { marks: movedMarks(block, edits) } : {}) }
    })
    reports.push(report)
  })
  return { blocks: current, reports }
}

/** A block's marks after the changes one pass made to its text, in order. */
function movedMarks(block: CleanupBlock, edits: readonly TextEdit[]): TextMark[] {
  let marks = block.marks ?? []
  let length = block.text.length
  for (const edit of edits) {
    length += edit.inserted - edit.removed
    marks = shiftMarks(marks, edit, length)
  }
  return marks
}

/** The cleaned blocks without those the clean-up left with nothing to say. */
export function dropEmptied<B extends CleanupBlock>(
  originals: readonly CleanupBlock[],
  cleaned: readonly B[],
): B[] {
  return cleaned.filter((block, i) => block.text.trim() !== '' || originals[i]?.text === block.text)
}
