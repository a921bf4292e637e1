import { normalizeMarks } from '../../../../shared/domain/text-marks'
import { describe, expect, it } from 'vitest'
import type { ScriptBlockInput } from '../../../../shared/domain/script'
import { createProject } from '../../../../shared/domain/script'
import { projectFromScriptText } from '../../script-workspace/script-text'
import { exportKindOf, exportScript, writtenTextOfSsml } from './script-export'

const blocks: ScriptBlockInput[] = [
  { id: 'a', chapter: 'Dusk', text: 'The harbour was quiet before dawn.' },
  { id: 'b', chapter: 'Dusk', speaker: 'ALICE', text: 'Are you coming?', endsParagraph: false },
  { id: 'c', chapter: 'Dusk', speaker: 'BOB', text: 'In a minute.', endsParagraph: true },
  { id: 'd', chapter: 'Dawn', text: 'Gulls sat on the posts\nand watched the water.' },
  { id: 'e', chapter: 'Dawn', text: '   ' },
  { id: 'f', chapter: 'Dawn', speaker: 'ALICE', text: 'Look, the boats!' },
]

/** The export of `blocks`, the same in both kinds but for how a chapter heading is written. */
function exported(heading: (chapter: string) => string): string {
  return [
    heading('Dusk'),
    '',
    'The harbour was quiet before dawn.',
    '',
    'ALICE: Are you coming?',
    'BOB: In a minute.',
    '',
    heading('Dawn'),
    '',
    'Gulls sat on the posts and watched the water.',
    '',
    'ALICE: Look, the boats!',
    '',
  ].join('\n')
}

describe('exportScript', () => {
  it('writes Markdown that opens again as the same chapters, speakers and paragraphs', () => {
    const project = createProject({ title: 'Harbour', blocks })
    const markdown = exportScript(project, 'markdown')
    expect(markdown).toBe(exported((chapter) => `# ${chapter}`))
    const reopened = projectFromScriptText('harbour.md', markdown)
    const shape = (list: readonly ScriptBlockInput[]) =>
      list
        .filter((block) => block.text.trim() !== '')
        .map((block) => ({
          text: block.text.replace(/\s+/g, ' '),
          speaker: block.speaker,
          chapter: block.chapter,
          endsParagraph: block.endsParagraph ?? true,
        }))
    expect(shape(reopened.blocks)).toEqual(shape(project.blocks))
  })

  it('writes plain text with each heading alone on its line', () => {
    const project = createProject({ blocks })
    expect(exportScript(project, 'text')).toBe(exported((chapter) => chapter))
  })

  it('keeps the blocks of one paragraph together and a script without chapters headingless', () => {
    const project = createProject({
      blocks: [
        { id: 'a', text: 'One.', endsParagraph: false },
        { id: 'b', text: 'Two.', endsParagraph: true },
        { id: 'c', text: 'Three.' },
      ],
    })
    expect(exportScript(project, 'markdown')).toBe('One.\nTwo.\n\nThree.\n')
  })

  it('gives nothing for a script with no words', () => {
    expect(exportScript(createProject({ blocks: [{ id: 'a', text: '' }] }), 'text')).toBe('')
  })

  it('writes an SSML block as the words a reader sees', () => {
    const project = createProject({
      blocks: [
        {
          id: 's',
          ssml: true,
          text: '<speak>Dr<break time="300ms"/>Who &amp; the <sub alias="Tardis">TARDIS</sub> &#8212; <emphasis>now</emphasis>.</speak>',
        },
      ],
    })
    expect(exportScript(project, 'text')).toBe('Dr Who & the TARDIS — now.\n')
  })
})

describe('writtenTextOfSsml', () => {
  it('cuts the tags of markup that does not parse', () => {
    expect(writtenTextOfSsml('x', 'Hello <emphasis>there')).toBe('Hello there')
  })
})

describe('exportKindOf', () => {
  it('reads Markdown from .md and .markdown, and plain text from anything else', () => {
    expect(exportKindOf('Book.MD')).toBe('markdown')
    expect(exportKindOf('book.markdown')).toBe('markdown')
    expect(exportKindOf('book.txt')).toBe('text')
    expect(exportKindOf('book')).toBe('text')
  })
})

describe('exportScript with marks', () => {
  it('writes every mark in the Markdown syntax and opens again as the same project', () => {
    const marked: ScriptBlockInput[] = [
      {
        id: 'a',
        chapter: 'Storm',
        text: 'The wind was screaming * through [the] rigging.',
        marks: [
          { kind: 'emphasis', start: 13, end: 22, value: 'moderate' },
          { kind: 'emotion', start: 0, end: 22, value: 'terrified' },
          { kind: 'pause', start: 22, end: 22, ms: 400 },
        ],
      },
      {
        id: 'b',
        chapter: 'Storm',
        speaker: 'ALICE',
        text: 'Call NASA, slowly and softly.',
        marks: [
          { kind: 'alias', start: 5, end: 9, value: 'N. A. S. A.' },
          { kind: 'rate', start: 11, end: 17, value: 'slow' },
          { kind: 'pitch', start: 11, end: 28, value: 'high' },
          { kind: 'volume', start: 22, end: 28, value: 'x-soft' },
          { kind: 'emphasis', start: 0, end: 4, value: 'strong' },
        ],
      },
    ]
    const project = createProject({ blocks: marked, cast: { ALICE: 'emma' } })
    const markdown = exportScript(project, 'markdown')
    expect(markdown).toContain(
      '[The wind was *screaming*]{emotion=terrified}{pause=400ms} \\* through \\[the\\] rigging.',
    )
    expect(markdown).toContain('ALICE: **Call** [NASA]{say="N. A. S. A."},')
    const reopened = projectFromScriptText('storm.md', markdown)
    const shape = (list: readonly ScriptBlockInput[]) =>
      list.map((b) => ({
        text: b.text,
        marks: normalizeMarks(b.marks ?? [], b.text.length),
        speaker: b.speaker,
      }))
    expect(shape(reopened.blocks)).toEqual(shape(project.blocks))
    // Plain text keeps the words only.
    expect(exportScript(project, 'text')).toContain(
      'The wind was screaming * through [the] rigging.',
    )
  })
})
