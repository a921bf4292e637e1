import { useEffect, useState } from 'react'
import { useBlockMarksStore } from '../stores/block-marks-store'
import type { OutlineChapter } from '../stores/chapter-outline'
import { chapterOutline } from '../stores/chapter-outline'
import { useScriptDocumentStore } from '../stores/script-document-store'

/** How long the outline waits after the last change before it counts the script again. */
const SETTLE_MS = 400

function outlineNow(): OutlineChapter[] {
  const { order, blocks, meta } = useScriptDocumentStore.getState()
  return chapterOutline(order, blocks, useBlockMarksStore.getState().marks, meta.lexicon)
}

/**
 * The chapters of the open script while the outline shows. Why counted after changes settle and
 * not on each: a keystroke in a 100,000-word script must cost the outline nothing; a chapter's
 * length a moment late is no loss.
 */
export function useChapterOutline(): OutlineChapter[] {
  const [chapters, setChapters] = useState<OutlineChapter[]>(outlineNow)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null
    const later = (): void => {
      if (timer !== null) clearTimeout(timer)
      timer = setTimeout(() => {
        timer = null
        setChapters(outlineNow())
      }, SETTLE_MS)
    }
    const stopDocument = useScriptDocumentStore.subscribe((state, before) => {
      if (state.revision !== before.revision || state.doc !== before.doc) later()
    })
    const stopMarks = useBlockMarksStore.subscribe(later)
    return () => {
      if (timer !== null) clearTimeout(timer)
      stopDocument()
      stopMarks()
    }
  }, [])
  return chapters
}
