import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { onePagePdf, onePixelPng, randomBytes } from '../../testing/not-manuscripts'
import { APP_SENDER, createTestRuntime } from '../../test-support'
import { createTestPlatform } from '../../testing/test-platform'
import { useTempDirs } from '../../testing/temp-dir'
import type { Emit } from '../dispatch'

// The app's Open and Import judge a file by its content, as the command line does (issue 29):
// a PDF, a picture or binary data is refused with words that name it, and nothing is imported.

const tempDir = useTempDirs('vd-ipc-not-manuscript-')
const noEmit: Emit = () => {}
const { ports, recorder } = createTestPlatform({ unansweredDialogs: 'cancel' })
let env: Awaited<ReturnType<typeof createTestRuntime>>
let dir: string
beforeAll(async () => {
  env = await createTestRuntime({ platform: ports })
  dir = await tempDir()
})
afterAll(async () => {
  await env.cleanup()
})

describe('Import refuses a file that is not a manuscript', () => {
  it('a dropped file the window read as text: a PDF, a PNG and random bytes', async () => {
    const decoder = new TextDecoder()
    for (const [name, bytes, what] of [
      ['book.txt', onePagePdf(), 'a PDF document under another name'],
      ['cover.txt', onePixelPng(), 'a binary file, not text'],
      ['draft.md', randomBytes(2048, 3), 'a binary file, not text'],
    ] as const) {
      // What the window sends: File.text(), which decodes any bytes as UTF-8.
      const result = await env.runtime.dispatch(
        'script:importDropped',
        { fileName: name, text: decoder.decode(bytes) },
        APP_SENDER,
        noEmit,
      )
      expect({ name, ok: result.ok }).toEqual({ name, ok: false })
      if (result.ok) continue
      expect(result.error.code).toBe('VALIDATION_FAILED')
      expect(result.error.message).toMatch(new RegExp(`^${name.replace('.', '\\.')} is ${what};`))
    }
    // Text in another encoding, decoded with U+FFFD in place of its accents, is named so.
    const latin1 = Buffer.from('Ã©tÃ© Ã  la plage, dÃ©jÃ  vu. '.repeat(40), 'latin1')
    const old = await env.runtime.dispatch(
      'script:importDropped',
      { fileName: 'old.txt', text: decoder.decode(latin1) },
      APP_SENDER,
      noEmit,
    )
    expect(old.ok).toBe(false)
    if (!old.ok) expect(old.error.message).toMatch(/^old\.txt is not UTF-8 text/)
    const fine = await env.runtime.dispatch(
      'script:importDropped',
      { fileName: 'fine.txt', text: 'Été à la plage.\n\nDéjà vu.' },
      APP_SENDER,
      noEmit,
    )
    expect(fine.ok).toBe(true)
  })

  it('a PDF renamed .md, a PNG renamed .txt, random bytes and a PDF renamed .docx, each named', async () => {
    const cases: Array<[name: string, bytes: Uint8Array, what: string]> = [
      ['book.md', onePagePdf(), 'a PDF document under another name'],
      ['notes.txt', onePixelPng(), 'a picture (PNG image)'],
      ['draft.md', randomBytes(2048), 'a binary file, not text'],
      ['book.docx', onePagePdf(), 'a PDF document under another name'],
    ]
    for (const [name, bytes, what] of cases) {
      const path = join(dir, name)
      await writeFile(path, bytes)
      recorder.answerNextOpen([path])
      const result = await env.runtime.dispatch(
        'script:open',
        { importOnly: true },
        APP_SENDER,
        noEmit,
      )
      expect({ name, ok: result.ok }).toEqual({ name, ok: false })
      if (result.ok) continue
      expect(result.error.code).toBe('VALIDATION_FAILED')
      expect(
        result.error.message.startsWith(
          `${name} is ${what}; VoiceDesk reads text, Markdown, Word (.docx), EPUB, PDF, OpenDocument (.odt) and web page (.html) files. `,
        ),
      ).toBe(true)
      expect(result.error.details).toMatchObject({ unreadableFile: true })
    }
  })
})
