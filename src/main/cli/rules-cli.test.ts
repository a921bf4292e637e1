import { access, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { importScript } from '../core/narration/import/import-script'
import { runCliCaptured } from '../testing/captured-cli'
import { useTempDirs } from '../testing/temp-dir'
import { EXIT } from './exit-codes'

// `--rules FILE` cleans a manuscript before anything is paid for, on import and on render, and
// says what each rule changed; a bad rules file is refused before anything is read or written.

const MANUSCRIPT = `# THE FLOOD

Rivers rise in spring [12]. See https://example.org/floods.html for more!!!

Dr. Lee measured it [3-5].
`

const tempDir = useTempDirs('vd-cli-rules-')
let dir: string
beforeAll(async () => {
  dir = await tempDir()
  await writeFile(join(dir, 'flood.md'), MANUSCRIPT)
})

const cli = (...args: string[]) => runCliCaptured(args, { env: {} })

async function rules(name: string, body: string): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, body)
  return path
}

describe('--rules', () => {
  it('cleans the text on import, says what each rule changed, and the script opens cleaned', async () => {
    const file = await rules(
      'rules.json',
      JSON.stringify({ rules: [{ name: 'Doctor', find: 'Dr.', replace: 'Doctor' }] }),
    )
    const out = join(dir, 'flood-clean.md')
    const r = await cli('import', join(dir, 'flood.md'), '--out', out, '--rules', file)
    expect(r.code).toBe(EXIT.ok)
    expect(r.stderr.split('\n')).toEqual([
      'Clean-up, before anything is paid for (37 characters fewer):',
      '  Bracketed citations such as [12] or [3-5]: 2 changes',
      '  Web and e-mail addresses, read as “link”: 1 change',
      '  Repeated punctuation (!!!, ??, ,,): 1 change',
      '  ALL-CAPS headings read in sentence case: 1 change',
      '  Doctor: 1 change',
      '',
    ])
    const again = await importScript(out)
    expect(again.blocks.map((b) => [b.chapter, b.text])).toEqual([
      ['The flood', 'Rivers rise in spring. See link for more!'],
      ['The flood', 'Doctor Lee measured it.'],
    ])
  })

  it('reports the rules in --json', async () => {
    const file = await rules('links.json', JSON.stringify({ links: 'remove', citations: false }))
    const r = await cli(
      'import',
      join(dir, 'flood.md'),
      '--out',
      join(dir, 'j.md'),
      '--rules',
      file,
      '--json',
    )
    expect(r.code).toBe(EXIT.ok)
    const cleanup = (JSON.parse(r.stdout) as { cleanup: { id: string; count: number }[] }).cleanup
    expect(cleanup.map((c) => [c.id, c.count])).toEqual([
      ['footnoteMarkers', 0],
      ['links', 1],
      ['repeatedPunctuation', 1],
      ['capsHeadings', 1],
    ])
  })

  it('prices the cleaned text on render --dry-run', async () => {
    const base = [
      'render',
      join(dir, 'flood.md'),
      '--out',
      join(dir, 'x.mp3'),
      '--voice',
      'george',
      '--dry-run',
      '--json',
    ]
    const plain = await cli(...base)
    const cleaned = await cli(...base, '--rules', await rules('all.json', '{}'))
    expect(plain.code).toBe(EXIT.ok)
    expect(cleaned.code).toBe(EXIT.ok)
    const chars = (r: { stdout: string }) =>
      (JSON.parse(r.stdout) as { billableCharacters: number }).billableCharacters
    // 11 for the two citations, 27 for the address read as "link", 2 for "!!!".
    expect(chars(plain) - chars(cleaned)).toBe(40)
  })

  it.each([
    ['not JSON', '{rules:', /The rules file .*bad\.json is not JSON/],
    [
      'a misspelt setting',
      '{"citation": false}',
      /has a problem: citation is not a setting VoiceDesk knows\./,
    ],
    [
      'a pattern that cannot run',
      '{"rules": [{"find": "(", "regex": true}]}',
      /has a problem at rules\[1\]\.find: The pattern “\(” has an opening bracket “\(” that is never closed/,
    ],
    [
      'a pattern matching nothing',
      '{"rules": [{"find": "a*", "regex": true}]}',
      /can match nothing at all/,
    ],
  ])('refuses %s, naming the file, and writes nothing', async (_what, body, message) => {
    const file = await rules('bad.json', body)
    const out = join(dir, 'never.md')
    const r = await cli('import', join(dir, 'flood.md'), '--out', out, '--rules', file)
    expect(r.code).toBe(EXIT.usage)
    expect(r.stderr).toMatch(message)
    await expect(access(out)).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('refuses a rules file over 1 MB without reading it all', async () => {
    const file = await rules('huge.json', `{"rules": [], "x": "${'a'.repeat(1024 * 1024)}"}`)
    const r = await cli(
      'import',
      join(dir, 'flood.md'),
      '--out',
      join(dir, 'n.md'),
      '--rules',
      file,
    )
    expect(r.code).toBe(EXIT.usage)
    expect(r.stderr).toMatch(/larger than 1 MB/)
    expect(await readFile(join(dir, 'flood.md'), 'utf8')).toBe(MANUSCRIPT)
  })
})
