import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef } from 'react'
import type { Conversation } from '../../../../../shared/domain/conversation'
import { isFinalConversationStatus } from '../../../../../shared/domain/conversation'

/** A row's height in the inbox grid (inbox.css). */
export const ROW_HEIGHT = 44
/** A row's height with "Compact rows" on (inbox.css, .inbox-table--compact). */
export const COMPACT_ROW_HEIGHT = 32
/** The sticky header row's height (inbox.css), above the first row inside the scroller. */
export const HEAD_HEIGHT = 34
/**
 * Rows kept in the page beyond each edge of the pane. Few on purpose: the rows are keyed by their
 * place (lib/window-row-keys.ts), so every row held is laid out and painted again at every scroll
 * frame, and a fast scroll brings as many new rows a frame whatever this is. Two still cover a
 * frame of a wheel's smooth scroll before the page has drawn the rows it brings (at 4 a scroll
 * frame laid out about a fifth more rows for no row seen).
 */
export const OVERSCAN = 2
/** How long the visible rows must stay put before their evaluations are asked for. */
const VISIBLE_SETTLE_MS = 150
/** Rows left below the visible ones when the next page is asked for. */
const LOAD_AHEAD = 30

/**
 * The inbox's virtualized window over `rows`: the rows in the page, whether the list is taller
 * than its pane, the visible finished rows reported once they settle (`onVisible`), the next page
 * asked for near the end (`onLoadMore`), and the focused row (`focusedIndex`) scrolled into view.
 */
export function useInboxWindow(options: {
  rows: readonly Conversation[]
  focusedIndex: number
  hasMore: boolean
  loadingMore: boolean
  onLoadMore: () => void
  onVisible: (ids: string[]) => void
  /** Every row's height: fixed per density, so no row is measured. */
  rowHeight: number
}) {
  const { rows, focusedIndex, hasMore, loadingMore, onLoadMore, onVisible, rowHeight } = options
  const scrollRef = useRef<HTMLDivElement | null>(null)
  // eslint-disable-next-line react-hooks/incompatible-library -- the app is not built with the React Compiler; the virtualizer is read during render only, never memoised
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    scrollMargin: HEAD_HEIGHT,
    // Why no flushSync: a synchronous render on every scroll event costs frames on long lists.
    useFlushSync: false,
    // No getItemKey: the rows are keyed by their place in the window (inbox-table.tsx) and none
    // is measured, so the virtualizer's own index keys do. Why not the rows' ids: every new list
    // of the same length (a live row replaced) then had it place all 10,000 rows again.
  })
  // A new density places every row again (at its new height), from the row on top.
  useEffect(() => {
    virtualizer.measure()
  }, [rowHeight, virtualizer])
  const items = virtualizer.getVirtualItems()
  const first = items[0]?.index ?? 0
  const last = items.at(-1)?.index ?? -1

  // The visible rows' evaluations are asked for (finished ones only; main reads each once).
  let visibleKey = ''
  for (let i = first; i <= last; i++) {
    const row = rows[i]
    if (row !== undefined && isFinalConversationStatus(row.status))
      visibleKey = visibleKey === '' ? row.id : `${visibleKey},${row.id}`
  }
  // Reported once the rows settle: rows flown past in a fast scroll are not read, and the frames
  // of the scroll are not spent re-rendering the inbox around the table.
  useEffect(() => {
    const timer = setTimeout(
      () => onVisible(visibleKey === '' ? [] : visibleKey.split(',')),
      VISIBLE_SETTLE_MS,
    )
    return () => clearTimeout(timer)
  }, [visibleKey, onVisible])

  // Only a list taller than its pane loads more by itself: a search or filter that leaves a few
  // rows would otherwise read page after page of the whole account. Below that, a button asks.
  const viewport = virtualizer.scrollRect?.height ?? 0
  const scrollable = rows.length * rowHeight > viewport && viewport > 0
  useEffect(() => {
    if (scrollable && hasMore && !loadingMore && last >= rows.length - LOAD_AHEAD) onLoadMore()
  }, [scrollable, hasMore, loadingMore, last, rows.length, onLoadMore])

  useEffect(() => {
    if (focusedIndex >= 0) virtualizer.scrollToIndex(focusedIndex, { align: 'auto' })
  }, [focusedIndex, virtualizer])

  return { scrollRef, virtualizer, items, scrollable }
}
