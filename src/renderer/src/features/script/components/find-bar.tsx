import { useMemo, useRef, useState } from 'react'
import type { ReactElement } from 'react'
import { compileQuery, matchesIn, replaceAllIn } from '../hooks/find-matches'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'

/** Find (and replace) across all blocks, plain or regex, with match case; Enter finds the next. */
export function FindBar(): ReactElement {
  const replaceOpen = useEditorUiStore((s) => s.replaceOpen)
  const [text, setText] = useState('')
  const [replacement, setReplacement] = useState('')
  const [regex, setRegex] = useState(false)
  const [matchCase, setMatchCase] = useState(false)
  const [status, setStatus] = useState<string | null>(null)
  const cursor = useRef<{ index: number; offset: number }>({ index: 0, offset: 0 })
  const compiled = useMemo(() => compileQuery({ text, regex, matchCase }), [text, regex, matchCase])

  const findNext = (): void => {
    const { pattern } = compiled
    if (pattern === null) return
    const { order, blocks } = useScriptDocumentStore.getState()
    const caret = useEditorUiStore.getState().caret
    let start = cursor.current
    if (caret !== null) {
      const index = order.indexOf(caret.blockId)
      if (index >= 0) start = { index, offset: caret.end }
    }
    for (let step = 0; step <= order.length; step++) {
      const index = (start.index + step) % order.length
      const id = order[index]!
      const from = step === 0 ? start.offset : 0
      const hit = matchesIn(blocks.get(id)?.text ?? '', pattern).find((m) => m.start >= from)
      if (hit !== undefined) {
        cursor.current = { index, offset: hit.end }
        useEditorUiStore.getState().revealBlock(id, hit.start, hit.end)
        setStatus(`Block ${index + 1}`)
        return
      }
    }
    setStatus('No matches')
  }

  const replaceAll = (): void => {
    const { pattern } = compiled
    if (pattern === null) return
    const { order, blocks } = useScriptDocumentStore.getState()
    const changes: { id: string; text: string }[] = []
    let count = 0
    for (const id of order) {
      const current = blocks.get(id)?.text ?? ''
      const n = matchesIn(current, pattern).length
      if (n === 0) continue
      count += n
      changes.push({ id, text: replaceAllIn(current, pattern, replacement, regex) })
    }
    useScriptDocumentStore.getState().replaceTexts(changes)
    setStatus(
      count === 0
        ? 'No matches'
        : `Replaced ${count} in ${changes.length} blocks (Ctrl+Z undoes it)`,
    )
  }

  return (
    <div className="find-bar" role="search" aria-label="Find and replace">
      <input
        className="input"
        aria-label="Find"
        placeholder="Find"
        autoFocus
        value={text}
        aria-invalid={compiled.error !== null}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            findNext()
          }
          if (event.key === 'Escape') useEditorUiStore.getState().closeFind()
        }}
      />
      {replaceOpen && (
        <input
          className="input"
          aria-label="Replace with"
          placeholder="Replace with"
          value={replacement}
          onChange={(event) => setReplacement(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') useEditorUiStore.getState().closeFind()
          }}
        />
      )}
      <label className="find-bar__option">
        <input type="checkbox" checked={regex} onChange={(e) => setRegex(e.target.checked)} /> Regex
      </label>
      <label className="find-bar__option">
        <input
          type="checkbox"
          checked={matchCase}
          onChange={(e) => setMatchCase(e.target.checked)}
        />{' '}
        Match case
      </label>
      <button
        type="button"
        className="button button--small"
        onClick={findNext}
        disabled={compiled.pattern === null}
      >
        Find next
      </button>
      {replaceOpen && (
        <button
          type="button"
          className="button button--small"
          onClick={replaceAll}
          disabled={compiled.pattern === null}
        >
          Replace all
        </button>
      )}
      <span role="status" className="field__hint">
        {compiled.error ?? status}
      </span>
      <button
        type="button"
        className="button button--small"
        aria-label="Close find"
        onClick={() => useEditorUiStore.getState().closeFind()}
      >
        Close
      </button>
    </div>
  )
}
