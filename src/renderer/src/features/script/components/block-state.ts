import type { BlockMark } from '../../../../../shared/domain/script-workspace'
import { formatClock } from '../../../lib/format'

/** A block's state in words, as its row shows it and a screen reader reads it. */
export function blockStateWords(mark: BlockMark): string {
  switch (mark.state) {
    case 'cached':
      // A rendered block under half a second still reads as having a length.
      return mark.seconds === undefined
        ? 'Rendered'
        : `Rendered · ${formatClock(Math.max(1, mark.seconds), Math.round)}`
    case 'stale':
      return 'Changed since render'
    case 'new':
      return 'Not rendered'
    case 'empty':
      return 'Empty'
    case 'no-voice':
      return 'Needs a voice'
  }
}

/** A block that a running render has not brought its audio for yet: what its row says. */
export const RENDERING_WORDS = 'Rendering…'

/** A block the running render has not reached yet: what its row says, in a neutral colour. */
export const WAITING_WORDS = 'Waiting'

/** Whether a running render still has to make a block's audio (it has none, or an old one). */
export function isPending(mark: BlockMark | undefined): boolean {
  return mark === undefined || mark.state === 'new' || mark.state === 'stale'
}

/**
 * Where a block stands in a running render: the one the render is at says "Rendering…", the
 * ones after it "Waiting", and null when no render runs or the block has its audio.
 */
export function renderPhase(
  mark: BlockMark,
  rendering: boolean,
  atThisBlock: boolean,
): 'rendering' | 'waiting' | null {
  if (!rendering || !isPending(mark)) return null
  return atThisBlock ? 'rendering' : 'waiting'
}

/** What each state means for the user's work, after its words in the tooltips. */
export const STATE_MEANING: Record<BlockMark['state'], string> = {
  cached: 'its audio is ready; rendering it again costs nothing',
  stale: 'the next render makes its audio again',
  new: 'the next render (or a preview) makes its audio',
  empty: 'nothing to say',
  'no-voice': 'choose a voice for its speaker, or the script’s default voice',
}
