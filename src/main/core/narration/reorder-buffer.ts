/**
 * Hands out items in index order however they arrive. Holds at most the items that arrived ahead
 * of the next expected one; the caller bounds that by how far ahead it lets work start.
 */
export class ReorderBuffer<T> {
  private readonly waiting = new Map<number, T>()
  private next: number

  constructor(firstIndex = 0) {
    this.next = firstIndex
  }

  /** The index the buffer will release next. */
  get nextIndex(): number {
    return this.next
  }

  /** Items held back waiting for an earlier one. */
  get size(): number {
    return this.waiting.size
  }

  /** Adds an item; returns the items that are now releasable, in order. */
  push(index: number, item: T): T[] {
    if (index < this.next || this.waiting.has(index)) {
      throw new Error(`item ${index} was already delivered`)
    }
    this.waiting.set(index, item)
    const ready: T[] = []
    for (;;) {
      const value = this.waiting.get(this.next)
      if (value === undefined && !this.waiting.has(this.next)) break
      this.waiting.delete(this.next)
      ready.push(value as T)
      this.next += 1
    }
    return ready
  }
}
