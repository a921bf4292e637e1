import type { WindowBounds } from './core/settings/settings-schema'

/** A display's usable area (Electron's `Display.workArea`). */
export interface Area {
  x: number
  y: number
  width: number
  height: number
}

/** How much of the title bar (px wide) must be on a display to restore the window there. */
const MIN_VISIBLE = 64
/** The strip at the top of a window a user grabs to move it. */
const TITLE_BAR = 32

function overlap(a: Area, b: Area): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)
  return { width: Math.max(0, width), height: Math.max(0, height) }
}

/**
 * The saved window bounds if the window would still be reachable: its title-bar strip overlaps
 * some display's work area by at least {@link MIN_VISIBLE} px wide and half its height (a monitor unplugged since the last
 * run must not leave the window off-screen). Otherwise null: the caller centres a default window.
 */
export function restorableBounds(
  saved: WindowBounds | null,
  displays: readonly Area[],
): WindowBounds | null {
  if (saved === null) return null
  const titleBar: Area = { ...saved, height: Math.min(saved.height, TITLE_BAR) }
  const display = displays.find((d) => {
    const { width, height } = overlap(titleBar, d)
    return width >= Math.min(MIN_VISIBLE, saved.width) && height >= titleBar.height / 2
  })
  if (display === undefined) return null
  // A window larger than the display it lands on is shrunk to fit rather than spilling over.
  return {
    x: saved.x,
    y: saved.y,
    width: Math.min(saved.width, display.width),
    height: Math.min(saved.height, display.height),
  }
}
