import type { PlannedBlock } from '../plan/render-plan'
import { OPENING_CHAPTER } from './render-outputs'
import type { TimedWord } from './spoken-words'

/** A spoken word of a finished program, on its timeline, with the block it came from. */
export interface TimelineWord {
  blockId: string
  text: string
  srcStart: number
  srcEnd: number
  startMs: number
  endMs: number
}

/** Where the words and chapters of a finished program are, for the app's player. */
export interface RenderTimeline {
  /** In timeline order. */
  words: TimelineWord[]
  /** In order; empty when the script has no headings (as in the written chapter lists). */
  chapters: { title: string; startMs: number }[]
  /**
   * The file's waveform peaks, measured from its samples as the render wrote them (null or
   * absent when they were not: an AAC or M4B render joins the service's frames without decoding
   * them, and a splice copies unchanged audio without reading it).
   */
  peaks?: number[] | null
}

/**
 * The timeline of a program from its placed words and where each block's first piece was placed
 * (`blockStartMs`, by block index). A chapter starts where its first block with audio starts; the
 * first chapter starts the file, as in the chapter lists written into M4B files.
 */
export function buildRenderTimeline(
  blocks: readonly Pick<PlannedBlock, 'id' | 'chapter' | 'index'>[],
  words: readonly TimedWord[],
  blockStartMs: ReadonlyMap<number, number>,
): RenderTimeline {
  const timelineWords = words
    .map((word) => ({
      blockId: blocks[word.blockIndex]?.id ?? '',
      text: word.text,
      srcStart: word.srcStart,
      srcEnd: word.srcEnd,
      startMs: word.startMs,
      endMs: word.endMs,
    }))
    .filter((word) => word.blockId !== '')
    .sort((a, b) => a.startMs - b.startMs)
  const chapters: RenderTimeline['chapters'] = []
  if (blocks.some((block) => block.chapter)) {
    let key: string | null = null
    for (const block of blocks) {
      const start = blockStartMs.get(block.index)
      if (start === undefined) continue
      const next = block.chapter ?? ''
      if (next !== key) {
        chapters.push({
          title: next || OPENING_CHAPTER,
          startMs: chapters.length === 0 ? 0 : start,
        })
      }
      key = next
    }
  }
  return { words: timelineWords, chapters }
}
