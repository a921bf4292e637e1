import { useState } from 'react'
import type { DragEvent } from 'react'

/**
 * A file dropped on an area: `dragging` while one is held over it (to show where it lands), and
 * the first file of a drop handed to `onFile`.
 */
export function useFileDrop(onFile: (file: File) => void) {
  const [dragging, setDragging] = useState(false)
  const handlers = {
    onDragOver: (event: DragEvent): void => {
      event.preventDefault()
      setDragging(true)
    },
    onDragLeave: (): void => setDragging(false),
    onDrop: (event: DragEvent): void => {
      event.preventDefault()
      setDragging(false)
      const file = event.dataTransfer.files[0]
      if (file !== undefined) onFile(file)
    },
  }
  return { dragging, handlers }
}
