import { z } from 'zod'
import { atMost } from '../limits'
import type { TextMark } from './text-marks'

/** Most find-and-replace rules one set may hold. */
export const MAX_USER_RULES = 200
/** Longest text or pattern a rule finds. */
export const MAX_RULE_FIND = 1000
/** Longest replacement a rule writes. */
export const MAX_RULE_REPLACE = 1000
/** Longest name of a rule or of a rule set. */
export const MAX_RULE_NAME = 100

/** Most named rule sets the user keeps. */
export const MAX_RULE_SETS = 50
/** Longest name of a named rule set. */
export const MAX_RULE_SET_NAME = 60

/**
 * A named rule set's name: words, digits, spaces and a little punctuation, never starting with a
 * dot. Why so narrow: the name is shown in menus and becomes part of a file name in main.
 */
export const ruleSetNameSchema = z
  .string()
  .trim()
  .min(1, 'A rule set needs a name.')
  .max(MAX_RULE_SET_NAME, atMost('A rule set name', MAX_RULE_SET_NAME, 'characters'))
  .regex(
    /^[\p{L}\p{N}][\p{L}\p{N} _.,()'&+-]*$/u,
    "A rule set name may hold letters, digits, spaces and . , ( ) ' & + - _ and starts with a letter or digit.",
  )

/** What happens to a web address or an e-mail address in the text. */
export const LINK_MODES = ['keep', 'say', 'remove'] as const
export type LinkMode = (typeof LINK_MODES)[number]

/** The clean-up rules built in, each on or off per project. */
export const BUILT_IN_RULE_IDS = [
  'citations',
  'footnoteMarkers',
  'links',
  'repeatedPunctuation',
  'capsHeadings',
] as const
export type BuiltInRuleId = (typeof BUILT_IN_RULE_IDS)[number]

/** Each built-in rule in the words the app and the CLI use. */
export const BUILT_IN_RULE_LABELS: Record<BuiltInRuleId, string> = {
  citations: 'Bracketed citations such as [12] or [3-5]',
  footnoteMarkers: 'Footnote markers left in the text (¹, †, [^2])',
  links: 'Web and e-mail addresses',
  repeatedPunctuation: 'Repeated punctuation (!!!, ??, ,,)',
  capsHeadings: 'ALL-CAPS headings read in sentence case',
}

/** Whether a user rule's find text is a regular expression, and whether case matters. */
const userRuleSchema = z.object({
  name: z
    .string()
    .trim()
    .max(MAX_RULE_NAME, atMost('A rule name', MAX_RULE_NAME, 'characters'))
    .default(''),
  find: z
    .string()
    .min(1, 'A rule needs something to find.')
    .max(MAX_RULE_FIND, atMost('A rule', MAX_RULE_FIND, 'characters to find')),
  replace: z
    .string()
    .max(MAX_RULE_REPLACE, atMost('A replacement', MAX_RULE_REPLACE, 'characters'))
    .default(''),
  regex: z.boolean().default(false),
  matchCase: z.boolean().default(false),
  enabled: z.boolean().default(true),
})
export type UserRule = z.infer<typeof userRuleSchema>
export type UserRuleInput = z.input<typeof userRuleSchema>

/**
 * A rule's pattern as the engine runs it: a regular expression rule as written, a plain rule with
 * its text escaped. Throws SyntaxError for a pattern JavaScript cannot compile.
 */
export function rulePattern(rule: Pick<UserRule, 'find' | 'regex' | 'matchCase'>): RegExp {
  const source = rule.regex ? rule.find : rule.find.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(source, rule.matchCase ? 'gu' : 'giu')
}

/** What the engine's reason for refusing a pattern means, in a writer's words. */
const PATTERN_REASONS: readonly [RegExp, string][] = [
  [/^Unterminated group/iu, 'has an opening bracket “(” that is never closed'],
  [/^Unmatched '\)'/iu, 'has a closing bracket “)” with no opening one'],
  [/^Unterminated character class/iu, 'has a “[” that is never closed'],
  [/^Nothing to repeat/iu, 'has a * + ? or { with nothing before it to repeat'],
  [/quantifier/iu, 'has a { } count that is not complete or not in order'],
  [/at end of pattern/iu, 'ends with a lone backslash'],
]

/**
 * Why a rule's pattern cannot run, in plain words, or null when it compiles and cannot match
 * nothing. The engine's own reason is kept, in brackets, only when it has no plain words here.
 */
export function rulePatternProblem(
  rule: Pick<UserRule, 'find' | 'regex' | 'matchCase'>,
): string | null {
  const quoted = `“${rule.find.slice(0, 60)}”`
  let pattern: RegExp
  try {
    pattern = rulePattern(rule)
  } catch (error) {
    // The engine's message repeats the pattern and its flags: only the reason is kept.
    const reason = (error as Error).message
      .replace(/^Invalid regular expression: \/[\s\S]*\/[a-z]*: /u, '')
      .replace(/^Invalid regular expression: /u, '')
    const plain = PATTERN_REASONS.find(([match]) => match.test(reason))?.[1]
    return plain !== undefined
      ? `The pattern ${quoted} ${plain}.`
      : `The pattern ${quoted} cannot be read (${reason.charAt(0).toLowerCase()}${reason.slice(1)}).`
  }
  // A pattern that matches the empty string would insert its replacement between every letter.
  if (pattern.test(''))
    return `The pattern ${quoted} can match nothing at all; make it match at least one character.`
  return null
}

export const userRulesSchema = z
  .array(
    userRuleSchema.check((ctx) => {
      const problem = rulePatternProblem(ctx.value)
      if (problem !== null)
        ctx.issues.push({ code: 'custom', message: problem, input: ctx.value, path: ['find'] })
    }),
  )
  .max(MAX_USER_RULES, atMost('A rule set', MAX_USER_RULES, 'rules'))

/**
 * The clean-up a manuscript gets before anything is paid for: the built-in rules (each on or off,
 * links kept, said as "link" or left out) and the user's own find-and-replace rules, in order.
 */
export const cleanupSettingsSchema = z.object({
  citations: z.boolean().default(true),
  footnoteMarkers: z.boolean().default(true),
  links: z.enum(LINK_MODES).default('say'),
  repeatedPunctuation: z.boolean().default(true),
  capsHeadings: z.boolean().default(true),
  rules: userRulesSchema.default([]),
})
export type CleanupSettings = z.infer<typeof cleanupSettingsSchema>
export type CleanupSettingsInput = z.input<typeof cleanupSettingsSchema>

/** The clean-up when nothing was chosen: every built-in rule on, links said as "link". */
export function defaultCleanup(): CleanupSettings {
  return cleanupSettingsSchema.parse({})
}

/** Nothing changed: every built-in rule off and no user rule. */
export function noCleanup(): CleanupSettings {
  return cleanupSettingsSchema.parse({
    citations: false,
    footnoteMarkers: false,
    links: 'keep',
    repeatedPunctuation: false,
    capsHeadings: false,
  })
}

/** One change a rule made, as the preview lists it: the block, the words around it before and after. */
export interface CleanupChange {
  /** The block's position in the script (0-based). */
  block: number
  before: string
  after: string
}

/** What one rule did to a manuscript. */
export interface CleanupRuleReport {
  /** A built-in rule's id, or `rule:N` for the Nth user rule (0-based). */
  id: string
  label: string
  /** How many places it changed. */
  count: number
  /** Characters it took out of the billable text (negative when it added some). */
  charactersSaved: number
  /** The first changes, for the preview (at most {@link MAX_REPORTED_CHANGES}). */
  changes: CleanupChange[]
}

/** Changes listed per rule in a report; the count says how many there were in all. */
export const MAX_REPORTED_CHANGES = 500

/** What the clean-up would do to an open script: each rule's report, and each changed block's text. */
export interface CleanupPreview {
  reports: CleanupRuleReport[]
  /**
   * The blocks the rules change, with their new text (empty when a rule left nothing), their
   * marks moved to match, and their chapter's new name when a rule renamed it.
   */
  changes: { id: string; text: string; marks?: TextMark[]; chapter?: string }[]
}

/** Longest text the rules' test field sends. */
export const MAX_CLEANUP_SAMPLE = 2000

/** A sample after the clean-up, and how many places each rule changed in it. */
export interface CleanupTrial {
  text: string
  reports: CleanupRuleReport[]
}
