import type { ScriptDocuments } from '../../core/script-workspace/script-documents'
import type { Handlers } from '../dispatch'

type DroppedImportHandlers = Pick<Handlers, 'script:importDroppedDocument' | 'script:cancelImport'>

/**
 * A dropped manuscript's import, read off main: with the page's `importId`, a PDF reports its
 * pages as it reads them and the window that started it may cancel it.
 */
export function createDroppedImportHandlers(docs: ScriptDocuments): DroppedImportHandlers {
  /** The dropped imports that may be cancelled, by window and the page's import id. */
  const imports = new Map<string, AbortController>()
  return {
    'script:importDroppedDocument': async (
      { fileName, bytes, footnotes, pages, password, importId },
      { sender, emit },
    ) => {
      // Why keyed by window: a window cancels only the imports it started.
      const key = `${sender.webContentsId}:${importId ?? ''}`
      const stop = new AbortController()
      if (importId !== undefined) imports.set(key, stop)
      try {
        return await docs.importDroppedDocument(
          fileName,
          bytes,
          footnotes,
          {
            ...(pages ? { pages } : {}),
            ...(password !== undefined ? { password } : {}),
          },
          importId === undefined
            ? {}
            : {
                signal: stop.signal,
                onProgress: (done, total) =>
                  emit('script:importProgress', { importId, done, total }),
              },
        )
      } finally {
        if (imports.get(key) === stop) imports.delete(key)
      }
    },
    'script:cancelImport': ({ importId }, { sender }) => {
      const stop = imports.get(`${sender.webContentsId}:${importId}`)
      stop?.abort()
      return { cancelled: stop !== undefined }
    },
  }
}
