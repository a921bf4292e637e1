/**
 * The React key of the row at `index` in a virtualized list whose rows in the page start at
 * `firstIndex`: its place in that window. Why not the item's id: a scroll then removes the rows
 * that left and builds new ones, element by element, every frame. Why not a slot that a row keeps
 * while it stays in the page (index modulo the window's size): the slots then wrap around, so
 * React moves the elements of every row that came to the other end of the window, and a moved
 * element has its style and layout worked out again from nothing. Keyed by place, the window's
 * elements stay where they are, in the order they are read, and a scroll only changes their text
 * and attributes.
 */
export function windowRowKey(index: number, firstIndex: number): number {
  return index - firstIndex
}
