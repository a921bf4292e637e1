import { describe, expect, it } from 'vitest'
import type { ConversationOverview } from '../../../../shared/domain/conversation-overview'
import { CallStore } from './call-store'
import { SavedFigures } from './saved-figures'

/** A stand-in for counted figures: only their identity matters here. */
const figures = (calls: number): ConversationOverview => ({ calls }) as ConversationOverview

/** A count that ends when the test says. */
function pendingCount() {
  let finish!: (overview: ConversationOverview) => void
  const overview = new Promise<ConversationOverview | null>((resolve) => {
    finish = resolve
  })
  return { overview, finish }
}

describe('SavedFigures', () => {
  it('gives the figures counted before the store changed until the new count ends, then the new ones', async () => {
    const store = new CallStore()
    const kept = new SavedFigures()
    expect(kept.lastCounted('7', store)).toBeUndefined()

    kept.keep('7', store, store.revision, Promise.resolve(figures(10)))
    await Promise.resolve()
    expect(kept.lastCounted('7', store)).toEqual(figures(10))

    // The store changes; a new count starts and has not ended yet.
    store.addSummaries({ c1: { passed: 1, total: 1, criteria: [], summary: null } })
    expect(kept.get('7', store)).toBeUndefined()
    const recount = pendingCount()
    kept.keep('7', store, store.revision, recount.overview)
    expect(kept.lastCounted('7', store)).toEqual(figures(10))

    recount.finish(figures(11))
    await recount.overview
    await Promise.resolve()
    expect(kept.lastCounted('7', store)).toEqual(figures(11))
    expect(await kept.get('7', store)).toEqual(figures(11))
  })

  it('never gives one store figures counted from another', async () => {
    const kept = new SavedFigures()
    kept.keep('7', new CallStore(), 0, Promise.resolve(figures(10)))
    await Promise.resolve()
    const other = new CallStore()
    expect(kept.lastCounted('7', other)).toBeUndefined()
    kept.keep('7', other, 0, pendingCount().overview)
    expect(kept.lastCounted('7', other)).toBeUndefined()
  })
})
