import { X } from 'lucide-react'
import { useRef, useState } from 'react'
import type { KeyboardEvent, ReactElement } from 'react'
import { IconButton } from '../../../components/ui/icon-button'
import { rovingTarget } from '../../../components/ui/roving'
import { useChapterOutline } from '../hooks/use-chapter-outline'
import { useEditorUiStore } from '../stores/editor-ui-store'
import type { OutlineChapter } from '../stores/chapter-outline'
import { chapterStateWords, outlineLength } from '../stores/chapter-outline'
import { useScriptDocumentStore } from '../stores/script-document-store'

/** Which chapter holds the block at `index` (chapters in script order). */
function chapterAt(chapters: readonly OutlineChapter[], index: number): number {
  let low = 0
  let high = chapters.length - 1
  let found = -1
  while (low <= high) {
    const mid = (low + high) >> 1
    if ((chapters[mid]?.firstIndex ?? 0) <= index) {
      found = mid
      low = mid + 1
    } else high = mid - 1
  }
  return found
}

function stateClass(chapter: OutlineChapter): string {
  if (chapter.changed > 0) return 'stale'
  if (chapter.blocks > 0 && chapter.rendered === chapter.blocks) return 'cached'
  if (chapter.rendered > 0) return 'partial'
  return 'new'
}

/**
 * The chapter outline beside the blocks: each chapter's heading, length and render state in
 * words. A click, or Enter on the focused chapter, moves the list to its first block and puts the
 * caret there; the arrow keys, Home and End move between chapters.
 */
export function ChapterOutline(): ReactElement {
  const chapters = useChapterOutline()
  const caretId = useEditorUiStore((s) => s.caret?.blockId)
  const caretIndex = useScriptDocumentStore((s) =>
    caretId === undefined ? -1 : s.order.indexOf(caretId),
  )
  const current = caretIndex < 0 ? -1 : chapterAt(chapters, caretIndex)
  const [focusAt, setFocusAt] = useState(0)
  const listRef = useRef<HTMLOListElement>(null)
  const tabAt = Math.min(focusAt, Math.max(0, chapters.length - 1))

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>): void => {
    const next = rovingTarget(event.key, tabAt, chapters.length, 'vertical')
    if (next === null) return
    event.preventDefault()
    setFocusAt(next)
    listRef.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus()
  }
  const titled = chapters.filter((c) => c.title !== null).length

  return (
    <nav className="chapter-outline" aria-label="Chapters" data-testid="chapter-outline">
      <div className="chapter-outline__head">
        <h2 className="chapter-outline__title">Chapters</h2>
        <IconButton
          label="Hide chapters"
          icon={X}
          onClick={() => useEditorUiStore.getState().setOutlineOpen(false)}
        />
      </div>
      {titled === 0 ? (
        <p className="chapter-outline__empty">
          No chapters yet. Headings in an imported manuscript (Markdown #, Word or EPUB headings)
          become chapters here.
        </p>
      ) : (
        <ol className="chapter-outline__list" ref={listRef} onKeyDown={onKeyDown}>
          {chapters.map((chapter, i) => {
            const state = chapterStateWords(chapter)
            const length = outlineLength(chapter.seconds, chapter.estimated)
            const name = chapter.title ?? 'Before the first chapter'
            return (
              <li key={chapter.firstBlockId}>
                <button
                  type="button"
                  className={`chapter-outline__item chapter-outline__item--${stateClass(chapter)}`}
                  tabIndex={i === tabAt ? 0 : -1}
                  aria-current={i === current ? 'location' : undefined}
                  aria-label={`${name}, ${length}, ${state}`}
                  data-testid="outline-chapter"
                  onFocus={() => setFocusAt(i)}
                  onClick={() => {
                    setFocusAt(i)
                    useEditorUiStore.getState().revealBlock(chapter.firstBlockId)
                  }}
                >
                  <span className="chapter-outline__name" title={name}>
                    {name}
                  </span>
                  <span className="chapter-outline__meta">
                    <span className="chapter-outline__length">{length}</span>
                    <span className="chapter-outline__state">{state}</span>
                  </span>
                </button>
              </li>
            )
          })}
        </ol>
      )}
    </nav>
  )
}
