import { useEffect, useRef, useState } from 'react'
import type { RefObject } from 'react'

/** The content width of an element, kept current as it resizes (charts draw to it). */
export function useElementWidth<E extends HTMLElement>(
  fallback: number,
): [RefObject<E | null>, number] {
  const ref = useRef<E | null>(null)
  const [width, setWidth] = useState(fallback)
  useEffect(() => {
    const element = ref.current
    if (element === null) return
    const measure = (): void => {
      const next = Math.floor(element.clientWidth)
      if (next > 0) setWidth((before) => (before === next ? before : next))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, width]
}
