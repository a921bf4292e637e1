/** A box on screen, in CSS pixels from the viewport's top left. */
export interface ScreenBox {
  top: number
  left: number
  width: number
  height: number
}

/** Where a popover goes: its top left, and the most height it may take (it scrolls past that). */
export interface PopoverPlace {
  top: number
  left: number
  maxHeight: number
}

/** The gap kept between the popover and the window's edges, and between it and its anchor. */
export const EDGE_GAP = 8

/**
 * Places a popover of `size` beside `anchor`, wholly inside a `viewport`: below the anchor when it
 * fits, else above, else wherever along the height it fits (over the anchor, never off screen);
 * along the width it starts at the anchor's left and shifts left to stay inside. A popover taller
 * than the window gets the window's height less the gaps, and scrolls inside.
 */
export function placePopover(
  anchor: ScreenBox,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): PopoverPlace {
  const maxHeight = Math.max(0, viewport.height - 2 * EDGE_GAP)
  const height = Math.min(size.height, maxHeight)
  const below = anchor.top + anchor.height + EDGE_GAP / 2
  const above = anchor.top - EDGE_GAP / 2 - height
  let top: number
  if (below + height <= viewport.height - EDGE_GAP) top = below
  else if (above >= EDGE_GAP) top = above
  else top = Math.min(Math.max(EDGE_GAP, below), viewport.height - EDGE_GAP - height)
  const widest = Math.max(EDGE_GAP, viewport.width - EDGE_GAP - size.width)
  const left = Math.min(Math.max(EDGE_GAP, anchor.left), widest)
  return { top: Math.round(top), left: Math.round(left), maxHeight }
}
