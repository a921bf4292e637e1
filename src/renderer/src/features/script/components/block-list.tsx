import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef } from 'react'
import type { CSSProperties, ReactElement } from 'react'
import type { ScriptAudio } from '../hooks/use-script-audio'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { BlockRow } from './block-row'

/**
 * The blocks, virtualized with measured heights: a 100,000-word script keeps only the visible
 * rows (plus a few) in the page, and subscribes to the block order only, so typing in one block
 * never re-renders the list.
 */
export function BlockList(props: { audio: ScriptAudio }): ReactElement {
  const order = useScriptDocumentStore((s) => s.order)
  const scrollRef = useRef<HTMLDivElement>(null)
  // The virtualizer's functions change with each scroll; the rows read them fresh every render.
  // eslint-disable-next-line react-hooks/incompatible-library -- the app is not built with the React Compiler; the virtualizer is read during render only, never memoised
  const virtualizer = useVirtualizer({
    count: order.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 40,
    overscan: 3,
    getItemKey: (index) => order[index] ?? index,
  })
  const reveal = useEditorUiStore((s) => s.reveal)
  useEffect(() => {
    if (reveal === null) return
    const index = useScriptDocumentStore.getState().order.indexOf(reveal.blockId)
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'center' })
  }, [reveal, virtualizer])

  return (
    <div
      ref={scrollRef}
      className="block-list"
      data-testid="block-list"
      // The gutter fits the longest block number, the same on every row (each row is its own grid).
      style={{ '--block-digits': String(order.length).length } as CSSProperties}
    >
      <div className="block-list__inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const id = order[item.index]
          if (id === undefined) return null
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className="block-list__row"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <BlockRow id={id} index={item.index} audio={props.audio} />
            </div>
          )
        })}
      </div>
    </div>
  )
}
