import { describe, expect, it } from 'vitest'
import { restorableBounds } from './window-state'

const laptop = { x: 0, y: 0, width: 1440, height: 900 }
const external = { x: 1440, y: 0, width: 2560, height: 1440 }

describe('restorableBounds', () => {
  it('has nothing to restore without saved bounds', () => {
    expect(restorableBounds(null, [laptop])).toBeNull()
  })

  it('restores a window that is on a display', () => {
    const saved = { x: 100, y: 80, width: 1200, height: 800 }
    expect(restorableBounds(saved, [laptop])).toEqual(saved)
  })

  it('restores on a second display while it is connected', () => {
    const saved = { x: 2000, y: 100, width: 1400, height: 900 }
    expect(restorableBounds(saved, [laptop, external])).toEqual(saved)
  })

  it('does not restore onto a display that is gone', () => {
    expect(restorableBounds({ x: 2000, y: 100, width: 1400, height: 900 }, [laptop])).toBeNull()
  })

  it('does not restore a window whose title bar is off-screen', () => {
    expect(restorableBounds({ x: 100, y: -600, width: 800, height: 600 }, [laptop])).toBeNull()
    expect(restorableBounds({ x: 1400, y: 100, width: 800, height: 600 }, [laptop])).toBeNull()
    expect(restorableBounds({ x: -780, y: 100, width: 800, height: 600 }, [laptop])).toBeNull()
  })

  it('restores a window partly off-screen when enough of its title bar is reachable', () => {
    const saved = { x: -500, y: 100, width: 800, height: 600 }
    expect(restorableBounds(saved, [laptop])).toEqual(saved)
  })

  it('shrinks a window larger than its display', () => {
    expect(restorableBounds({ x: 0, y: 0, width: 3000, height: 2000 }, [laptop])).toEqual({
      x: 0,
      y: 0,
      width: 1440,
      height: 900,
    })
  })
})
