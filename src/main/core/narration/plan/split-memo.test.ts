import { describe, expect, it } from 'vitest'
import type { Project } from '../../../../shared/domain/script'
import { createProject } from '../../../../shared/domain/script'
import { planRender } from './render-plan'
import { splitBlock } from './split-block'
import type { BlockSplitter } from './split-memo'
import { SplitMemo } from './split-memo'

/** A splitter that is the real one, counting the blocks it is asked to cut. */
function countingSplitter(): { split: BlockSplitter; cut: string[] } {
  const cut: string[] = []
  return {
    cut,
    split: (block, options) => {
      cut.push(block.text)
      return splitBlock(block, options)
    },
  }
}

function book(edit: Partial<Record<number, string>> = {}, parts: Partial<Project> = {}): Project {
  const texts = [
    'Chapter one begins at the harbour, where SQL was never spoken.',
    '<speak>The keeper <break time="300ms"/> lit the lamp.</speak>',
    'A long paragraph. '.repeat(40).trim(),
    'The gulls came back in the morning.',
  ]
  return createProject({
    blocks: texts.map((text, i) => ({ id: `b${i + 1}`, text: edit[i] ?? text, ssml: i === 1 })),
    defaults: { voiceId: 'olivia', format: 'wav' },
    lexicon: [{ term: 'SQL', alias: 'sequel', matchCase: false }],
    ...parts,
  })
}

describe('SplitMemo', () => {
  it('gives the very plan planning without it gives, first time and remembered', () => {
    const memo = new SplitMemo()
    const plain = planRender(book(), { maxCodePoints: 300 })
    expect(planRender(book(), { maxCodePoints: 300, memo })).toEqual(plain)
    expect(planRender(book(), { maxCodePoints: 300, memo })).toEqual(plain)
    const edited = book({ 3: 'The gulls did not come back.' })
    expect(planRender(edited, { maxCodePoints: 300, memo })).toEqual(
      planRender(edited, { maxCodePoints: 300 }),
    )
  })

  it('cuts again only the block that was edited', () => {
    const { split, cut } = countingSplitter()
    const memo = new SplitMemo(split)
    planRender(book(), { memo })
    expect(cut).toHaveLength(4)
    cut.length = 0
    const plan = planRender(book({ 2: 'A short paragraph now.' }), { memo })
    expect(cut).toEqual(['A short paragraph now.'])
    expect(plan.pieces.map((p) => p.request.input)).toContain('A short paragraph now.')
  })

  it('cuts again when what the cut depends on changes: lexicon, language, size limit', () => {
    const { split, cut } = countingSplitter()
    const memo = new SplitMemo(split)
    planRender(book(), { memo })
    cut.length = 0

    const noLexicon = planRender(book({}, { lexicon: [] }), { memo })
    expect(cut).toHaveLength(4)
    expect(noLexicon.pieces[0]!.request.input).not.toContain('sequel')
    cut.length = 0

    planRender(book({}, { defaults: { ...book().defaults, language: 'de-DE' } }), { memo })
    expect(cut).toHaveLength(4)
    cut.length = 0

    const small = planRender(book(), { memo, maxCodePoints: 200 })
    expect(cut).toHaveLength(4)
    expect(small.pieces.length).toBeGreaterThan(planRender(book(), { memo }).pieces.length)
  })

  it('forgets the least recently used blocks past its size', () => {
    const { split, cut } = countingSplitter()
    const options = { lexicon: null, locale: 'en', maxCodePoints: 2000 }
    const block = (text: string) => ({ id: 'b', text, ssml: false })
    // Room for about two keys of this length.
    const memo = new SplitMemo(split, 2 * (40 + 20))
    const [a, b, c] = ['a', 'b', 'c'].map((x) => `${x} `.repeat(20).trim())
    memo.splitBlock(block(a!), options, '')
    memo.splitBlock(block(b!), options, '')
    memo.splitBlock(block(a!), options, '') // a used again: b is now the oldest
    memo.splitBlock(block(c!), options, '') // past the size: b goes
    cut.length = 0
    memo.splitBlock(block(a!), options, '')
    memo.splitBlock(block(c!), options, '')
    expect(cut).toEqual([])
    memo.splitBlock(block(b!), options, '')
    expect(cut).toEqual([b])
  })
})
