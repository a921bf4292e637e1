/**
 * How many rows a virtualized list can have in the page at once: what fits in `viewportPx`, one
 * row cut at each edge, and `overscan` rows on both sides (never fewer than `rendered`, what the
 * list holds now).
 */
export function rowSlotCount(
  viewportPx: number,
  rowPx: number,
  overscan: number,
  rendered: number,
): number {
  const fits = viewportPx > 0 && rowPx > 0 ? Math.ceil(viewportPx / rowPx) + 1 + 2 * overscan : 0
  return Math.max(fits, rendered, 1)
}

/**
 * The React key of the row at `index` in a virtualized list of consecutive rows, `slots` being
 * {@link rowSlotCount}. Why not the item's id: a scroll then removes the rows that left and builds
 * new ones for those that came, element by element, every frame. Keyed by slot, a row that comes
 * takes the key (and so the elements) of one that left, and only its text and attributes change;
 * rows that stay keep their key. Consecutive indices modulo `slots` (at least as many as the rows
 * held) never repeat, so keys stay unique.
 */
export function rowSlotKey(index: number, slots: number): number {
  return index % slots
}
