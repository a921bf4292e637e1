import type { BlockAudio, RegeneratedTake } from '../../../../../shared/domain/script-workspace'
import { call } from '../../../lib/ipc'
import { onOpenDocument } from './document-sync'

// A block's regenerated takes: main makes them (billed for that block alone), keeps them in its
// cache and lists them; which one the render uses is the block's `take`, an edit of the script.

/** Makes a new take of a block of the open document; it is not chosen until the page says so. */
export function regenerateBlock(blockId: string): Promise<RegeneratedTake> {
  return onOpenDocument((document) =>
    call((api) => api.script.regenerateBlock({ ...document, blockId })),
  )
}

/** The takes of a block's current text that are kept, newest first. */
export function listBlockTakes(blockId: string): Promise<RegeneratedTake[]> {
  return onOpenDocument((document) =>
    call((api) => api.script.blockTakes({ ...document, blockId })),
  )
}

/** One take's audio from the local cache, with its word timings. */
export function takeAudio(blockId: string, take: number): Promise<BlockAudio> {
  return onOpenDocument((document) =>
    call((api) => api.script.takeAudio({ ...document, blockId, take })),
  )
}
