import { describe, expect, it } from 'vitest'
import { EDGE_GAP, placePopover } from './popover-place'

const WINDOW = { width: 1024, height: 700 }
const SIZE = { width: 520, height: 300 }

/** Whether the placed popover lies wholly inside the window. */
function inside(place: { top: number; left: number }, size = SIZE): boolean {
  return (
    place.top >= 0 &&
    place.left >= 0 &&
    place.top + Math.min(size.height, WINDOW.height - 2 * EDGE_GAP) <= WINDOW.height &&
    place.left + size.width <= WINDOW.width
  )
}

describe('placePopover', () => {
  it('goes below its anchor when there is room', () => {
    const place = placePopover({ top: 100, left: 200, width: 400, height: 40 }, SIZE, WINDOW)
    expect(place.top).toBeGreaterThanOrEqual(140)
    expect(place.left).toBe(200)
    expect(inside(place)).toBe(true)
  })

  it('flips above an anchor near the bottom of the window', () => {
    const place = placePopover({ top: 600, left: 200, width: 400, height: 40 }, SIZE, WINDOW)
    expect(place.top + SIZE.height).toBeLessThanOrEqual(600)
    expect(inside(place)).toBe(true)
  })

  it('stays on screen where neither above nor below has room', () => {
    const place = placePopover({ top: 250, left: 200, width: 400, height: 200 }, SIZE, WINDOW)
    expect(inside(place)).toBe(true)
  })

  it('shifts left to stay inside a narrow window', () => {
    const place = placePopover({ top: 100, left: 800, width: 200, height: 40 }, SIZE, WINDOW)
    expect(place.left + SIZE.width).toBeLessThanOrEqual(WINDOW.width - EDGE_GAP)
    expect(inside(place)).toBe(true)
  })

  it('scrolls inside when taller than the window', () => {
    const tall = { width: 520, height: 900 }
    const place = placePopover({ top: 300, left: 10, width: 400, height: 40 }, tall, WINDOW)
    expect(place.maxHeight).toBe(WINDOW.height - 2 * EDGE_GAP)
    expect(place.top).toBe(EDGE_GAP)
  })
})
