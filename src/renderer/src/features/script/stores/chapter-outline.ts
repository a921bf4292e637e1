import type { LexiconEntry, ScriptBlock } from '../../../../../shared/domain/script'
import type { BlockMark } from '../../../../../shared/domain/script-workspace'
import { estimatedSpokenSeconds } from '../../../../../shared/domain/spoken-length'
import { formatClock } from '../../../lib/format'
import { billableCount } from './document-metrics'

/** One chapter of the outline: where it starts, how long it plays, how much of it is rendered. */
export interface OutlineChapter {
  /** The chapter's first block (where a jump lands). */
  firstBlockId: string
  /** Its first block's position in the script (0-based). */
  firstIndex: number
  /** The heading; null for the blocks before the first heading. */
  title: string | null
  /** Blocks with something to say. */
  blocks: number
  rendered: number
  changed: number
  needVoice: number
  /** Seconds: rendered blocks as rendered, the rest estimated from their characters. */
  seconds: number
  /** True when part of `seconds` is an estimate. */
  estimated: boolean
}

function startChapter(id: string, index: number, title: string | null): OutlineChapter {
  return {
    firstBlockId: id,
    firstIndex: index,
    title,
    blocks: 0,
    rendered: 0,
    changed: 0,
    needVoice: 0,
    seconds: 0,
    estimated: false,
  }
}

/**
 * The script's chapters in order, a new one wherever a block's chapter differs from the block
 * before it (as the block list shows headings). One pass; the billable counts are remembered per
 * block object, so a pass after an edit counts only the changed block again.
 */
export function chapterOutline(
  order: readonly string[],
  blocks: ReadonlyMap<string, ScriptBlock>,
  marks: Readonly<Record<string, BlockMark>>,
  lexicon: readonly LexiconEntry[],
): OutlineChapter[] {
  const chapters: OutlineChapter[] = []
  let current: OutlineChapter | null = null
  let previous: string | undefined | null = null
  order.forEach((id, index) => {
    const block = blocks.get(id)
    if (block === undefined) return
    if (current === null || block.chapter !== previous) {
      current = startChapter(id, index, block.chapter ?? null)
      chapters.push(current)
    }
    previous = block.chapter
    const mark = marks[id]
    const state = mark?.state ?? 'new'
    if (state === 'empty') return
    const billable = billableCount(block, lexicon)
    if (billable === 0) return
    current.blocks++
    if (state === 'cached' && mark?.seconds !== undefined) {
      current.rendered++
      current.seconds += mark.seconds
      return
    }
    if (state === 'cached') current.rendered++
    if (state === 'stale') current.changed++
    if (state === 'no-voice') current.needVoice++
    current.seconds += estimatedSpokenSeconds(billable)
    current.estimated = true
  })
  return chapters
}

/** A chapter's render state in words: "Rendered", "12 of 40 blocks rendered", "Not rendered". */
export function chapterStateWords(chapter: OutlineChapter): string {
  if (chapter.blocks === 0) return 'Nothing to say'
  if (chapter.changed > 0) {
    return chapter.changed === 1
      ? '1 block changed since render'
      : `${chapter.changed.toLocaleString()} blocks changed since render`
  }
  if (chapter.rendered === chapter.blocks) return 'Rendered'
  if (chapter.rendered === 0) return 'Not rendered'
  return `${chapter.rendered.toLocaleString()} of ${chapter.blocks.toLocaleString()} blocks rendered`
}

/** A length as people say it: "12:30" when rendered, "about 2 h 10 min" when estimated. */
export function outlineLength(seconds: number, estimated: boolean): string {
  if (!estimated) return formatClock(Math.max(1, seconds), Math.round)
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `about ${minutes} min`
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  return rest === 0 ? `about ${hours} h` : `about ${hours} h ${rest} min`
}
