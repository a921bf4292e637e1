import { describe, expect, it } from 'vitest'
import { TokenBucket } from './token-bucket.js'

describe('TokenBucket', () => {
  it('lets a burst of `capacity` through, then refuses with a whole-second Retry-After', () => {
    const bucket = new TokenBucket(20, 20, 0)
    const results = Array.from({ length: 25 }, () => bucket.take(0))
    expect(results.filter((result) => result.ok)).toHaveLength(20)
    expect(results[20]).toEqual({ ok: false, retryAfterSeconds: 1 })
  })

  it('never refuses a client whose requests are at least 1/rate apart', () => {
    const bucket = new TokenBucket(20, 20, 0)
    for (let i = 0; i < 1000; i++) expect(bucket.take(i * 50).ok).toBe(true)
    const free = new TokenBucket(1, 1, 0)
    for (let i = 0; i < 100; i++) expect(free.take(i * 1000).ok).toBe(true)
  })

  it('refuses a client that is slightly too fast once the bucket is empty', () => {
    const free = new TokenBucket(1, 1, 0)
    expect(free.take(0).ok).toBe(true)
    expect(free.take(900)).toEqual({ ok: false, retryAfterSeconds: 1 })
    expect(free.take(1000).ok).toBe(true)
  })

  it('uses the slow refill for Retry-After (5 reads/s -> 1 s; 0.1/s -> 10 s)', () => {
    const slow = new TokenBucket(1, 0.1, 0)
    slow.take(0)
    expect(slow.take(0)).toEqual({ ok: false, retryAfterSeconds: 10 })
  })

  it('reconfigures: a larger bucket gains tokens, a smaller one is capped, Infinity is unlimited', () => {
    const bucket = new TokenBucket(1, 1, 0)
    bucket.take(0)
    bucket.reconfigure(3, 3, 0)
    expect([bucket.take(0).ok, bucket.take(0).ok, bucket.take(0).ok]).toEqual([true, true, false])
    bucket.reconfigure(Infinity, Infinity, 0)
    for (let i = 0; i < 100; i++) expect(bucket.take(0).ok).toBe(true)
  })
})
