import { afterEach, describe, expect, it, vi } from 'vitest'
import { createManualClock } from '../testing/manual-clock'
import { sleep, systemClock } from './clock'

describe('systemClock', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs a timer once it is due, and not after it was cancelled', () => {
    vi.useFakeTimers({ now: 0 })
    const fired: string[] = []
    systemClock.setTimer(() => fired.push('a'), 1_000)
    const cancel = systemClock.setTimer(() => fired.push('b'), 1_000)
    cancel()
    vi.advanceTimersByTime(999)
    expect(fired).toEqual([])
    vi.advanceTimersByTime(1)
    expect(fired).toEqual(['a'])
  })

  it('waits out a delay longer than setTimeout can hold instead of firing at once', () => {
    vi.useFakeTimers({ now: 0 })
    const fired: number[] = []
    const thirtyDays = 30 * 24 * 3600_000
    systemClock.setTimer(() => fired.push(Date.now()), thirtyDays)
    vi.advanceTimersByTime(thirtyDays - 1)
    expect(fired).toEqual([])
    vi.advanceTimersByTime(1)
    expect(fired).toEqual([thirtyDays])
  })
})

describe('createManualClock', () => {
  it('runs due timers in time order, each at its own moment', () => {
    const clock = createManualClock(1_000)
    const seen: [string, number][] = []
    clock.setTimer(() => seen.push(['late', clock.now()]), 300)
    clock.setTimer(() => seen.push(['early', clock.now()]), 100)
    clock.setTimer(() => seen.push(['never', clock.now()]), 900)
    clock.advance(500)
    expect(seen).toEqual([
      ['early', 1_100],
      ['late', 1_300],
    ])
    expect(clock.now()).toBe(1_500)
    expect(clock.pendingTimers()).toBe(1)
  })

  it('runs a timer armed by another timer when it falls inside the same advance', () => {
    const clock = createManualClock(0)
    const seen: number[] = []
    clock.setTimer(() => clock.setTimer(() => seen.push(clock.now()), 50), 100)
    clock.advance(200)
    expect(seen).toEqual([150])
  })
})

describe('sleep', () => {
  it('keeps the process alive while it waits, and rejects with CANCELLED on abort', async () => {
    const clock = createManualClock(0)
    const abort = new AbortController()
    const waiting = sleep(clock, 5_000, abort.signal)
    expect(clock.pendingTimers({ keepAlive: true })).toBe(1)
    abort.abort()
    await expect(waiting).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(clock.pendingTimers()).toBe(0)
  })

  it('takes no real time on an auto-advancing clock, and the waits add up exactly', async () => {
    const clock = createManualClock(0, { autoAdvance: true })
    await sleep(clock, 3_600_000)
    await Promise.all([sleep(clock, 1_000), sleep(clock, 2_000)])
    expect(clock.now()).toBe(3_602_000)
    expect(clock.delays).toEqual([3_600_000, 1_000, 2_000])
  })
})
