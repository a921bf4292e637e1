import { describe, expect, it } from 'vitest'
import { createProject } from '../../../shared/domain/script'
import { BlockPlanMemo, blockStates, blockStatesInSlices } from './block-states'
import { OpenDocument } from './open-document'

function book(blocks: number) {
  return createProject({
    title: 'Book',
    defaults: { voiceId: 'olivia' },
    cast: { ALICE: 'emma' },
    blocks: Array.from({ length: blocks }, (_, i) => ({
      id: `b${i}`,
      text: `Block ${i} says a few words.`,
      ...(i % 2 === 1 ? { speaker: 'ALICE' } : {}),
    })),
  })
}

describe('OpenDocument', () => {
  it('applies an edited block, an insertion with its order, and a removal', () => {
    const doc = new OpenDocument(book(3))
    doc.apply({ blocks: [{ ...book(3).blocks[1]!, text: 'Edited.' }] })
    expect(doc.project().blocks.map((b) => b.text)).toEqual([
      'Block 0 says a few words.',
      'Edited.',
      'Block 2 says a few words.',
    ])
    const inserted = { id: 'new', text: 'Inserted.', ssml: false, endsParagraph: true }
    doc.apply({ order: ['b0', 'new', 'b1', 'b2'], blocks: [inserted] })
    expect(doc.project().blocks.map((b) => b.id)).toEqual(['b0', 'new', 'b1', 'b2'])
    doc.apply({ order: ['b0', 'new', 'b2'], blocks: [] })
    expect(doc.project().blocks.map((b) => b.id)).toEqual(['b0', 'new', 'b2'])
    doc.apply({ meta: { ...doc.project(), title: 'Renamed' }, blocks: [] })
    expect(doc.project().title).toBe('Renamed')
  })

  it('refuses an order naming a block it never received, and keeps what it had', () => {
    const doc = new OpenDocument(book(2))
    expect(() => doc.apply({ order: ['b0', 'lost', 'b1'], blocks: [] })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    )
    expect(doc.project().blocks.map((b) => b.id)).toEqual(['b0', 'b1'])
  })

  it('refuses changes that would grow it past the largest script, and keeps what it had', () => {
    const doc = new OpenDocument(book(2))
    // 21 blocks of 1,000,000 characters, each sent in its own change (each one within the
    // contract), add up to more text than a project may hold.
    const text = 'x'.repeat(1_000_000)
    const insert = (id: string): void => {
      const order = [...doc.project().blocks.map((b) => b.id), id]
      doc.apply({ order, blocks: [{ id, text, ssml: false, endsParagraph: true }] })
    }
    for (let i = 0; i < 20; i += 1) insert(`big${i}`)
    expect(() => insert('big20')).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        message:
          'A script can have at most 20,971,520 characters of text; this one has 21,000,050.',
        details: { limit: { maximum: 20_971_520 } },
      }),
    )
    expect(doc.project().blocks).toHaveLength(22)
    // Blocks sent without an order count too, so a stream of them cannot pass 100,000 blocks.
    const small = new OpenDocument(book(99_999))
    const extra = (id: string) => ({ id, text: 'x', ssml: false, endsParagraph: true })
    small.apply({ blocks: [extra('one')] })
    expect(() => small.apply({ blocks: [extra('two')] })).toThrow(
      expect.objectContaining({
        message: 'A script can have at most 100,000 blocks; this one has 100,001.',
      }),
    )
    expect(small.project().blocks).toHaveLength(99_999)
  })
})

describe('BlockPlanMemo', () => {
  it('gives the same states as planning from scratch, and plans only changed blocks again', async () => {
    const project = book(40)
    const cache = { has: () => false }
    const memo = new BlockPlanMemo()
    const first = await blockStatesInSlices(project, cache, { b3: ['x'] }, undefined, memo, 0)
    expect(first).toEqual(blockStates(project, cache, { b3: ['x'] }))
    expect(first.b3).toEqual({ state: 'stale' })
    expect(first.b0).toEqual({ state: 'new' })

    const hashes = memo.hashes(project, project.blocks[5]!)
    const edited = { ...project.blocks[5]!, text: 'Something else entirely.' }
    expect(memo.hashes(project, edited)).not.toEqual(hashes)
    // The same content under another id shares the plan.
    expect(memo.hashes(project, { ...project.blocks[5]!, id: 'copy' })).toBe(hashes)
    // A cast change re-plans: ALICE's blocks change voice.
    const recast = { ...project, cast: { ALICE: 'george' } }
    expect(memo.hashes(recast, project.blocks[5]!)).not.toEqual(hashes)
    const { voiceId: _voice, ...noDefaultVoice } = project.defaults
    expect(memo.hashes({ ...project, defaults: noDefaultVoice }, project.blocks[0]!)).toBeNull()
  })
})
