import { useEffect, useRef } from 'react'
import type { ReactElement } from 'react'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'

/**
 * A block's text as an auto-height textarea: each key writes this block only, and the caret is
 * kept in the editor's store (commands such as "Insert a pause" act where it is). A find result or
 * a jump to the block (`reveal`) focuses it and selects the range.
 */
export function BlockText(props: { id: string; index: number; text: string }): ReactElement {
  const { id } = props
  const textRef = useRef<HTMLTextAreaElement>(null)
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
  return (
    <textarea
      ref={textRef}
      className="block__text"
      aria-label={`Text of block ${props.index + 1}`}
      value={props.text}
      // Only on an empty block: with a placeholder, Chromium restyles the textarea on every key
      // (it re-checks whether to show it), a style pass per key the editor's typing can spare.
      placeholder={props.text === '' ? 'Write what is said here' : undefined}
      spellCheck
      rows={1}
      onChange={(event) => {
        useScriptDocumentStore.getState().setText(id, event.target.value)
        updateCaret()
      }}
      onSelect={updateCaret}
      onFocus={updateCaret}
    />
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
