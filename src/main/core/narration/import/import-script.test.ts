import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProject } from '../../../../shared/domain/script'
import { importMarkdown } from './import-markdown'
import { importScript } from './import-script'
import { importPlainText } from './import-text'
import { loadProjectFile, saveProjectFile } from './project-file'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vd-import-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('importPlainText', () => {
  it('splits blocks at blank lines (CRLF and BOM tolerated)', () => {
    const blocks = importPlainText('\uFEFFFirst line\r\nsame block.\r\n\r\n  \r\nSecond block.\n')
    expect(blocks.map((b) => b.text)).toEqual(['First line\nsame block.', 'Second block.'])
    expect(blocks.every((b) => b.endsParagraph)).toBe(true)
  })
})

describe('importMarkdown', () => {
  const md = `# Part *One*

Some **bold** intro with a [link](http://x) and \`code\`.
More of the same paragraph.

ALICE: Hi there.
bob: Hello!
Note: this is not dialogue.

\`\`\`
ignored: code
\`\`\`

---

## Part Two
- a list item
`
  it('turns headings into chapters, dialogue lines into cast blocks, and strips inline syntax', () => {
    const blocks = importMarkdown(md, ['Alice', 'Bob'])
    expect(blocks.map((b) => [b.text, b.speaker ?? null, b.chapter, b.endsParagraph])).toEqual([
      ['Some bold intro with a link and code. More of the same paragraph.', null, 'Part One', true],
      ['Hi there.', 'Alice', 'Part One', false],
      ['Hello!', 'Bob', 'Part One', false],
      ['Note: this is not dialogue.', null, 'Part One', true],
      ['a list item', null, 'Part Two', true],
    ])
  })

  it('keeps NAME: lines as prose when the name is not in the cast', () => {
    expect(importMarkdown('ALICE: Hi.').map((b) => [b.text, b.speaker])).toEqual([
      ['ALICE: Hi.', undefined],
    ])
  })
})

describe('project file', () => {
  const project = createProject({
    title: 'Demo',
    defaults: { voiceId: 'emma' },
    cast: { Alice: 'ava' },
    lexicon: [{ term: 'SQL', alias: 'sequel' }],
    blocks: [{ id: 'b1', text: 'Hello.' }],
  })

  it('round-trips through an atomic save', async () => {
    const path = join(dir, 'p.voicedesk')
    await saveProjectFile(path, project)
    expect(await loadProjectFile(path)).toEqual(project)
    const reopened = await importScript(path, {
      cast: { Bob: 'noah' },
      defaults: { format: 'mp3' },
    })
    expect(reopened.cast).toEqual({ Alice: 'ava', Bob: 'noah' })
    expect(reopened.defaults.format).toBe('mp3')
    expect(reopened.defaults.voiceId).toBe('emma')
  })

  it('refuses a newer version, naming it, and leaves the file untouched', async () => {
    const path = join(dir, 'newer.json')
    const text = JSON.stringify({ ...project, version: 7 })
    await writeFile(path, text)
    await expect(loadProjectFile(path)).rejects.toThrow(/newer VoiceDesk \(project version 7/)
    expect(await readFile(path, 'utf8')).toBe(text)
  })

  it('refuses corrupt JSON and invalid content with a clear error', async () => {
    const broken = join(dir, 'broken.json')
    await writeFile(broken, '{"format": "voicedesk-project", "version": 1, "blocks": [')
    await expect(loadProjectFile(broken)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: /not valid JSON/,
    })
    const invalid = join(dir, 'invalid.json')
    await writeFile(
      invalid,
      JSON.stringify({ format: 'voicedesk-project', version: 1, blocks: [{ id: 3 }] }),
    )
    await expect(loadProjectFile(invalid)).rejects.toThrow(/damaged: blocks\.0\.id/)
    const other = join(dir, 'other.json')
    await writeFile(other, '{"hello": 1}')
    await expect(loadProjectFile(other)).rejects.toThrow(/not a VoiceDesk project/)
  })
})
