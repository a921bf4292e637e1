import type { KeyboardEvent } from 'react'
import { describe, expect, it } from 'vitest'
import type { Conversation } from '../../../../../shared/domain/conversation'
import { inboxKeyHandler } from './inbox-keys'

const rows = Array.from({ length: 25 }, (_, i) => ({ id: `conv_${i}` }) as Conversation)

/** Presses `key` with the inbox's handler; what it focused, opened, and whether it took the key. */
function press(
  key: string,
  focusedId: string | null,
  modifiers: { ctrlKey?: boolean; altKey?: boolean } = {},
): { focused: (string | null)[]; opened: string[]; taken: boolean } {
  const focused: (string | null)[] = []
  const opened: string[] = []
  let taken = false
  const event = {
    key,
    altKey: modifiers.altKey ?? false,
    ctrlKey: modifiers.ctrlKey ?? false,
    metaKey: false,
    preventDefault: () => (taken = true),
  } as unknown as KeyboardEvent<HTMLElement>
  inboxKeyHandler({
    rows,
    focusedId,
    onFocus: (id) => focused.push(id),
    onOpen: (id) => opened.push(id),
  })(event)
  return { focused, opened, taken }
}

describe('inboxKeyHandler', () => {
  it.each([
    { key: 'j', from: 'conv_3', to: 'conv_4' },
    { key: 'ArrowDown', from: 'conv_3', to: 'conv_4' },
    { key: 'k', from: 'conv_3', to: 'conv_2' },
    { key: 'ArrowUp', from: 'conv_0', to: 'conv_0' },
    { key: 'PageDown', from: 'conv_3', to: 'conv_13' },
    { key: 'PageDown', from: 'conv_20', to: 'conv_24' },
    { key: 'PageUp', from: 'conv_13', to: 'conv_3' },
    { key: 'j', from: null, to: 'conv_0' },
    { key: 'Home', from: 'conv_13', to: 'conv_0' },
    { key: 'End', from: 'conv_13', to: 'conv_24' },
  ])('$key from $from focuses $to', ({ key, from, to }) => {
    expect(press(key, from)).toEqual({ focused: [to], opened: [], taken: true })
  })

  it('Enter opens the focused row, and nothing without one', () => {
    expect(press('Enter', 'conv_7')).toEqual({ focused: [], opened: ['conv_7'], taken: true })
    expect(press('Enter', null)).toEqual({ focused: [], opened: [], taken: false })
  })

  it.each(['Tab', 'a', 'constructor', 'toString'])('leaves %s to the page', (key) => {
    expect(press(key, 'conv_3')).toEqual({ focused: [], opened: [], taken: false })
  })

  it('leaves keys with a modifier to the page (Ctrl+J, Alt+ArrowDown)', () => {
    expect(press('j', 'conv_3', { ctrlKey: true }).taken).toBe(false)
    expect(press('ArrowDown', 'conv_3', { altKey: true }).taken).toBe(false)
  })
})
