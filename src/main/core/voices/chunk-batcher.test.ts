import { afterEach, describe, expect, it, vi } from 'vitest'
import { createChunkBatcher } from './chunk-batcher'

afterEach(() => {
  vi.useRealTimers()
})

describe('createChunkBatcher', () => {
  it('sends every byte in order, batched by time and by size, never dropping', () => {
    vi.useFakeTimers()
    const sent: { seq: number; bytes: number[] }[] = []
    const batcher = createChunkBatcher({
      intervalMs: 40,
      maxBytes: 4,
      send: (batch, seq) => sent.push({ seq, bytes: [...batch] }),
    })
    batcher.push(new Uint8Array([1, 2]))
    batcher.push(new Uint8Array([3]))
    expect(sent).toEqual([])
    vi.advanceTimersByTime(40)
    expect(sent).toEqual([{ seq: 0, bytes: [1, 2, 3] }])
    batcher.push(new Uint8Array([4, 5, 6]))
    batcher.push(new Uint8Array([7, 8]))
    expect(sent.at(-1)).toEqual({ seq: 1, bytes: [4, 5, 6, 7, 8] })
    batcher.push(new Uint8Array([9]))
    batcher.flush()
    expect(sent.at(-1)).toEqual({ seq: 2, bytes: [9] })
    expect(batcher.sentBytes).toBe(9)
    batcher.flush()
    expect(sent).toHaveLength(3)
  })

  it('copies chunks, so a reused socket buffer cannot change audio already queued', () => {
    const sent: Uint8Array[] = []
    const batcher = createChunkBatcher({ send: (batch) => sent.push(batch) })
    const buffer = new Uint8Array([1, 2, 3])
    batcher.push(buffer)
    buffer.fill(0)
    batcher.flush()
    expect([...sent[0]!]).toEqual([1, 2, 3])
  })
})
