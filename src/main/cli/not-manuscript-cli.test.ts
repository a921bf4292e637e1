import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/index'
import { toneWav } from '../core/upstream/test/fixtures'
import { runCliCaptured } from '../testing/captured-cli'
import { onePagePdf, onePixelPng, photoZip, randomBytes } from '../testing/not-manuscripts'
import { useServiceAndDir } from '../testing/service-dir'
import { EXIT } from './exit-codes'

// Issue 29: `render book.pdf --dry-run` read a PDF's bytes as a text script and priced them. A
// file that is not a manuscript VoiceDesk reads is refused by its content, whatever its name,
// before anything is sent.

const testbed = useServiceAndDir('vd-cli-not-manuscript-', () => startSandbox({ synthThreads: 0 }))
beforeEach(() => testbed.service.clearRequestLog())

async function render(file: string, ...flags: string[]) {
  return runCliCaptured(
    [
      'render',
      file,
      '--out',
      join(testbed.dir, 'book.mp3'),
      '--voice',
      'george',
      '--cache-dir',
      join(testbed.dir, 'cache'),
      ...flags,
    ],
    {
      env: {
        VOICEDESK_BASE_URL: testbed.service.baseUrl,
        VOICEDESK_API_KEY: testbed.service.keys.paid,
        VOICEDESK_PLAN: 'paid',
      },
    },
  )
}

const SUPPORTED =
  'VoiceDesk reads text, Markdown, Word (.docx), EPUB, PDF, OpenDocument (.odt) and web page (.html) files.'

describe('render refuses a file that is not a manuscript, by its content', () => {
  it('a PDF is read for its text, not its bytes: the dry run prices the words on its page', async () => {
    const pdf = join(testbed.dir, 'book.pdf')
    await writeFile(pdf, onePagePdf())
    const r = await render(pdf, '--dry-run', '--json')
    expect(r.code).toBe(0)
    // "Chapter One. The harbour was quiet." is 35 characters: what a render would pay to speak.
    expect(JSON.parse(r.stdout)).toMatchObject({ totalPieces: 1, billableCharacters: 35 })
    expect(testbed.service.requestLog()).toEqual([])
  })

  it('a PDF renamed .txt or .md is still a PDF, and is told to be renamed', async () => {
    for (const name of ['book.txt', 'book.md', 'book.voicedesk']) {
      const path = join(testbed.dir, name)
      await writeFile(path, onePagePdf())
      const r = await render(path)
      expect(r.code).toBe(EXIT.usage)
      expect(r.stderr).toMatch(
        new RegExp(`^voicedesk: ${name.replace('.', '\\.')} is a PDF document under another name;`),
      )
    }
    expect(testbed.service.requestLog()).toEqual([])
  })

  it('a picture, a zip of photos, audio and random bytes are each named for what they are', async () => {
    const cases: Array<[name: string, bytes: Uint8Array, what: string]> = [
      ['cover.png', onePixelPng(), 'a picture (PNG image)'],
      ['cover.txt', onePixelPng(), 'a picture (PNG image)'],
      ['photos.zip', await photoZip(), 'a ZIP archive'],
      ['photos.md', await photoZip(), 'a ZIP archive'],
      ['reading.wav', toneWav(1), 'an audio file (WAV)'],
      ['data.bin', randomBytes(4096), 'a binary file, not text'],
      ['chapter.txt', randomBytes(4096, 7), 'a binary file, not text'],
    ]
    for (const [name, bytes, what] of cases) {
      const path = join(testbed.dir, name)
      await writeFile(path, bytes)
      const r = await render(path)
      expect({ name, code: r.code }).toEqual({ name, code: EXIT.usage })
      expect(r.stderr.startsWith(`voicedesk: ${name} is ${what}; ${SUPPORTED} `)).toBe(true)
    }
    expect(testbed.service.requestLog()).toEqual([])
  })

  it('a PDF or a picture renamed .docx or .epub is named as what it is, not as damaged', async () => {
    for (const [name, bytes, what] of [
      ['book.docx', onePagePdf(), 'a PDF document under another name'],
      ['book.epub', onePixelPng(), 'a picture (PNG image)'],
    ] as const) {
      const path = join(testbed.dir, name)
      await writeFile(path, bytes)
      const r = await render(path, '--dry-run')
      expect(r.code).toBe(EXIT.usage)
      expect(r.stderr.startsWith(`voicedesk: ${name} is ${what}; ${SUPPORTED} `)).toBe(true)
    }
    expect(testbed.service.requestLog()).toEqual([])
  })

  it('text keeps working: UTF-8 with accents, and UTF-16 with its byte-order mark', async () => {
    const utf8 = join(testbed.dir, 'accents.txt')
    await writeFile(utf8, 'Café au lait, déjà vu.\n\nZweiter Absatz: Größe.')
    const a = await render(utf8, '--dry-run')
    expect(a).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^about [\d,]+ characters · about \d+ s of audio\.\n$/),
    })
    const utf16 = join(testbed.dir, 'wide.txt')
    await writeFile(
      utf16,
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('One.\n\nTwo.', 'utf16le')]),
    )
    const b = await render(utf16, '--dry-run', '--json')
    expect(b.code).toBe(0)
    expect(JSON.parse(b.stdout)).toMatchObject({ totalPieces: 2, billableCharacters: 8 })
    expect(testbed.service.requestLog()).toEqual([])
  })
})
