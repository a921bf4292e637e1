import { useMemo, useState } from 'react'
import type { KeyboardEvent, ReactElement } from 'react'
import type { ConversationMessage } from '../../../../../shared/domain/conversation'

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

/**
 * Search in a transcript: the turns that contain the query (text, tool name, arguments and
 * result), the current match, and a highlighter for the query. `reveal` scrolls a turn into view
 * when next/previous moves to it (Enter / Shift+Enter in the box; Escape clears it).
 */
export function useTranscriptSearch(
  messages: readonly ConversationMessage[],
  reveal: (row: number) => void,
) {
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

  const goTo = (next: number): void => {
    if (matches.length === 0) return
    const index = ((next % matches.length) + matches.length) % matches.length
    setCurrent(index)
    const row = matches[index]
    if (row !== undefined) reveal(row)
  }

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') {
      event.preventDefault()
      goTo(current + (event.shiftKey ? -1 : 1))
    } else if (event.key === 'Escape') {
      setQuery('')
    }
  }

  const search = (text: string): void => {
    setQuery(text)
    setCurrent(0)
  }

  const countText =
    needle === ''
      ? ''
      : matches.length === 0
        ? 'No match'
        : `${Math.min(current, matches.length - 1) + 1} of ${matches.length}`

  return {
    query,
    search,
    currentRow,
    highlight,
    hasMatches: matches.length > 0,
    countText,
    previous: () => goTo(current - 1),
    next: () => goTo(current + 1),
    onSearchKey,
  }
}

/** What {@link useTranscriptSearch} gives the transcript. */
export type TranscriptSearch = ReturnType<typeof useTranscriptSearch>
