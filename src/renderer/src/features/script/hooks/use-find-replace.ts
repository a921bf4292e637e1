import { useMemo, useRef, useState } from 'react'
import { replaceMarked } from '../../../../../shared/domain/text-mark-edits'
import { compileQuery, matchesIn, replaceAllIn } from './find-matches'
import type { FindQuery } from './find-matches'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'

/** The find bar's query and what it does: find the next match from the caret, replace them all. */
export function useFindReplace(query: FindQuery): {
  compiled: ReturnType<typeof compileQuery>
  status: string | null
  findNext: () => void
  replaceAll: (replacement: string) => void
} {
  const { text, regex, matchCase } = query
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

  const replaceAll = (replacement: string): void => {
    const { pattern } = compiled
    if (pattern === null) return
    const { order, blocks } = useScriptDocumentStore.getState()
    const changes: Parameters<
      ReturnType<typeof useScriptDocumentStore.getState>['replaceTexts']
    >[0] = []
    let count = 0
    for (const id of order) {
      const block = blocks.get(id)
      const current = block?.text ?? ''
      const n = matchesIn(current, pattern).length
      if (n === 0) continue
      count += n
      if (block?.marks === undefined || block.marks.length === 0) {
        changes.push({ id, text: replaceAllIn(current, pattern, replacement, regex) })
        continue
      }
      // Each match replaced on its own, so the marks after it move by what it changed.
      const replaced = replaceMarked({ text: current, marks: block.marks }, pattern, (m) =>
        replaceAllIn(
          m[0],
          new RegExp(pattern.source, pattern.flags.replace('g', '')),
          replacement,
          regex,
        ),
      )
      changes.push({ id, text: replaced.text, marks: replaced.marks })
    }
    useScriptDocumentStore.getState().replaceTexts(changes)
    setStatus(
      count === 0
        ? 'No matches'
        : `Replaced ${count} in ${changes.length} blocks (Ctrl+Z undoes it)`,
    )
  }

  return { compiled, status, findNext, replaceAll }
}
