import { describe, expect, it } from 'vitest'
import type { ScriptBlock } from '../../../../../shared/domain/script'
import type { BlockMark } from '../../../../../shared/domain/script-workspace'
import { chapterOutline, chapterStateWords, outlineLength } from './chapter-outline'

function block(id: string, text: string, chapter?: string): ScriptBlock {
  return { id, text, ssml: false, endsParagraph: true, ...(chapter ? { chapter } : {}) }
}

const blocks = [
  block('a', 'Before any heading.'),
  block('b', 'One two three four five six seven eight nine ten.', 'Chapter One'),
  block('c', 'Another line of the first chapter here.', 'Chapter One'),
  block('d', '', 'Chapter One'),
  block('e', 'The second chapter starts.', 'Chapter Two'),
  block('f', 'Back to the first name, a new chapter where it changes.', 'Chapter One'),
]
const byId = new Map(blocks.map((b) => [b.id, b]))
const order = blocks.map((b) => b.id)

describe('the chapter outline', () => {
  it('starts a chapter wherever the heading changes, and counts what is rendered, changed and left', () => {
    const marks: Record<string, BlockMark> = {
      b: { state: 'cached', seconds: 3.5 },
      c: { state: 'stale' },
      d: { state: 'empty' },
      e: { state: 'cached', seconds: 2 },
    }
    const chapters = chapterOutline(order, byId, marks, [])
    expect(chapters.map((c) => [c.title, c.firstBlockId, c.firstIndex, c.blocks])).toEqual([
      [null, 'a', 0, 1],
      ['Chapter One', 'b', 1, 2],
      ['Chapter Two', 'e', 4, 1],
      ['Chapter One', 'f', 5, 1],
    ])
    const [opening, one, two] = chapters
    // Rendered blocks count as rendered; the rest at the app's reading pace (10 characters a second).
    expect(one?.seconds).toBeCloseTo(3.5 + 39 / 10)
    expect(one?.estimated).toBe(true)
    expect(chapterStateWords(one!)).toBe('1 block changed since render')
    expect(two).toMatchObject({ seconds: 2, estimated: false })
    expect(chapterStateWords(two!)).toBe('Rendered')
    expect(chapterStateWords(opening!)).toBe('Not rendered')
    expect(chapterStateWords({ ...opening!, blocks: 40, rendered: 12, changed: 0 })).toBe(
      '12 of 40 blocks rendered',
    )
  })

  it('says a length as people do: exact when rendered, "about" when estimated', () => {
    expect(outlineLength(75, false)).toBe('1:15')
    expect(outlineLength(40, true)).toBe('about 40 s')
    expect(outlineLength(18 * 60 + 10, true)).toBe('about 18 min')
    expect(outlineLength(2 * 3600 + 10 * 60, true)).toBe('about 2 h 10 min')
  })

  it('outlines a 5,000-block script: twenty chapters of 250 blocks', () => {
    const big = new Map<string, ScriptBlock>()
    const bigOrder: string[] = []
    for (let i = 0; i < 5000; i++) {
      const id = `b${i}`
      bigOrder.push(id)
      big.set(
        id,
        block(
          id,
          'the keeper counted ships and wrote their names in a long book',
          `Chapter ${Math.floor(i / 250) + 1}`,
        ),
      )
    }
    const chapters = chapterOutline(bigOrder, big, {}, [])
    expect(chapters).toHaveLength(20)
    expect(chapters.every((c) => c.blocks === 250)).toBe(true)
  })
})
