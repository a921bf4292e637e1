import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_DOCUMENT_BYTES } from '../../../shared/domain/manuscript'
import type { OpenedDocument } from '../../../shared/domain/script-workspace'
import type { Result } from '../../../shared/errors'
import { docxOf, epubOf } from '../../testing/test-documents'
import { SALT_ROAD_TEXT, longBookPdf, saltRoadPdf } from '../../testing/pdf-books'
import { APP_SENDER, createTestRuntime } from '../../test-support'
import { createTestPlatform } from '../../testing/test-platform'
import type { Emit } from '../dispatch'
import { useTempDirs } from '../../testing/temp-dir'
import { importDocumentOffMain } from '../../core/narration/offload/document-offload'

const tempDir = useTempDirs('vd-ipc-manuscript-')

// Manuscripts through the real dispatcher, as the window sends them: a dropped file's bytes, and
// the open dialog (answered by the test platform) with the footnote choice.

const noEmit: Emit = () => {}
const { ports, recorder } = createTestPlatform({ unansweredDialogs: 'cancel' })
let env: Awaited<ReturnType<typeof createTestRuntime>>
let dir: string
/**
 * The first import starts the planning thread and loads pdf.js into it from source, which on a
 * busy machine has taken over 20 s by itself: done once here, so each test's own cap is its own.
 */
const WARM_UP_MS = 180_000

beforeAll(async () => {
  env = await createTestRuntime({ platform: ports })
  dir = await tempDir()
  await importDocumentOffMain('warm-up.pdf', saltRoadPdf())
}, WARM_UP_MS)
afterAll(async () => {
  await env.cleanup()
})

function opened(result: Result<unknown>): OpenedDocument {
  if (!result.ok) throw new Error(result.error.message)
  return result.data as OpenedDocument
}

describe('manuscripts over IPC', () => {
  it('imports a dropped EPUB from its bytes as an unsaved script with its notices', async () => {
    const book = await epubOf({
      title: 'Harbour',
      chapters: [
        { href: 'a.xhtml', body: '<h1>Quay</h1><p>Ropes <b>creaked</b>.</p><img src="x.png"/>' },
      ],
    })
    const doc = opened(
      await env.runtime.dispatch(
        'script:importDroppedDocument',
        { fileName: 'harbour.epub', bytes: new Uint8Array(book) },
        APP_SENDER,
        noEmit,
      ),
    )
    expect(doc).toMatchObject({ fileName: null, location: null, unsaved: true })
    expect(doc.project.title).toBe('Harbour')
    // The book's <strong> is an emphasis mark on the word, not markup in the text.
    expect(doc.project.blocks.map((b) => [b.chapter, b.text, b.ssml, b.marks])).toEqual([
      ['Quay', 'Ropes creaked.', false, [{ kind: 'emphasis', start: 6, end: 13, value: 'strong' }]],
    ])
    expect(doc.notices).toEqual(['1 picture was skipped: VoiceDesk narrates text only.'])
  })

  it('refuses a dropped document over 50 MB before parsing it, naming the limit', async () => {
    const result = await env.runtime.dispatch(
      'script:importDroppedDocument',
      { fileName: 'huge.docx', bytes: new Uint8Array(MAX_DOCUMENT_BYTES + 1) },
      APP_SENDER,
      noEmit,
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('VALIDATION_FAILED')
    expect(result.error.message).toBe(
      'A dropped document can be at most 52,428,800 bytes; this one is 52,428,801 bytes.',
    )
  })

  it('opens a DOCX chosen in the open dialog, reading its footnotes when asked', async () => {
    const path = join(dir, 'notes.docx')
    await writeFile(
      path,
      await docxOf([{ runs: ['A claim', { footnote: 1 }, '.'] }], { 1: 'Its source.' }),
    )
    recorder.answerNextOpen([path])
    const omitted = opened(await env.runtime.dispatch('script:open', undefined, APP_SENDER, noEmit))
    expect(omitted.project.blocks.map((b) => b.text)).toEqual(['A claim.'])
    expect(omitted.notices).toEqual([
      '1 note (a footnote or endnote) was left out. To hear it, import the file again with footnotes read aloud.',
    ])
    recorder.answerNextOpen([path])
    const read = opened(
      await env.runtime.dispatch('script:open', { footnotes: 'read' }, APP_SENDER, noEmit),
    )
    expect(read.project.blocks.map((b) => b.text)).toEqual(['A claim.', 'Its source.'])
    expect(read.notices).toBeUndefined()
    expect(read.fileName).toBeNull()
  })

  it('imports a dropped PDF as its text, a page range of it, and a locked one once given its password', async () => {
    const drop = (input: Record<string, unknown>) =>
      env.runtime.dispatch('script:importDroppedDocument', input, APP_SENDER, noEmit)
    const whole = opened(await drop({ fileName: 'salt-road.pdf', bytes: saltRoadPdf() }))
    expect(whole.project.blocks.map((b) => [b.chapter, b.text])).toEqual(SALT_ROAD_TEXT)
    const part = opened(
      await drop({ fileName: 'salt-road.pdf', bytes: saltRoadPdf(), pages: { first: 3, last: 3 } }),
    )
    expect(part.project.blocks.map((b) => b.text)).toEqual([SALT_ROAD_TEXT[3]![1]])
    const locked = new Uint8Array(
      await readFile(new URL('../../testing/fixtures/salt-road-locked.pdf', import.meta.url)),
    )
    const asked = await drop({ fileName: 'locked.pdf', bytes: locked })
    expect(asked.ok).toBe(false)
    if (!asked.ok) {
      expect(asked.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'locked.pdf is protected by a password, which VoiceDesk needs to read it.',
        details: { password: 'required' },
      })
      expect(JSON.stringify(asked.error)).not.toContain('/')
    }
    const unlocked = opened(
      await drop({ fileName: 'locked.pdf', bytes: locked, password: 'harbour-light' }),
    )
    expect(unlocked.project.blocks).toHaveLength(SALT_ROAD_TEXT.length)
  })

  it('opens a PDF chosen in the open dialog with a page range', async () => {
    const path = join(dir, 'salt-road.pdf')
    await writeFile(path, saltRoadPdf())
    recorder.answerNextOpen([path])
    const doc = opened(
      await env.runtime.dispatch(
        'script:open',
        { importOnly: true, pages: { first: 2, last: 3 } },
        APP_SENDER,
        noEmit,
      ),
    )
    expect(doc.project.blocks.map((b) => [b.chapter, b.text])).toEqual(SALT_ROAD_TEXT.slice(2))
    const backwards = await env.runtime.dispatch(
      'script:open',
      { pages: { first: 3, last: 2 } },
      APP_SENDER,
      noEmit,
    )
    expect(backwards).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } })
  })

  it('opens a locked PDF chosen in the open dialog once given its password, without choosing it again', async () => {
    const path = join(dir, 'locked.pdf')
    await writeFile(
      path,
      await readFile(new URL('../../testing/fixtures/salt-road-locked.pdf', import.meta.url)),
    )
    const sender = { ...APP_SENDER, webContentsId: 41 }
    const retry = (input: Record<string, unknown>) =>
      env.runtime.dispatch('script:retryOpen', input, sender, noEmit)
    const nothingWaiting = await retry({ password: 'harbour-light' })
    expect(nothingWaiting).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })

    recorder.answerNextOpen([path])
    const asked = await env.runtime.dispatch('script:open', { importOnly: true }, sender, noEmit)
    expect(asked).toMatchObject({ ok: false, error: { details: { password: 'required' } } })
    const wrong = await retry({ password: 'harbour-dark' })
    expect(wrong).toMatchObject({ ok: false, error: { details: { password: 'wrong' } } })
    // Another window has no file waiting: the remembered path is this window's own.
    const elsewhere = await env.runtime.dispatch(
      'script:retryOpen',
      { password: 'harbour-light' },
      { ...APP_SENDER, webContentsId: 42 },
      noEmit,
    )
    expect(elsewhere).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
    const doc = opened(await retry({ password: 'harbour-light', pages: { first: 3, last: 3 } }))
    expect(doc.project.blocks.map((b) => b.text)).toEqual([SALT_ROAD_TEXT[3]![1]])
    expect(doc.fileName).toBeNull()
    // Opened: nothing is waiting any more.
    expect(await retry({ password: 'harbour-light' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    })
    // A path the page names is refused by the contract.
    const named = await retry({ password: 'harbour-light', path })
    expect(named).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } })
  })

  it('counts a PDF chosen in the open dialog without reading it, then reads only the pages chosen, with progress and cancel', async () => {
    const path = join(dir, 'long.pdf')
    await writeFile(path, longBookPdf(40))
    const sender = { ...APP_SENDER, webContentsId: 43 }
    const importId = '7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d'
    const seen: string[] = []
    const record: Emit = (channel, payload) => seen.push(`${channel} ${JSON.stringify(payload)}`)
    recorder.answerNextOpen([path])
    const asked = await env.runtime.dispatch('script:open', { importId }, sender, record)
    // Nothing read yet: only the page count, so the user chooses the range before the reading.
    expect(asked).toEqual({
      ok: true,
      data: { choosePages: { fileName: 'long.pdf', pageCount: 40 } },
    })
    expect(seen).toEqual([])

    const retry = (input: Record<string, unknown>, emit: Emit) =>
      env.runtime.dispatch('script:retryOpen', input, sender, emit)
    const part = opened(await retry({ pages: { first: 21, last: 22 }, importId }, record))
    // Page 21 opens chapter 2: the chapter of the range's own first page, not chapter 1's text.
    expect(part.project.blocks[0]?.chapter).toBe('Chapter 2')
    expect(seen).toEqual(
      [1, 2].map(
        (done) => `script:importProgress {"importId":"${importId}","done":${done},"total":2}`,
      ),
    )

    recorder.answerNextOpen([path])
    expect(await env.runtime.dispatch('script:open', {}, sender, noEmit)).toMatchObject({
      ok: true,
      data: { choosePages: { pageCount: 40 } },
    })
    // Cancelled as the first page is reported: the import ends CANCELLED and nothing opens.
    const stopped = await retry({ importId }, (channel) => {
      if (channel === 'script:importProgress')
        void env.runtime.dispatch('script:cancelImport', { importId }, sender, noEmit)
    })
    expect(stopped).toMatchObject({
      ok: false,
      error: {
        code: 'CANCELLED',
        message: 'The import of long.pdf was cancelled; nothing was opened.',
      },
    })
  })

  it('reports an EPUB chosen in the open dialog section by section and stops it when the window cancels', async () => {
    const path = join(dir, 'sections.epub')
    // Thirty parts: the cancel, sent as the first is reported, reaches the thread well before the end.
    const numbers = Array.from({ length: 30 }, (_, i) => i + 1)
    const chapters = numbers.map((n) => ({
      href: `c${n}.xhtml`,
      body: `<h1>Part ${n}</h1><p>Text ${n}.</p>`,
    }))
    await writeFile(path, await epubOf({ title: 'Sections', chapters }))
    const sender = { ...APP_SENDER, webContentsId: 44 }
    const importId = '8b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e'
    const seen: string[] = []
    recorder.answerNextOpen([path])
    const read = opened(
      await env.runtime.dispatch('script:open', { importId }, sender, (channel, payload) =>
        seen.push(`${channel} ${JSON.stringify(payload)}`),
      ),
    )
    expect(read.project.blocks.map((b) => b.text)).toEqual(numbers.map((n) => `Text ${n}.`))
    expect(seen).toEqual([
      // Said before the book's directory and table of contents are read.
      `script:importProgress {"importId":"${importId}","done":0,"total":0,"unit":"contents"}`,
      ...numbers.map(
        (done) =>
          `script:importProgress {"importId":"${importId}","done":${done},"total":30,"unit":"section"}`,
      ),
    ])
    recorder.answerNextOpen([path])
    const stopped = await env.runtime.dispatch('script:open', { importId }, sender, (channel) => {
      if (channel === 'script:importProgress')
        void env.runtime.dispatch('script:cancelImport', { importId }, sender, noEmit)
    })
    expect(stopped).toMatchObject({
      ok: false,
      error: {
        code: 'CANCELLED',
        message: 'The import of sections.epub was cancelled; nothing was opened.',
      },
    })
  })

  it('reports a book of thousands of sections in at most 200 rising steps, the table of contents first', async () => {
    const total = 3000
    const chapters = Array.from({ length: total }, (_, i) => ({
      href: `s${i + 1}.xhtml`,
      body: `<p>Section ${i + 1}.</p>`,
    }))
    const importId = '9c4d5e6f-7a8b-4c3d-8e4f-5a6b7c8d9e0f'
    const heard: { done: number; total: number; unit?: string }[] = []
    const read = opened(
      await env.runtime.dispatch(
        'script:importDroppedDocument',
        { fileName: 'many.epub', bytes: new Uint8Array(await epubOf({ chapters })), importId },
        APP_SENDER,
        (channel, payload) => {
          if (channel === 'script:importProgress') heard.push(payload as (typeof heard)[number])
        },
      ),
    )
    expect(read.project.blocks).toHaveLength(total)
    // Each report is drawn by the window: one per section (3,000) kept it drawing for minutes.
    expect(heard[0]).toMatchObject({ done: 0, total: 0, unit: 'contents' })
    const sections = heard.slice(1)
    expect(sections.length).toBeGreaterThanOrEqual(100)
    expect(sections.length).toBeLessThanOrEqual(201)
    expect(sections.every((p) => p.unit === 'section' && p.total === total)).toBe(true)
    expect(sections[0]?.done).toBe(1)
    expect(sections.at(-1)?.done).toBe(total)
    expect(sections.every((p, i) => i === 0 || p.done > sections[i - 1]!.done)).toBe(true)
  })

  it('reports a dropped PDF page by page and stops it when the window cancels', async () => {
    const importId = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b'
    const seen: string[] = []
    const read = opened(
      await env.runtime.dispatch(
        'script:importDroppedDocument',
        { fileName: 'salt-road.pdf', bytes: saltRoadPdf(), importId },
        APP_SENDER,
        (channel, payload) => seen.push(`${channel} ${JSON.stringify(payload)}`),
      ),
    )
    expect(read.project.blocks).toHaveLength(SALT_ROAD_TEXT.length)
    expect(seen).toEqual(
      [1, 2, 3].map(
        (done) => `script:importProgress {"importId":"${importId}","done":${done},"total":3}`,
      ),
    )
    const cancelRun = (webContentsId: number) =>
      env.runtime.dispatch(
        'script:cancelImport',
        { importId },
        { ...APP_SENDER, webContentsId },
        noEmit,
      )
    const answers: unknown[] = []
    // Cancelled as the first page is reported: another window's cancel does nothing, its own stops it.
    const stopped = await env.runtime.dispatch(
      'script:importDroppedDocument',
      { fileName: 'long.pdf', bytes: longBookPdf(40), importId },
      APP_SENDER,
      (channel) => {
        if (channel !== 'script:importProgress' || answers.length > 0) return
        answers.push('pending')
        void cancelRun(99).then((other) =>
          cancelRun(APP_SENDER.webContentsId).then((own) => answers.splice(0, 1, other, own)),
        )
      },
    )
    expect(stopped).toMatchObject({
      ok: false,
      error: {
        code: 'CANCELLED',
        message: 'The import of long.pdf was cancelled; nothing was opened.',
      },
    })
    expect(answers).toEqual([
      { ok: true, data: { cancelled: false } },
      { ok: true, data: { cancelled: true } },
    ])
    expect(await cancelRun(APP_SENDER.webContentsId)).toEqual({
      ok: true,
      data: { cancelled: false },
    })
  })
})
