import { useEffect, useRef, useState } from 'react'
import type { RefObject } from 'react'

/** The width each chart was last drawn at (by its name), for the next time it is mounted. */
const lastWidths = new Map<string, number>()

/**
 * The content width of an element, kept current as it resizes (charts draw to it). `name` keeps
 * the width between mounts, so a chart opened again is drawn once at its width, not first at
 * `fallback`. Why: each chart was drawn twice on every mount (at the fallback, then at its width,
 * after a painted frame). Read after the paint, not in a layout effect: there the read forced
 * the whole overview's first layout inside the render's task (seen in the trace).
 */
export function useElementWidth<E extends HTMLElement>(
  name: string,
  fallback: number,
): [RefObject<E | null>, number] {
  const ref = useRef<E | null>(null)
  const [width, setWidth] = useState(() => lastWidths.get(name) ?? fallback)
  useEffect(() => {
    const element = ref.current
    if (element === null) return
    const measure = (): void => {
      const next = Math.floor(element.clientWidth)
      if (next <= 0) return
      lastWidths.set(name, next)
      setWidth((before) => (before === next ? before : next))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [name])
  return [ref, width]
}
