import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { REDACTED, maskStrings } from '../../shared/credential-redaction'
import { APP_SENDER } from '../test-support'
import type { Emit, Handlers } from './dispatch'
import { createDispatcher } from './dispatch'
import { SLICE_CHARS } from './mask-in-slices'

// Made at run time, so the repository holds nothing shaped like a real key.
const RUN_TIME_KEY = `sk_live_${randomBytes(12).toString('hex')}`

const noEmit: Emit = () => {}

/** A book-sized answer: 2,000 paragraphs of 600 characters, one with a key in it. */
function bookSized(): { project: { blocks: { id: string; text: string }[] } } {
  const blocks = Array.from({ length: 2000 }, (_, i) => ({
    id: `b${i}`,
    text: `Paragraph ${i}. ${'The tide came in over the flats and the boats lifted. '.repeat(11)}`,
  }))
  const leaked = blocks[1500]
  if (leaked) leaked.text = 'The note said token=Zp81Lq0vQw3eRt5yUi7o, then nothing more.'
  return { project: { blocks } }
}

/** The real dispatcher, with one channel answering `answer` the moment it is called. */
function dispatcherAnswering(answer: unknown) {
  const handlers = { 'app:getInfo': () => answer } as unknown as Handlers
  return createDispatcher({ handlers, isTrustedSender: () => true })
}

describe('a large answer is masked in slices', () => {
  it('lets main take other turns while a book-sized answer is masked', async () => {
    const book = bookSized()
    expect(JSON.stringify(book).length).toBeGreaterThan(10 * SLICE_CHARS)
    const dispatch = dispatcherAnswering(book)
    const order: string[] = []
    const answered = dispatch('app:getInfo', undefined, APP_SENDER, noEmit).then((result) => {
      order.push('answer ready')
      return result
    })
    // Scheduled after the call: it runs first only if masking the answer gave main a turn.
    setImmediate(() => order.push('another turn'))
    const result = await answered
    expect(order[0]).toBe('another turn')
    // And it is masked as maskStrings masks it, in one go.
    expect(result).toEqual({ ok: true, data: maskStrings(book) })
    const data = (result as { data: ReturnType<typeof bookSized> }).data
    expect(data.project.blocks[1500]?.text).toBe(
      `The note said token=${REDACTED}, then nothing more.`,
    )
    expect(data.project.blocks[3]).toBe(book.project.blocks[3])
  })

  it('masks keys, nested lists and leaves bytes untouched, as maskStrings does', async () => {
    const bytes = new Uint8Array([1, 2, 3])
    const answer = {
      'key=Zp81Lq0vQw3eRt5yUi7o': 'a field named like a secret',
      audio: bytes,
      rows: [[{ note: RUN_TIME_KEY }], 'plain words'],
    }
    const result = await dispatcherAnswering(answer)('app:getInfo', undefined, APP_SENDER, noEmit)
    expect(result).toEqual({ ok: true, data: maskStrings(answer) })
    expect(JSON.stringify(result)).not.toContain(RUN_TIME_KEY)
    expect((result as { data: { audio: Uint8Array } }).data.audio).toBe(bytes)
  })
})
