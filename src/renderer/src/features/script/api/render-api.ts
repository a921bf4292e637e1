import type { RenderEstimate } from '../../../../../shared/domain/narration'
import type { RenderSettings } from '../../../../../shared/domain/script-workspace'
import type { RenderFormat } from '../../../../../shared/domain/speech'
import type { EventOf } from '../../../../../shared/ipc/contract'
import { call, subscribeAll } from '../../../lib/ipc'
import { onOpenDocument } from './document-sync'

// Rendering the open script: its cost, starting and resuming, the finished files, and the render
// events of this window. Main renders its own copy of the document, as of the revision named.

/** What rendering the open script in `format` will cost (pieces, cache, billable characters). */
export function estimateRender(format: RenderFormat): Promise<RenderEstimate> {
  return onOpenDocument((document) => call((api) => api.script.estimate({ ...document, format })))
}

/**
 * Starts rendering the open script (main asks where to save), or resumes the stopped render
 * (`resume`, to the same file). Null when the save dialog was cancelled.
 */
export function startRender(
  settings: RenderSettings,
  resume = false,
): Promise<{ jobId: string; outputName: string } | null> {
  return onOpenDocument((document) =>
    call((api) =>
      api.script.startRender({ ...document, settings, ...(resume ? { resume: true } : {}) }),
    ),
  )
}

/** Cancels a running render of this window. */
export async function cancelRender(jobId: string): Promise<void> {
  await call((api) => api.jobs.cancel({ jobId }))
}

/** Opens the document's last finished render in the default player. */
export function openFinishedRender(docId: string): Promise<void> {
  return call((api) => api.script.openOutput({ docId }))
}

/** Shows the document's last finished render in the file manager. */
export function revealFinishedRender(docId: string): Promise<void> {
  return call((api) => api.script.revealOutput({ docId }))
}

/**
 * Main's open dialog for the open script's cover image, checked there and remembered by main as
 * the one this document may name; null when cancelled.
 */
export function chooseCoverImage(): Promise<{ path: string; name: string } | null> {
  return onOpenDocument(({ docId }) => call((api) => api.script.chooseCover({ docId })))
}

/** Follows this window's renders: progress as it comes, then how each ended. Returns the unsubscribe. */
export function followRenders(handlers: {
  progress: (status: EventOf<'script:renderProgress'>['payload']) => void
  ended: (ended: EventOf<'script:renderEnded'>['payload']) => void
}): () => void {
  return subscribeAll(
    (api) => api.script.onRenderProgress(handlers.progress),
    (api) => api.script.onRenderEnded(handlers.ended),
  )
}
