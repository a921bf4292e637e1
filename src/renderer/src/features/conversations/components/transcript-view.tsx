import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { KeyboardEvent, MouseEvent, ReactElement } from 'react'
import type { Conversation, ConversationMessage } from '../../../../../shared/domain/conversation'
import {
  formatOffset,
  isKnownRole,
  roleName,
  turnOffsetMs,
} from '../../../../../shared/domain/conversation-format'
import { ToolCallCard } from './tool-call-card'

/** Within this many pixels of the end counts as "at the bottom" (new turns keep it there). */
const BOTTOM_SLACK_PX = 32

function searchableText(m: ConversationMessage): string {
  const parts = [m.content, m.toolName ?? '']
  if (m.role === 'tool') {
    parts.push(
      JSON.stringify(m.toolArgs ?? null, null, 2),
      JSON.stringify(m.toolResult ?? null, null, 2),
    )
  }
  return parts.join('\n').toLowerCase()
}

function highlighter(query: string): (text: string) => ReactElement {
  const needle = query.trim().toLowerCase()
  return (text) => {
    if (needle === '') return <>{text}</>
    const lower = text.toLowerCase()
    const out: (string | ReactElement)[] = []
    let from = 0
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, from)) {
      if (at > from) out.push(text.slice(from, at))
      out.push(<mark key={at}>{text.slice(at, at + needle.length)}</mark>)
      from = at + needle.length
    }
    if (from < text.length) out.push(text.slice(from))
    return <>{out}</>
  }
}

function isInteractive(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('button, a, input, pre, summary') !== null
}

/**
 * One turn. Memoised: while scrolling, only rows that come into view render, not every row on
 * screen at every frame.
 */
const TurnRow = memo(function TurnRow(props: {
  message: ConversationMessage
  offset: number | null
  current: boolean
  seekable: boolean
  expanded: boolean
  onToggle: (id: string) => void
  onSeek: (message: ConversationMessage) => void
  onRowClick: (event: MouseEvent, message: ConversationMessage) => void
  highlight: (text: string) => ReactElement
}): ReactElement {
  const { message, offset, seekable, highlight } = props
  const known = isKnownRole(message.role)
  const time = formatOffset(offset)
  return (
    <article
      className={`turn turn--${known ? message.role : 'other'}${props.current ? ' turn--current' : ''}${seekable ? ' turn--seekable' : ''}`}
      data-testid="turn"
      data-role={message.role}
      data-message-id={message.id}
      onClick={(event) => props.onRowClick(event, message)}
    >
      <button
        type="button"
        className="turn__time"
        disabled={!seekable || offset === null}
        onClick={() => props.onSeek(message)}
        aria-label={
          seekable && offset !== null
            ? `Play the recording from ${time}`
            : `At ${time || 'an unknown time'}`
        }
      >
        {time || '–'}
      </button>
      <span className={`turn__role${known ? '' : ' turn__role--unknown'}`}>
        {roleName(message.role)}
      </span>
      <div className="turn__body">
        {message.role === 'tool' ? (
          <ToolCallCard
            name={message.toolName}
            args={message.toolArgs}
            result={message.toolResult}
            content={message.content}
            expanded={props.expanded}
            onToggle={() => props.onToggle(message.id)}
            highlight={highlight}
          />
        ) : (
          <p className="turn__text">{highlight(message.content)}</p>
        )}
      </div>
    </article>
  )
})

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
  const atBottom = useRef(true)
  const seenCount = useRef(messages.length)
  const [unseen, setUnseen] = useState(0)
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set())
  const [query, setQuery] = useState('')
  const [current, setCurrent] = useState(0)

  const haystacks = useMemo(() => messages.map(searchableText), [messages])
  const needle = query.trim().toLowerCase()
  const matches = useMemo(() => {
    if (needle === '') return []
    const found: number[] = []
    haystacks.forEach((text, index) => {
      if (text.includes(needle)) found.push(index)
    })
    return found
  }, [haystacks, needle])
  const currentRow = matches.length > 0 ? matches[Math.min(current, matches.length - 1)] : undefined
  const highlight = useMemo(() => highlighter(query), [query])

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

  const scrollToEnd = useCallback(() => {
    if (messages.length > 0) virtualizer.scrollToIndex(messages.length - 1, { align: 'end' })
    setUnseen(0)
  }, [messages.length, virtualizer])

  // A live conversation opens at its latest turn; a finished one at its first.
  useEffect(() => {
    if (live && messages.length > 0)
      virtualizer.scrollToIndex(messages.length - 1, { align: 'end' })
    // Only on mount: later turns follow the stick-to-bottom rule below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useLayoutEffect(() => {
    const added = messages.length - seenCount.current
    seenCount.current = messages.length
    if (added <= 0) return
    if (atBottom.current) virtualizer.scrollToIndex(messages.length - 1, { align: 'end' })
    else setUnseen((n) => n + added)
  }, [messages.length, virtualizer])

  const onScroll = (): void => {
    const el = scrollRef.current
    if (el === null) return
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= BOTTOM_SLACK_PX
    if (atBottom.current && unseen > 0) setUnseen(0)
  }

  const goTo = (next: number): void => {
    if (matches.length === 0) return
    const index = ((next % matches.length) + matches.length) % matches.length
    setCurrent(index)
    const row = matches[index]
    if (row !== undefined) virtualizer.scrollToIndex(row, { align: 'center' })
  }

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') {
      event.preventDefault()
      goTo(current + (event.shiftKey ? -1 : 1))
    } else if (event.key === 'Escape') {
      setQuery('')
    }
  }

  const toggle = useCallback(
    (id: string): void =>
      setExpanded((previous) => {
        const next = new Set(previous)
        if (next.has(id)) next.delete(id)
        else next.add(id)
        return next
      }),
    [],
  )

  const seekTo = useCallback(
    (message: ConversationMessage): void => {
      const offset = turnOffsetMs(conversation, message)
      if (onSeek !== null && offset !== null) onSeek(offset)
    },
    [conversation, onSeek],
  )

  const onRowClick = useCallback(
    (event: MouseEvent, message: ConversationMessage): void => {
      if (isInteractive(event.target)) return
      // Selecting text is not a request to seek.
      if ((window.getSelection()?.toString() ?? '') !== '') return
      seekTo(message)
    },
    [seekTo],
  )

  return (
    <section className="transcript" aria-labelledby="transcript-title">
      <div className="transcript__bar">
        <h2 id="transcript-title" className="section-title">
          Transcript{' '}
          <span className="transcript__count">{messages.length.toLocaleString()} turns</span>
        </h2>
        <div className="transcript__search" role="search">
          <input
            className="input"
            type="search"
            aria-label="Search the transcript"
            placeholder="Search the transcript"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value)
              setCurrent(0)
            }}
            onKeyDown={onSearchKey}
          />
          <button
            type="button"
            className="button button--small"
            onClick={() => goTo(current - 1)}
            disabled={matches.length === 0}
            aria-label="Previous match"
          >
            ↑
          </button>
          <button
            type="button"
            className="button button--small"
            onClick={() => goTo(current + 1)}
            disabled={matches.length === 0}
            aria-label="Next match"
          >
            ↓
          </button>
          <span className="transcript__matches" aria-live="polite" data-testid="search-count">
            {needle === ''
              ? ''
              : matches.length === 0
                ? 'No match'
                : `${Math.min(current, matches.length - 1) + 1} of ${matches.length}`}
          </span>
        </div>
      </div>
      <div
        ref={scrollRef}
        className="transcript__scroll"
        onScroll={onScroll}
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
                  current={item.index === currentRow}
                  seekable={onSeek !== null}
                  expanded={expanded.has(message.id)}
                  onToggle={toggle}
                  onSeek={seekTo}
                  onRowClick={onRowClick}
                  highlight={highlight}
                />
              </div>
            )
          })}
        </div>
      </div>
      {unseen > 0 && (
        <button
          type="button"
          className="button button--small transcript__jump"
          onClick={scrollToEnd}
        >
          {unseen === 1 ? '1 new turn' : `${unseen} new turns`} ↓
        </button>
      )}
    </section>
  )
}
