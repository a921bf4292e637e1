import { copyFile, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { importScript } from '../core/narration/import/import-script'
import { runCliCaptured } from '../testing/captured-cli'
import { SALT_ROAD_TEXT, saltRoadPdf } from '../testing/pdf-books'
import { writePdf } from '../testing/pdf-writer'
import { useTempDirs } from '../testing/temp-dir'
import { docxOf } from '../testing/test-documents'
import { EXIT } from './exit-codes'
import { importDocumentOffMain } from '../core/narration/offload/document-offload'

// `voicedesk import FILE --out script.md` writes the script the app would open, and it opens
// again as the same chapters and paragraphs. No service is involved.

/**
 * The first import starts the planning thread and loads pdf.js into it from source, which on a
 * busy machine has taken over 20 s by itself: done once here, so each test's own cap is its own.
 */
const WARM_UP_MS = 180_000

const tempDir = useTempDirs('vd-cli-import-')
let dir: string
beforeAll(async () => {
  await importDocumentOffMain('warm-up.pdf', saltRoadPdf())
  dir = await tempDir()
  await writeFile(join(dir, 'salt-road.pdf'), saltRoadPdf())
  await copyFile(
    new URL('../testing/fixtures/salt-road-locked.pdf', import.meta.url),
    join(dir, 'locked.pdf'),
  )
}, WARM_UP_MS)

const cli = (...args: string[]) => runCliCaptured(args, { env: {} })

describe('voicedesk import', () => {
  it('writes a PDF as a Markdown script that imports again as the same chapters', async () => {
    const out = join(dir, 'salt-road.md')
    const r = await cli('import', join(dir, 'salt-road.pdf'), '--out', out)
    expect(r).toEqual({
      code: EXIT.ok,
      stdout: `Wrote ${out}: 4 paragraphs in 2 chapters.\n`,
      stderr:
        '1 note (a footnote or endnote) was left out. To hear it, import the file again with footnotes read aloud.\n',
    })
    const again = await importScript(out)
    expect(again.blocks.map((b) => [b.chapter, b.text])).toEqual(SALT_ROAD_TEXT)
    expect(await readFile(out, 'utf8')).not.toContain('THE SALT ROAD')
  })

  it("writes a Word file's italic and bold in the marks syntax, read back as the same marks", async () => {
    const source = join(dir, 'storm.docx')
    await writeFile(
      source,
      await docxOf([
        {
          runs: [
            'It was ',
            { text: 'screaming', italic: true },
            ' and ',
            { text: 'still', bold: true },
            '.',
          ],
        },
      ]),
    )
    const out = join(dir, 'storm.md')
    expect((await cli('import', source, '--out', out)).code).toBe(EXIT.ok)
    expect(await readFile(out, 'utf8')).toBe('It was *screaming* and **still**.\n')
    const [block] = (await importScript(out)).blocks
    expect(block?.text).toBe('It was screaming and still.')
    expect(block?.marks).toEqual([
      { kind: 'emphasis', start: 7, end: 16, value: 'moderate' },
      { kind: 'emphasis', start: 21, end: 26, value: 'strong' },
    ])
  })

  it('reads only the pages asked for, and the footnotes when asked', async () => {
    const out = join(dir, 'part.md')
    const r = await cli(
      'import',
      join(dir, 'salt-road.pdf'),
      '--out',
      out,
      '--pages',
      '1-1',
      '--footnotes',
      'read',
      '--json',
    )
    expect(r.code).toBe(EXIT.ok)
    expect(JSON.parse(r.stdout)).toMatchObject({ blocks: 3, chapters: 1, notices: [] })
    const again = await importScript(out)
    expect(again.blocks.map((b) => b.text)).toEqual([
      SALT_ROAD_TEXT[0]![1],
      'Told by the harbour master.',
      SALT_ROAD_TEXT[1]![1],
    ])
  })

  it('opens a locked PDF with --password-file and says how when it is missing', async () => {
    const out = join(dir, 'locked.md')
    const refused = await cli('import', join(dir, 'locked.pdf'), '--out', out)
    expect(refused).toEqual({
      code: EXIT.usage,
      stdout: '',
      stderr:
        'voicedesk: locked.pdf is protected by a password, which VoiceDesk needs to read it. Give the password with --password-file F (a file whose first line is the password).\n',
    })
    await writeFile(join(dir, 'password.txt'), 'harbour-light\n')
    const opened = await cli(
      'import',
      join(dir, 'locked.pdf'),
      '--out',
      out,
      '--password-file',
      join(dir, 'password.txt'),
    )
    expect(opened.code).toBe(EXIT.ok)
    expect((await importScript(out)).blocks).toHaveLength(SALT_ROAD_TEXT.length)
  })

  it('refuses a scanned PDF and a bad page range in plain words, writing nothing', async () => {
    const scan = join(dir, 'scan.pdf')
    await writeFile(scan, writePdf({ pages: [{ texts: [], picture: true }] }))
    const out = join(dir, 'scan.md')
    const r = await cli('import', scan, '--out', out)
    expect(r.code).toBe(EXIT.usage)
    expect(r.stderr).toMatch(
      /^voicedesk: scan\.pdf: this PDF holds pictures of pages; VoiceDesk needs its text\./,
    )
    await expect(readFile(out)).rejects.toMatchObject({ code: 'ENOENT' })
    const bad = await cli('import', join(dir, 'salt-road.pdf'), '--out', out, '--pages', 'ten')
    expect(bad).toMatchObject({ code: EXIT.usage, stdout: '' })
    expect(bad.stderr).toBe(
      'voicedesk: --pages is a page or a range of pages of a PDF, like 5-212, 7 or 5- (to the end); "ten" is not one. Run "voicedesk --help" for usage.\n',
    )
  })

  it('render prices only the pages asked for (dry run, nothing sent)', async () => {
    const r = await cli(
      'render',
      join(dir, 'salt-road.pdf'),
      '--out',
      join(dir, 'book.mp3'),
      '--voice',
      'george',
      '--pages',
      '3',
      '--dry-run',
      '--json',
    )
    expect(r.code).toBe(EXIT.ok)
    expect(JSON.parse(r.stdout)).toMatchObject({
      billableCharacters: SALT_ROAD_TEXT[3]![1].length,
    })
  })
})
