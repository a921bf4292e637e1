import { startTransition, useEffect, useState } from 'react'
import { afterPaint } from '../../../lib/after-paint'
import { useInboxStore } from '../stores/inbox-store'

/**
 * The inbox's search as its rows follow it: the text typed, applied after the frame that shows
 * the typed letter, in a render the next key may interrupt. Why: at 10,000 rows the search's
 * results render, lay out and paint a whole table of rows; begun before that frame (even deferred,
 * React's work started ahead of it), they made the letter miss it. The view that holds the rows
 * does not follow the box's text itself, so a keystroke renders the search box alone.
 * A change that also sets the filters (cleared, or a drill from the overview) applies at once,
 * so the new filters never show with the old search.
 */
export function useSearchAfterPaint(): string {
  const [search, setSearch] = useState(() => useInboxStore.getState().search)
  useEffect(() => {
    const follower = afterPaint(() => {
      const latest = useInboxStore.getState().search
      startTransition(() => setSearch(latest))
    })
    // A search typed between this view's first render and this effect is not lost.
    follower.changed()
    const unsubscribe = useInboxStore.subscribe((state, before) => {
      if (state.search === before.search) return
      if (state.filters !== before.filters) setSearch(state.search)
      else follower.changed()
    })
    return () => {
      unsubscribe()
      follower.dispose()
    }
  }, [])
  return search
}
