import type { ImportProgress } from '../../core/narration/import/import-pdf'
import type { ScriptDocuments } from '../../core/script-workspace/script-documents'
import type { Emit, Handlers } from '../dispatch'

type DocumentImportHandlers = Pick<
  Handlers,
  'script:open' | 'script:retryOpen' | 'script:importDroppedDocument' | 'script:cancelImport'
>

/**
 * The manuscript imports a window starts (through the open dialog or by a drop), read off main:
 * with the page's `importId`, a PDF reports its pages as it reads them and the window that
 * started it may cancel it.
 */
export function createDocumentImportHandlers(docs: ScriptDocuments): DocumentImportHandlers {
  /** The imports that may be cancelled, by window and the page's import id. */
  const imports = new Map<string, AbortController>()

  /** Runs `work` with progress and cancel when the page gave an import id. */
  async function tracked<T>(
    windowId: number,
    importId: string | undefined,
    emit: Emit,
    work: (progress: ImportProgress) => Promise<T>,
  ): Promise<T> {
    if (importId === undefined) return work({})
    // Why keyed by window: a window cancels only the imports it started.
    const key = `${windowId}:${importId}`
    const stop = new AbortController()
    imports.set(key, stop)
    try {
      return await work({
        signal: stop.signal,
        onProgress: (done, total, unit) =>
          emit('script:importProgress', { importId, done, total, ...(unit ? { unit } : {}) }),
      })
    } finally {
      if (imports.get(key) === stop) imports.delete(key)
    }
  }

  return {
    'script:open': (input, { sender, emit }) =>
      tracked(sender.webContentsId, input?.importId, emit, (progress) =>
        docs.open(sender.webContentsId, input?.footnotes, input?.importOnly ?? false, {
          ...(input?.pages ? { pages: input.pages } : {}),
          ...(input?.password !== undefined ? { password: input.password } : {}),
          ...progress,
        }),
      ),
    'script:retryOpen': ({ footnotes, pages, password, importId }, { sender, emit }) =>
      tracked(sender.webContentsId, importId, emit, (progress) =>
        docs.retryOpen(sender.webContentsId, footnotes, {
          ...(pages ? { pages } : {}),
          ...(password !== undefined ? { password } : {}),
          ...progress,
        }),
      ),
    'script:importDroppedDocument': (
      { fileName, bytes, footnotes, pages, password, importId },
      { sender, emit },
    ) =>
      tracked(sender.webContentsId, importId, emit, (progress) =>
        docs.importDroppedDocument(
          fileName,
          bytes,
          footnotes,
          {
            ...(pages ? { pages } : {}),
            ...(password !== undefined ? { password } : {}),
          },
          progress,
        ),
      ),
    'script:cancelImport': ({ importId }, { sender }) => {
      const stop = imports.get(`${sender.webContentsId}:${importId}`)
      stop?.abort()
      return { cancelled: stop !== undefined }
    },
  }
}
