import { useEffect, useRef } from 'react'
import type { ClipboardEvent, ReactElement } from 'react'
import { sliceMarks, spliceMarked } from '../../../../../shared/domain/text-mark-edits'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { marksForPaste, rememberCopy, useMarksUiStore } from '../stores/marks-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { MarksMirror } from './marks-mirror'
import { MarksPopover } from './marks-popover'
import './marks.css'

/** Copy and cut keep the selection's marks in the app's clipboard; a paste of it brings them. */
function clipboardHandlers(id: string): {
  onCopy: (event: ClipboardEvent<HTMLTextAreaElement>) => void
  onCut: (event: ClipboardEvent<HTMLTextAreaElement>) => void
  onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => void
} {
  const remember = (event: ClipboardEvent<HTMLTextAreaElement>): void => {
    const area = event.currentTarget
    const block = useScriptDocumentStore.getState().blocks.get(id)
    const { selectionStart: start, selectionEnd: end } = area
    rememberCopy({
      text: area.value.slice(start, end),
      marks: block?.marks ? sliceMarks(block.marks, start, end) : [],
    })
  }
  return {
    onCopy: remember,
    onCut: remember,
    onPaste: (event) => {
      const piece = marksForPaste(event.clipboardData.getData('text/plain'))
      const block = useScriptDocumentStore.getState().blocks.get(id)
      if (piece === null || block === undefined || block.ssml) return
      event.preventDefault()
      const area = event.currentTarget
      const { selectionStart: start, selectionEnd: end } = area
      const next = spliceMarked({ text: block.text, marks: block.marks ?? [] }, start, end, piece)
      useScriptDocumentStore.getState().setMarks(id, next.marks, next.text)
      const caret = start + piece.text.length
      useEditorUiStore.getState().revealBlock(id, caret, caret)
    },
  }
}

/**
 * A block's text as an auto-height textarea: each key writes this block only, and the caret is
 * kept in the editor's store (commands such as "Insert a pause" act where it is). A find result or
 * a jump to the block (`reveal`) focuses it and selects the range.
 */
export function BlockText(props: { id: string; index: number; text: string }): ReactElement {
  const { id } = props
  const textRef = useRef<HTMLTextAreaElement>(null)
  const marks = useScriptDocumentStore((s) => s.blocks.get(id)?.marks)
  const popoverOpen = useMarksUiStore((s) => s.popoverBlockId === id)
  const marked = marks !== undefined && marks.length > 0
  const reveal = useEditorUiStore((s) => (s.reveal?.blockId === id ? s.reveal : null))
  useEffect(() => {
    if (reveal === null) return
    const area = textRef.current
    area?.focus()
    area?.setSelectionRange(reveal.start, reveal.end)
  }, [reveal])

  const updateCaret = (): void => {
    const area = textRef.current
    if (area === null) return
    useEditorUiStore
      .getState()
      .setCaret({ blockId: id, start: area.selectionStart, end: area.selectionEnd })
  }
  const area = (
    <textarea
      ref={textRef}
      className={marked ? 'block__text block__text--marked' : 'block__text'}
      aria-label={`Text of block ${props.index + 1}`}
      value={props.text}
      // Only on an empty block: with a placeholder, Chromium restyles the textarea on every key
      // (it re-checks whether to show it), a style pass per key the editor's typing can spare.
      placeholder={props.text === '' ? 'Write what is said here' : undefined}
      spellCheck
      rows={1}
      onChange={(event) => {
        const target = event.target
        useScriptDocumentStore.getState().setText(id, target.value, target.selectionEnd)
        updateCaret()
      }}
      onSelect={updateCaret}
      onFocus={updateCaret}
      {...clipboardHandlers(id)}
    />
  )
  // Why the wrapper only for a block with marks or an open popover: the plain rows of a long
  // script stay one element each, as fast to type in and lay out as before.
  if (!marked && !popoverOpen) return area
  return (
    <div className="block__editor">
      {area}
      {marked && <MarksMirror text={props.text} marks={marks} />}
      {popoverOpen && <MarksPopover id={id} />}
    </div>
  )
}

/**
 * A rendered block while it plays: its words as buttons, the one heard now marked; a click plays
 * from that word.
 */
export function BlockReading(props: {
  text: string
  words: readonly { start: number; end: number }[]
  current: number
  seek: (index: number) => void
}): ReactElement {
  const { text, current, seek } = props
  const out: ReactElement[] = []
  let at = 0
  props.words.forEach((word, i) => {
    if (word.start > at) out.push(<span key={`t${at}`}>{text.slice(at, word.start)}</span>)
    out.push(
      <button
        key={`w${i}`}
        type="button"
        className={`block__word${i === current ? ' block__word--current' : ''}`}
        data-current={i === current}
        onClick={() => seek(i)}
      >
        {text.slice(word.start, word.end)}
      </button>,
    )
    at = Math.max(at, word.end)
  })
  if (at < text.length) out.push(<span key="tail">{text.slice(at)}</span>)
  return (
    <p className="block__reading" data-testid="block-reading">
      {out}
    </p>
  )
}
