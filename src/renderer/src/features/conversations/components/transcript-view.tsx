import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import type { ReactElement, ReactNode } from 'react'
import type { Conversation, ConversationMessage } from '../../../../../shared/domain/conversation'
import { turnOffsetMs } from '../../../../../shared/domain/conversation-format'
import { useTranscriptFollow } from '../hooks/use-transcript-follow'
import { useTranscriptSearch } from '../hooks/use-transcript-search'
import { TranscriptSearchBar } from './transcript-search-bar'
import { TurnRow, useToggleSet, useTurnSeek } from './transcript-turn'

/**
 * The transcript: virtualized (10,000 turns scroll smoothly), each turn with its time from the
 * start; tool calls as cards; unknown roles shown with their raw name. New turns keep the view at
 * the bottom only when the reader is there. Search with next/previous (Enter / Shift+Enter).
 */
export function TranscriptView(props: {
  conversation: Conversation
  messages: ConversationMessage[]
  live: boolean
  /** Seeks the recording to a turn (null when there is no playable recording). */
  onSeek: ((offsetMs: number) => void) | null
}): ReactElement {
  const { conversation, messages, live, onSeek } = props
  const scrollRef = useRef<HTMLDivElement>(null)

  // eslint-disable-next-line react-hooks/incompatible-library -- the app is not built with the React Compiler; the virtualizer is read during render only, never memoised
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (messages[index]?.role === 'tool' ? 64 : 56),
    overscan: 10,
    // Why no flushSync: a synchronous render on every scroll event costs frames on long lists;
    // batched renders keep the scroll smooth (rows are positioned by transform anyway).
    useFlushSync: false,
    getItemKey: (index) => messages[index]?.id ?? index,
  })

  const follow = useTranscriptFollow(messages.length, live, scrollRef, virtualizer)
  const search = useTranscriptSearch(messages, (row) =>
    virtualizer.scrollToIndex(row, { align: 'center' }),
  )

  const [expanded, toggle] = useToggleSet()
  const { seekTo, onRowClick } = useTurnSeek(conversation, onSeek)

  return (
    <section className="transcript" aria-labelledby="transcript-title">
      <TranscriptBar count={messages.length} seekable={onSeek !== null}>
        <TranscriptSearchBar search={search} />
      </TranscriptBar>
      <div
        ref={scrollRef}
        className="transcript__scroll"
        onScroll={follow.onScroll}
        tabIndex={0}
        role="log"
        aria-label="Transcript"
        data-testid="transcript-scroll"
      >
        {messages.length === 0 && (
          <p className="transcript__empty">
            {live
              ? 'No turns yet. They appear here as the conversation goes on.'
              : 'This conversation has no turns.'}
          </p>
        )}
        <div className="transcript__inner" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const message = messages[item.index]
            if (message === undefined) return null
            const offset = turnOffsetMs(conversation, message)
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="transcript__row"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <TurnRow
                  message={message}
                  offset={offset}
                  current={item.index === search.currentRow}
                  seekable={onSeek !== null}
                  expanded={expanded.has(message.id)}
                  onToggle={toggle}
                  onSeek={seekTo}
                  onRowClick={onRowClick}
                  highlight={search.highlight}
                />
              </div>
            )
          })}
        </div>
      </div>
      <NewTurnsButton unseen={follow.unseen} onClick={follow.scrollToEnd} />
    </section>
  )
}

/** The transcript's title line: how many turns, that a click plays one, and the search. */
function TranscriptBar(props: {
  count: number
  seekable: boolean
  children: ReactNode
}): ReactElement {
  return (
    <div className="transcript__bar">
      <h2 id="transcript-title" className="section-title">
        Transcript <span className="transcript__count">{props.count.toLocaleString()} turns</span>
      </h2>
      {/* On the transcript's own line: a line of its own under the player cost a row. */}
      {props.seekable && (
        <span className="transcript__hint" data-testid="transcript-seek-hint">
          Click a turn to play it
        </span>
      )}
      {props.children}
    </div>
  )
}

/** "3 new turns ↓" when turns arrived below while the reader was reading further up. */
function NewTurnsButton(props: { unseen: number; onClick: () => void }): ReactElement | null {
  const { unseen } = props
  if (unseen === 0) return null
  return (
    <button type="button" className="button button--small transcript__jump" onClick={props.onClick}>
      {unseen === 1 ? '1 new turn' : `${unseen} new turns`} ↓
    </button>
  )
}
