import { startTransition, useEffect, useState } from 'react'
import { afterPaint } from '../../../lib/after-paint'
import { useInboxStore } from '../stores/inbox-store'

/**
 * The inbox's search as its rows follow it: the text typed, applied after the frame that shows
 * the typed letter, in a render the next key may interrupt. Why: at 10,000 rows the results
 * render, lay out and paint a whole table of rows; applied after that frame they can never delay
 * the letter (a deferred value gives no such promise: React's task for it may run before the
 * frame). And the view that holds the rows does not follow the box's text itself, so a keystroke
 * renders the search box alone (with a deferred value the view rendered twice a key: once with
 * the old search, once with the new).
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
