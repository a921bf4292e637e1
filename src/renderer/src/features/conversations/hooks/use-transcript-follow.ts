import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { RefObject } from 'react'

/** Within this many pixels of the end counts as "at the bottom" (new turns keep it there). */
const BOTTOM_SLACK_PX = 32

/** The part of the virtualizer that following the end needs. */
interface RowScroller {
  scrollToIndex: (index: number, options: { align: 'end' }) => void
}

/**
 * Following a transcript as turns arrive: a live conversation opens at its latest turn, a finished
 * one at its first; new turns keep the view at the bottom only when the reader is there, and are
 * otherwise counted as unseen until the reader scrolls down or jumps there.
 */
export function useTranscriptFollow(
  count: number,
  live: boolean,
  scrollRef: RefObject<HTMLDivElement | null>,
  scroller: RowScroller,
) {
  const atBottom = useRef(true)
  const seenCount = useRef(count)
  const [unseen, setUnseen] = useState(0)

  const scrollToEnd = useCallback(() => {
    if (count > 0) scroller.scrollToIndex(count - 1, { align: 'end' })
    setUnseen(0)
  }, [count, scroller])

  useEffect(() => {
    if (live && count > 0) scroller.scrollToIndex(count - 1, { align: 'end' })
    // Only on mount: later turns follow the stick-to-bottom rule below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useLayoutEffect(() => {
    const added = count - seenCount.current
    seenCount.current = count
    if (added <= 0) return
    if (atBottom.current) scroller.scrollToIndex(count - 1, { align: 'end' })
    else setUnseen((n) => n + added)
  }, [count, scroller])

  const onScroll = (): void => {
    const el = scrollRef.current
    if (el === null) return
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX
    if (atBottom.current && unseen > 0) setUnseen(0)
  }

  return { unseen, scrollToEnd, onScroll }
}
