import type { BlockAudio, BlockTake } from '../../../../../shared/domain/script-workspace'
import type { EventOf } from '../../../../../shared/ipc/contract'
import { AppError } from '../../../../../shared/errors'
import { call, subscribeAll } from '../../../lib/ipc'
import { onOpenDocument } from './document-sync'

// What the Script workspace plays and compares: previews streamed by main, lexicon auditions,
// rendered blocks from the cache and A/B takes. Each names the block of the open document; main
// reads the block from its own copy.

/** Starts streaming a block (or a selection of it) as MP3; the audio comes as preview events. */
export function previewBlock(
  blockId: string,
  selection?: { start: number; end: number },
): Promise<{ jobId: string }> {
  return onOpenDocument((document) =>
    call((api) =>
      api.script.preview({ ...document, blockId, ...(selection ? { selection } : {}) }),
    ),
  )
}

/** Starts streaming a lexicon entry as it will be spoken, with the preview events. */
export function auditionLexiconEntry(
  voiceId: string,
  term: string,
  alias: string,
): Promise<{ jobId: string }> {
  return call((api) => api.script.auditionLexicon({ voiceId, term, alias }))
}

/** Starts streaming Project settings' pause sample (two paragraphs, then a new chapter). */
export function previewPauseSample(
  voiceId: string,
  pauses: { paragraphMs: number; headingMs: number },
): Promise<{ jobId: string }> {
  return call((api) => api.script.previewPauses({ voiceId, ...pauses }))
}

/** Stops a preview or audition stream (a stream already ended is left alone). */
export function stopStream(jobId: string): void {
  void call((api) => api.jobs.cancel({ jobId })).catch(() => undefined)
}

/** Follows the preview streams: their chunks, then how each ended. Returns the unsubscribe. */
export function followPreviews(handlers: {
  audio: (chunk: EventOf<'script:previewAudio'>['payload']) => void
  ended: (ended: EventOf<'script:previewEnded'>['payload']) => void
}): () => void {
  return subscribeAll(
    (api) => api.script.onPreviewAudio(handlers.audio),
    (api) => api.script.onPreviewEnded(handlers.ended),
  )
}

/** A rendered block's audio from the local cache with its word timings (NOT_FOUND when not rendered). */
export function renderedBlockAudio(blockId: string): Promise<BlockAudio> {
  return onOpenDocument((document) =>
    call((api) => api.script.blockAudio({ ...document, blockId })),
  )
}

/** Take requests on their way, and those of them stopped before main heard of them. */
const pendingTakes = new Set<string>()
const stoppedTakes = new Set<string>()

/**
 * A/B takes of a block in two voices, gain-matched. `requestId` lets {@link stopTakes} end them
 * at any time, even before main has heard of them.
 */
export async function makeTakes(
  blockId: string,
  voiceIds: [string, string],
  requestId: string,
): Promise<BlockTake[]> {
  pendingTakes.add(requestId)
  try {
    return await onOpenDocument((document) => {
      if (stoppedTakes.has(requestId)) throw new AppError('CANCELLED', 'Cancelled.')
      return call((api) => api.script.takes({ ...document, blockId, voiceIds, requestId }))
    })
  } finally {
    pendingTakes.delete(requestId)
    stoppedTakes.delete(requestId)
  }
}

/** Stops takes asked for under `requestId`; no further request is sent for them. */
export function stopTakes(requestId: string): void {
  if (pendingTakes.has(requestId)) stoppedTakes.add(requestId)
  void call((api) => api.script.cancelTakes({ requestId })).catch(() => undefined)
}
