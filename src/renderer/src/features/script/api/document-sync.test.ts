import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OpenDocument } from '../../../../../main/core/script-workspace/open-document'
import type { Project } from '../../../../../shared/domain/script'
import { defaultCleanup } from '../../../../../shared/domain/cleanup-rules'
import { createProject } from '../../../../../shared/domain/script'
import type { DocumentChangesInput } from '../../../../../shared/domain/script-workspace'
import { documentChangesSchema } from '../../../../../shared/domain/script-workspace'
import type { Result } from '../../../../../shared/errors'
import { AppError, toAppErrorData } from '../../../../../shared/errors'
import type { Api } from '../../../../../shared/ipc/contract'
import { useScriptDocumentStore } from '../stores/script-document-store'
import type { OpenDocumentRef } from './document-sync'
import { previewCleanup } from './cleanup-api'
import { forgetDocument, onOpenDocument, startDocumentSync } from './document-sync'

// What runs for real: the page's document store, document-sync and lib/ipc's call(), and main's
// own copy of the open document (OpenDocument: it applies the changes, counts the revisions and
// answers CONFLICT for a stale one). What stands in: the IPC transport. The unit environment has
// no preload and no Electron, so `window.api` is a bridge that hands each saveDraft to that
// OpenDocument and wraps the answer in the Result envelope, as main's dispatch does. A send that
// fails (main busy, the recovery draft's disk full) cannot be made to happen here, so `failNext`
// makes the bridge answer with that error instead.

const DOC_ID = 'doc_sync'
const store = useScriptDocumentStore

let main: OpenDocument
let log: string[]
let failNext: number
let sync: { changed(): void; stop(): void }

function answer<T>(work: () => T): Promise<Result<T>> {
  try {
    return Promise.resolve({ ok: true, data: work() })
  } catch (error) {
    return Promise.resolve({
      ok: false,
      error: toAppErrorData(error, { message: 'Main failed.', retryable: false }),
    })
  }
}

const bridge = {
  script: {
    saveDraft: ({ changes }: { docId: string; changes: DocumentChangesInput }) =>
      answer(() => {
        if (failNext > 0) {
          failNext -= 1
          log.push('saveDraft failed')
          throw new AppError('INTERNAL', 'The recovery draft could not be written.')
        }
        // Parsed by the channel's own schema, as main's dispatch does before the handler runs.
        main.apply(documentChangesSchema.parse(changes))
        log.push(`saveDraft ${changes.blocks?.map((b) => b.text).join('|') ?? ''}`)
        return { revision: main.revision }
      }),
    blockStates: () => answer(() => ({})),
    cleanupPreview: ({ revision }: { revision: number }) =>
      answer(() => {
        log.push(`cleanupPreview at ${revision}`)
        return { changes: [] }
      }),
  },
} as unknown as Api

/** An operation as Render or Save runs it: main reads its copy at the revision the page names. */
function readMainCopy(document: OpenDocumentRef): Promise<Project> {
  log.push(`operation at ${document.revision}`)
  return Promise.resolve(main.projectAt(document.revision))
}

/** The user types in block `id`, and the sync's own timer sends it to main. */
async function typeAndLetItSend(id: string, text: string): Promise<void> {
  store.getState().setText(id, text)
  sync.changed()
  await vi.advanceTimersByTimeAsync(1_000)
}

const textsOf = (project: Project): string[] => project.blocks.map((b) => b.text)

beforeEach(() => {
  vi.useFakeTimers()
  vi.stubGlobal('window', {
    api: bridge,
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  })
  const project = createProject({
    title: 'Harbour',
    blocks: [
      { id: 'a', text: 'One.' },
      { id: 'b', text: 'Two.' },
    ],
  })
  main = new OpenDocument(project)
  log = []
  failNext = 0
  store.getState().load({ docId: DOC_ID, project, fileName: null, location: null, unsaved: true })
  sync = startDocumentSync(DOC_ID)
})

afterEach(() => {
  sync.stop()
  forgetDocument(DOC_ID)
  store.getState().unload()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('onOpenDocument: the waiting edits first, then the operation', () => {
  it('sends the edits before the operation and names the revision main acknowledged', async () => {
    store.getState().setText('a', 'One, edited.')
    store.getState().setText('b', 'Two, edited.')
    const project = await onOpenDocument(readMainCopy)
    expect(log).toEqual(['saveDraft One, edited.|Two, edited.', 'operation at 1'])
    expect(main.revision).toBe(1)
    expect(textsOf(project)).toEqual(['One, edited.', 'Two, edited.'])
  })

  it('sends nothing when main already has every edit, and names its revision', async () => {
    await typeAndLetItSend('a', 'Typed.')
    expect(log).toEqual(['saveDraft Typed.'])
    const project = await onOpenDocument(readMainCopy)
    expect(log).toEqual(['saveDraft Typed.', 'operation at 1'])
    expect(textsOf(project)).toEqual(['Typed.', 'Two.'])
  })

  it('tries a failed send once more before the operation, and keeps the edit', async () => {
    failNext = 1
    store.getState().setText('a', 'Kept.')
    const project = await onOpenDocument(readMainCopy)
    expect(log).toEqual(['saveDraft failed', 'saveDraft Kept.', 'operation at 1'])
    expect(textsOf(project)).toEqual(['Kept.', 'Two.'])
  })

  it('gives up after two failed sends with the error, and runs no operation', async () => {
    failNext = 2
    store.getState().setText('a', 'Waiting.')
    const error = await onOpenDocument(readMainCopy).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).message).toBe('The recovery draft could not be written.')
    expect(log).toEqual(['saveDraft failed', 'saveDraft failed'])
    // The edit is still waiting: the next try sends it.
    failNext = 0
    expect(textsOf(await onOpenDocument(readMainCopy))).toEqual(['Waiting.', 'Two.'])
  })
})

describe('onOpenDocument: an edit that arrives in between (CONFLICT)', () => {
  it('sends again and asks once more, so the operation reads the latest edit', async () => {
    let attempts = 0
    const project = await onOpenDocument(async (document) => {
      attempts += 1
      if (attempts === 1) await typeAndLetItSend('b', 'Slipped in.')
      return readMainCopy(document)
    })
    expect(attempts).toBe(2)
    expect(log).toEqual(['saveDraft Slipped in.', 'operation at 0', 'operation at 1'])
    expect(textsOf(project)).toEqual(['One.', 'Slipped in.'])
  })

  it('asks three times in all, then answers with the conflict', async () => {
    let attempts = 0
    const error = await onOpenDocument(async (document) => {
      attempts += 1
      // A fourth ask would find nothing new: a retry without a bound would end here, not hang.
      if (attempts <= 3) await typeAndLetItSend('b', `Edit ${attempts}.`)
      return readMainCopy(document)
    }).catch((e: unknown) => e)
    expect(attempts).toBe(3)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('CONFLICT')
    expect((error as AppError).details?.staleRevision).toEqual({ seen: 2, current: 3 })
  })

  it('does not retry an error that is not a stale revision', async () => {
    let attempts = 0
    const error = await onOpenDocument(() => {
      attempts += 1
      return Promise.reject(new AppError('CONFLICT', 'Another render writes to that file.'))
    }).catch((e: unknown) => e)
    expect(attempts).toBe(1)
    expect((error as AppError).message).toBe('Another render writes to that file.')
  })

  it('refuses when no script is open', async () => {
    sync.stop()
    const error = await onOpenDocument(readMainCopy).catch((e: unknown) => e)
    expect((error as AppError).code).toBe('NOT_FOUND')
    expect(log).toEqual([])
  })
})

describe('previewCleanup: a preview given up while the edits go first', () => {
  it('is not sent, so it cannot cancel the preview now on screen', async () => {
    store.getState().setText('a', 'Edited.')
    const givenUp = new AbortController()
    const stale = previewCleanup(defaultCleanup(), givenUp.signal).catch((e: unknown) => e)
    givenUp.abort()
    const error = await stale
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('CANCELLED')
    expect(log).toEqual(['saveDraft Edited.'])
    // The rules still on screen are previewed, at the revision that holds the edit.
    await previewCleanup(defaultCleanup(), new AbortController().signal)
    expect(log).toEqual(['saveDraft Edited.', 'cleanupPreview at 1'])
  })
})
