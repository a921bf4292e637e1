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

/** Whether a block's row says it is being rendered: a render runs and its audio is not there. */
export function isRendering(mark: BlockMark, rendering: boolean): boolean {
  return rendering && (mark.state === 'new' || mark.state === 'stale')
}

/** What each state means for the user's work, after its words in the tooltips. */
export const STATE_MEANING: Record<BlockMark['state'], string> = {
  cached: 'its audio is ready; rendering it again costs nothing',
  stale: 'the next render makes its audio again',
  new: 'the next render (or a preview) makes its audio',
  empty: 'nothing to say',
  'no-voice': 'choose a voice for its speaker, or the script’s default voice',
}
