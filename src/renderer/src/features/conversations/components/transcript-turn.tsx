import { memo, useCallback, useState } from 'react'
import type { MouseEvent, ReactElement } from 'react'
import type { Conversation, ConversationMessage } from '../../../../../shared/domain/conversation'
import {
  formatOffset,
  isKnownRole,
  roleName,
  turnOffsetMs,
} from '../../../../../shared/domain/conversation-format'
import { ToolCallCard } from './tool-call-card'

/**
 * One turn. Memoised: while scrolling, only rows that come into view render, not every row on
 * screen at every frame.
 */
export const TurnRow = memo(function TurnRow(props: {
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

function isInteractive(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('button, a, input, pre, summary') !== null
}

/** Seeking the recording to a turn: from its time button, or a click on the turn itself. */
export function useTurnSeek(
  conversation: Conversation,
  onSeek: ((offsetMs: number) => void) | null,
) {
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
  return { seekTo, onRowClick }
}

/** Which tool-call cards are open, and the stable function that opens or closes one. */
export function useToggleSet(): [ReadonlySet<string>, (id: string) => void] {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set())
  const toggle = useCallback(
    (id: string): void =>
      setOpen((previous) => {
        const next = new Set(previous)
        if (next.has(id)) next.delete(id)
        else next.add(id)
        return next
      }),
    [],
  )
  return [open, toggle]
}
