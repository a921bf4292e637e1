import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SALT_ROAD_TEXT, longBookPdf, saltRoadPdf } from '../../../testing/pdf-books'
import { importDocumentOffMain } from './document-offload'
import type { PlanWorkerFactory } from './plan-offload'
import { configurePlanning, defaultPlanWorker } from './plan-offload'

// A PDF is read on the planning thread: its progress crosses back page by page, a cancel stops
// it between pages, and its page range and password cross with the task.

/** What main posted to the planning thread: a task's kind, or `cancel`. */
const posted: string[] = []

const spyingWorker: PlanWorkerFactory = () => {
  const w = defaultPlanWorker()
  if (w === null) return null
  const post = w.postMessage.bind(w)
  w.postMessage = (message: { task?: { kind: string }; cancel?: number }) => {
    posted.push(message.task?.kind ?? (message.cancel !== undefined ? 'cancel' : '?'))
    post(message)
  }
  return w
}

/**
 * The first import starts the planning thread and loads pdf.js into it from source, which on a
 * busy machine has taken over 20 s by itself: done once here, so each test's own cap is its own.
 */
const WARM_UP_MS = 180_000

beforeAll(async () => {
  configurePlanning({ createWorker: spyingWorker })
  await importDocumentOffMain('warm-up.pdf', saltRoadPdf())
}, WARM_UP_MS)
afterAll(() => configurePlanning({ createWorker: defaultPlanWorker }))

/** The fixture: saltRoadPdf() encrypted once with qpdf (AES-256), user password harbour-light. */
const locked = (): Promise<Buffer> =>
  readFile(new URL('../../../testing/fixtures/salt-road-locked.pdf', import.meta.url))

describe('a PDF imported on the planning thread', () => {
  it('tells its progress page by page from the thread and reads only the range asked for', async () => {
    posted.length = 0
    const seen: string[] = []
    const { project } = await importDocumentOffMain('salt-road.pdf', saltRoadPdf(), 'omit', {
      pages: { first: 2, last: 3 },
      onProgress: (done, total) => seen.push(`${done}/${total}`),
    })
    expect(posted).toEqual(['document'])
    expect(seen).toEqual(['1/2', '2/2'])
    expect(project.blocks.map((b) => [b.chapter, b.text])).toEqual(SALT_ROAD_TEXT.slice(2))
  })

  it('stops between pages when cancelled, imports nothing, and the thread takes the next import', async () => {
    posted.length = 0
    const stop = new AbortController()
    const cancelled = importDocumentOffMain('long.pdf', longBookPdf(40), 'omit', {
      signal: stop.signal,
      onProgress: (done) => {
        if (done === 3) stop.abort()
      },
    })
    await expect(cancelled).rejects.toMatchObject({
      code: 'CANCELLED',
      message: 'The import of long.pdf was cancelled; nothing was opened.',
    })
    expect(posted).toEqual(['document', 'cancel'])
    const next = await importDocumentOffMain('salt-road.pdf', saltRoadPdf())
    expect(next.project.blocks).toHaveLength(SALT_ROAD_TEXT.length)
  })

  it('asks for the password of a locked PDF, says when it is wrong, and opens with the right one', async () => {
    const bytes = await locked()
    await expect(importDocumentOffMain('locked.pdf', bytes)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'locked.pdf is protected by a password, which VoiceDesk needs to read it.',
      details: { password: 'required' },
    })
    await expect(
      importDocumentOffMain('locked.pdf', bytes, 'omit', { password: 'not-it' }),
    ).rejects.toMatchObject({
      message: 'The password for locked.pdf is not the right one. Check it and try again.',
      details: { password: 'wrong' },
    })
    const { project } = await importDocumentOffMain('locked.pdf', bytes, 'omit', {
      password: 'harbour-light',
    })
    expect(project.blocks.map((b) => [b.chapter, b.text])).toEqual(SALT_ROAD_TEXT)
  })
})
