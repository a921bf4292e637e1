import { describe, expect, it } from 'vitest'
import {
  cleanupSettingsSchema,
  defaultCleanup,
  noCleanup,
  rulePatternProblem,
  userRulesSchema,
} from '../../../../shared/domain/cleanup-rules'
import type { CleanupSettingsInput } from '../../../../shared/domain/cleanup-rules'
import { applyCleanup, expandReplacement } from './apply-cleanup'
import { sentenceCase } from './built-in-rules'

const only = (input: CleanupSettingsInput) =>
  cleanupSettingsSchema.parse({ ...noCleanup(), ...input })

const clean = (texts: string[], input: CleanupSettingsInput) =>
  applyCleanup(
    texts.map((text) => ({ text })),
    only(input),
  )

describe('built-in clean-up rules', () => {
  it('takes out bracketed citations with the space before them, and counts what it saved', () => {
    const { blocks, reports } = clean(
      [
        'Rivers flood in spring [12]. Some argue otherwise [3-5], [7, 9] and [12–14].',
        'A list [a] stays.',
      ],
      { citations: true },
    )
    expect(blocks.map((b) => b.text)).toEqual([
      'Rivers flood in spring. Some argue otherwise, and.',
      'A list [a] stays.',
    ])
    expect(reports).toHaveLength(1)
    expect(reports[0]).toMatchObject({ id: 'citations', count: 4, charactersSaved: 5 + 6 + 7 + 8 })
    expect(reports[0]?.changes[0]).toEqual({
      block: 0,
      before: 'Rivers flood in spring [12]. Some argue otherwise [3-5],…',
      after: 'Rivers flood in spring. Some argue otherwise [3-5],…',
    })
  })

  it('takes out footnote markers: superscripts, daggers after a word and [^n] references', () => {
    const { blocks, reports } = clean(
      ['The war ended.¹² Nobody knew† why[^note]. A † alone stays.'],
      {
        footnoteMarkers: true,
      },
    )
    expect(blocks[0]?.text).toBe('The war ended. Nobody knew why. A † alone stays.')
    expect(reports[0]?.count).toBe(3)
  })

  it('reads web and e-mail addresses as words, or leaves them out, keeping the sentence end', () => {
    const text =
      'See https://example.org/a.html. Or www.example.org/x, or write to ann.lee@example.co.uk!'
    expect(clean([text], { links: 'say' }).blocks[0]?.text).toBe(
      'See link. Or link, or write to email address!',
    )
    expect(clean([text], { links: 'remove' }).blocks[0]?.text).toBe('See . Or , or write to !')
    expect(clean([text], { links: 'keep' }).reports).toEqual([])
  })

  it('collapses repeated punctuation, keeping an ellipsis and an interrobang', () => {
    const { blocks } = clean(['No!!! Really?? Wait,, what?!?! Then.... silence...'], {
      repeatedPunctuation: true,
    })
    expect(blocks[0]?.text).toBe('No! Really? Wait, what?! Then... silence...')
  })

  it('puts ALL-CAPS headings and chapter names in sentence case, leaving shouted lines alone', () => {
    const { blocks, reports } = applyCleanup(
      [
        { text: 'CHAPTER IV: THE STORM', chapter: 'CHAPTER IV: THE STORM' },
        { text: 'NO!', chapter: 'CHAPTER IV: THE STORM' },
        { text: 'It rained, said NASA.', chapter: 'CHAPTER IV: THE STORM' },
      ],
      only({ capsHeadings: true }),
    )
    expect(blocks.map((b) => b.text)).toEqual([
      'Chapter IV: The storm',
      'NO!',
      'It rained, said NASA.',
    ])
    expect(blocks.map((b) => b.chapter)).toEqual(Array(3).fill('Chapter IV: The storm'))
    // The chapter name counts once, the heading block once.
    expect(reports[0]?.count).toBe(2)
  })

  it('leaves SSML blocks as written, since a pattern could break their tags', () => {
    const { blocks } = applyCleanup(
      [{ text: '<speak>Hi [1]!!</speak>', ssml: true }],
      defaultCleanup(),
    )
    expect(blocks[0]?.text).toBe('<speak>Hi [1]!!</speak>')
  })

  it('moves marks with each change, as typing moves them, and drops a mark on removed text', () => {
    // "Rivers [12] rise [3] fast!!!" with "rise" emphasised, "[3]" marked, "fast" angry.
    const text = 'Rivers [12] rise [3] fast!!!'
    const { blocks } = applyCleanup(
      [
        {
          text,
          marks: [
            { kind: 'emphasis', start: 12, end: 16, value: 'moderate' },
            { kind: 'alias', start: 17, end: 20, value: 'three' },
            { kind: 'emotion', start: 21, end: 25, value: 'angry' },
          ],
        },
      ],
      only({ citations: true, repeatedPunctuation: true }),
    )
    const out = blocks[0]
    expect(out?.text).toBe('Rivers rise fast!')
    expect(out?.marks).toEqual([
      { kind: 'emphasis', start: 7, end: 11, value: 'moderate' },
      { kind: 'emotion', start: 12, end: 16, value: 'angry' },
    ])
    expect(out?.text.slice(7, 11)).toBe('rise')
    expect(out?.text.slice(12, 16)).toBe('fast')
  })

  it('sentence case keeps I and each sentence start', () => {
    expect(sentenceCase('WHAT I SAW. THEN WE LEFT')).toBe('What I saw. Then we left')
  })
})

describe('user rules', () => {
  it('runs plain rules literally (a $ is a dollar) and case-insensitively unless asked', () => {
    const { blocks, reports } = clean(['Mr. Smith paid Mr. Jones $5.', 'mr. smith'], {
      rules: [
        { name: 'Mister', find: 'Mr.', replace: 'Mister' },
        { find: '$5', replace: '$$ five' },
      ],
    })
    expect(blocks.map((b) => b.text)).toEqual([
      'Mister Smith paid Mister Jones $$ five.',
      'Mister smith',
    ])
    expect(reports.map((r) => [r.label, r.count])).toEqual([
      ['Mister', 3],
      ['Replace “$5”', 1],
    ])
  })

  it('runs regular expressions with group references; a disabled rule does nothing', () => {
    const { blocks } = clean(['Call 555-0100 or 555-0199.'], {
      rules: [
        { find: '(\\d{3})-(\\d{4})', replace: '$1 $2', regex: true },
        { find: 'Call', replace: 'Ring', enabled: false },
      ],
    })
    expect(blocks[0]?.text).toBe('Call 555 0100 or 555 0199.')
  })

  it('expands every replacement form as the language does', () => {
    expect(expandReplacement("[$&|$1|$<y>|$$|$`|$'|$9]", 'ab', ['a'], { y: 'b' }, 'x', 'z')).toBe(
      '[ab|a|b|$|x|z|$9]',
    )
  })

  it('refuses a pattern that does not compile or that matches nothing, in words', () => {
    const bad = userRulesSchema.safeParse([{ find: '(unclosed', regex: true }])
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]?.message).toBe(
      'The pattern “(unclosed” has an opening bracket “(” that is never closed.',
    )
    // The engine's reasons in a writer's words, not its own ("Unterminated character class").
    const problems = ['a)', '[a', '*a', 'a{2,1}'].map((find) =>
      rulePatternProblem({ find, regex: true, matchCase: false }),
    )
    expect(problems).toEqual([
      'The pattern “a)” has a closing bracket “)” with no opening one.',
      'The pattern “[a” has a “[” that is never closed.',
      'The pattern “*a” has a * + ? or { with nothing before it to repeat.',
      'The pattern “a{2,1}” has a { } count that is not complete or not in order.',
    ])
    const empty = userRulesSchema.safeParse([{ find: 'x*', regex: true }])
    expect(empty.error?.issues[0]?.message).toMatch(/can match nothing at all/)
    // A plain rule with the same characters is fine: they are taken literally.
    expect(userRulesSchema.safeParse([{ find: '(unclosed' }]).success).toBe(true)
  })
})
