import { copyFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/index'
import type { CliExit } from '../testing/spawn-render-cli'
import { spawnRenderCli } from '../testing/spawn-render-cli'
import { decodedSeconds, probeFile } from '../testing/test-audio'
import { docxOf, epubOf } from '../testing/test-documents'
import { useServiceAndDir } from '../testing/service-dir'

// What docs/cli.md promises about `render book.epub` and `render book.docx`: the real CLI, the
// real planning thread and the sandbox service.

const testbed = useServiceAndDir('vd-cli-doc-', () => startSandbox({ synthThreads: 1 }))

function render(args: string[]): Promise<CliExit> {
  return spawnRenderCli(testbed.service, join(testbed.dir, 'cache'), args).exit
}

/** Renders `input` to `out` in Emma's voice, with `flags` after the required arguments. */
function renderEmma(input: string, out: string, ...flags: string[]): Promise<CliExit> {
  return render([input, '--out', out, '--voice', 'emma', ...flags])
}

function spokenInputs(): string[] {
  return testbed.service
    .requestLog({ pathPrefix: '/v1/audio/speech' })
    .filter((e) => e.status === 200)
    .map((e) => String(e.body?.input))
}

/** Writes an EPUB built from `options` into the test folder as `name`; returns its path. */
async function writeEpub(name: string, options: Parameters<typeof epubOf>[0]): Promise<string> {
  const path = join(testbed.dir, name)
  await writeFile(path, await epubOf(options))
  return path
}

// Each test starts the real CLI, one to three times, through tsx: seconds each when cold, many more
// on a machine busy with other work, so the budget is per CLI start, not the suite's default.
describe('render a manuscript from the command line', { timeout: 180_000 }, () => {
  it('renders an EPUB in spine order, one file per contents entry, emphasis sent as SSML', async () => {
    const book = await writeEpub('book.epub', {
      chapters: [
        { href: 'b.xhtml', body: '<h1>Two</h1><p>The second chapter ends the book.</p>' },
        {
          href: 'a.xhtml',
          body: '<h1>One</h1><p>The <em>first</em> chapter.</p><p><img src="m.png" alt=""/></p>',
        },
      ],
      spine: ['a.xhtml', 'b.xhtml'],
      nav: [
        ['a.xhtml', 'Arrival'],
        ['b.xhtml', 'Departure'],
      ],
    })
    const out = join(testbed.dir, 'book.mp3')
    const chapters = join(testbed.dir, 'chapters')
    testbed.service.clearRequestLog()
    const { code, err } = await renderEmma(book, out, '--per-chapter', chapters)
    expect(code, err).toBe(0)
    expect(err).toContain('1 picture was skipped: VoiceDesk narrates text only.')
    expect(spokenInputs().sort()).toEqual(
      [
        '<speak>The <emphasis level="moderate">first</emphasis> chapter.</speak>',
        'The second chapter ends the book.',
      ].sort(),
    )
    const files = (await readdir(chapters)).sort()
    expect(files).toHaveLength(2)
    expect(files[0]).toMatch(/arrival/i)
    expect(files[1]).toMatch(/departure/i)
    expect(await decodedSeconds(out)).toBeGreaterThan(1)
  })

  it('prices a DOCX with --dry-run, with its footnotes left out or read (--footnotes read)', async () => {
    const doc = join(testbed.dir, 'notes.docx')
    await writeFile(
      doc,
      await docxOf(
        [
          { style: 'Heading1', runs: ['Only'] },
          { runs: ['A sentence with a note', { footnote: 1 }, '.'] },
        ],
        { 1: 'The note itself.' },
      ),
    )
    const args = [
      doc,
      '--out',
      join(testbed.dir, 'notes.wav'),
      '--voice',
      'emma',
      '--dry-run',
      '--json',
    ]
    testbed.service.clearRequestLog()
    const omitted = await render(args)
    expect(omitted.code, omitted.err).toBe(0)
    expect(omitted.err).toContain('1 note (a footnote or endnote) was left out.')
    expect(JSON.parse(omitted.out)).toMatchObject({ totalPieces: 1, billableCharacters: 23 })
    const read = await render([...args, '--footnotes', 'read'])
    expect(read.code, read.err).toBe(0)
    expect(read.err).not.toContain('left out')
    expect(JSON.parse(read.out)).toMatchObject({ totalPieces: 2, billableCharacters: 23 + 16 })
    expect(spokenInputs()).toEqual([])

    const wrong = await render([...args, '--footnotes', 'maybe'])
    expect(wrong.code).not.toBe(0)
    expect(wrong.err).toContain('--footnotes is omit or read.')
  })

  it('refuses a damaged EPUB with a message naming it, before any request', async () => {
    const broken = join(testbed.dir, 'broken.epub')
    await writeFile(broken, 'this is not a zip archive at all')
    testbed.service.clearRequestLog()
    const { code, err } = await renderEmma(broken, join(testbed.dir, 'x.mp3'))
    expect(code).not.toBe(0)
    expect(err).toContain('broken.epub is not an EPUB book VoiceDesk can read')
    expect(spokenInputs()).toEqual([])
  })

  it('tags the book (title, author, narrator, cover) and marks its chapters in a single MP3', async () => {
    const book = await writeEpub('tagged.epub', {
      chapters: [
        { href: 'a.xhtml', body: '<h1>One</h1><p>The storm came at night.</p>' },
        { href: 'b.xhtml', body: '<h1>Two</h1><p>Morning was calm.</p>' },
      ],
      spine: ['a.xhtml', 'b.xhtml'],
      nav: [
        ['a.xhtml', 'The Storm'],
        ['b.xhtml', 'Morning'],
      ],
    })
    const cover = join(testbed.dir, 'cover.png')
    await copyFile(new URL('../../../resources/icons/64x64.png', import.meta.url), cover)
    const out = join(testbed.dir, 'tagged.mp3')
    const tags = ['--title', 'The Keeper', '--author', 'Ada Byrne', '--narrator', 'Emma']
    const { code, err } = await renderEmma(book, out, ...tags, '--year', '2026', '--cover', cover)
    expect(code, err).toBe(0)
    const probed = await probeFile(out)
    expect(probed.format.tags).toMatchObject({
      title: 'The Keeper',
      artist: 'Ada Byrne',
      composer: 'Emma',
      date: '2026',
    })
    expect(probed.streams.map((s) => s.codec_name).sort()).toEqual(['mp3', 'png'])
    expect(probed.chapters.map((c) => c.tags?.title)).toEqual(['The Storm', 'Morning'])
    expect(Number(probed.chapters[0]!.start_time)).toBe(0)
    expect(Number(probed.chapters[1]!.start_time)).toBeGreaterThan(0.5)
  })

  it('refuses a cover that is not an image before any request, naming the file', async () => {
    const script = join(testbed.dir, 'short.md')
    await writeFile(script, '# One\n\nA line.\n')
    const notImage = join(testbed.dir, 'cover.txt')
    await writeFile(notImage, 'not a picture')
    testbed.service.clearRequestLog()
    const bad = await renderEmma(script, join(testbed.dir, 'short.mp3'), '--cover', notImage)
    expect(bad.code).not.toBe(0)
    expect(bad.err).toContain(`The cover image ${notImage} is not a JPEG or PNG image.`)
    const missing = await renderEmma(
      script,
      join(testbed.dir, 'short.mp3'),
      '--cover',
      join(testbed.dir, 'nowhere.jpg'),
    )
    expect(missing.err).toContain('nowhere.jpg was not found.')
    expect(spokenInputs()).toEqual([])
    const year = await renderEmma(script, join(testbed.dir, 'short.mp3'), '--year', '26')
    expect(year.err).toContain('--year is a four-digit year')
  })
})
