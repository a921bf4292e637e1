import { describe, expect, it } from 'vitest'
import { startRenderEta } from './render-eta'

describe('render time-left estimate', () => {
  it('is paced by the requests alone: a 429 wait neither counts nor blows the estimate up', () => {
    let now = 1_000_000
    const eta = startRenderEta(() => now)
    expect(eta.secondsLeft(0, 7)).toBeNull()
    now += 2000
    expect(eta.secondsLeft(1, 6)).toBe(12)
    now += 2000
    expect(eta.secondsLeft(2, 5)).toBe(10)
    // The service is busy for 150 s: the pace of the requests has not changed.
    eta.serviceWait(1000)
    now += 100_000
    eta.serviceWait(1000)
    expect(eta.secondsLeft(2, 5)).toBe(10)
    now += 50_000
    eta.serviceWait(null)
    now += 2000
    expect(eta.secondsLeft(3, 4)).toBe(8)
  })

  it('counts every wait of a storm, however many there were', () => {
    let now = 0
    const eta = startRenderEta(() => now)
    for (let i = 0; i < 5; i++) {
      now += 1000
      eta.serviceWait(1000)
      now += 1000
      eta.serviceWait(null)
    }
    // 10 s gone, 5 of them waiting: 1 s per request.
    expect(eta.secondsLeft(5, 5)).toBe(5)
  })
})
