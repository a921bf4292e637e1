import { useState } from 'react'
import type { FormEvent, ReactElement } from 'react'

/**
 * The id in what was pasted: a bare id, or a link whose path names it
 * (`…/conversations/conv_…`, or any segment that starts with `conv_`).
 */
export function conversationIdFrom(input: string): string | null {
  const text = input.trim()
  if (text === '') return null
  if (/^[A-Za-z0-9_-]+$/.test(text)) return text
  let segments: string[]
  try {
    segments = new URL(text).pathname.split('/').filter(Boolean).map(decodeURIComponent)
  } catch {
    segments = text.split(/[/?#\s]+/).filter(Boolean)
  }
  const after = segments.findIndex((s) => s === 'conversations')
  const candidate =
    segments.find((s) => s.startsWith('conv_')) ?? (after >= 0 ? segments[after + 1] : undefined)
  return candidate !== undefined && /^[A-Za-z0-9_-]+$/.test(candidate) ? candidate : null
}

/** Opens a conversation by id or link (the service has no list of conversations). */
export function OpenConversationForm(props: { onOpen: (id: string) => void }): ReactElement {
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const submit = (event: FormEvent): void => {
    event.preventDefault()
    const id = conversationIdFrom(value)
    if (id === null) {
      setError(
        value.trim() === ''
          ? 'Paste a conversation id (conv_…) or a link to one.'
          : 'That is not a conversation id or a link to one. Ids look like conv_01jq…',
      )
      return
    }
    setError(null)
    setValue('')
    props.onOpen(id)
  }
  return (
    <form className="inline-form open-form" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field__label" htmlFor="conversation-id">
          Conversation id or link
        </label>
        <input
          id="conversation-id"
          className="input input--mono"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder="conv_…"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? 'conversation-id-error' : undefined}
        />
        {error !== null && (
          <p id="conversation-id-error" className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary inline-form__action">
        Open
      </button>
    </form>
  )
}
