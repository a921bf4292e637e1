import type { KeyboardEvent } from 'react'
import { describe, expect, it } from 'vitest'
import type { Voice } from '../../../../../shared/domain/voice'
import { buildVoiceIndex } from './voice-search'
import { voiceListKeyHandler } from './voice-list-keys'

const voices: Voice[] = Array.from({ length: 30 }, (_, i) => ({
  id: `v${i}`,
  type: i === 4 ? 'personal' : 'shared',
  displayName: `Voice ${i}`,
  gender: 'female',
  locale: 'en-US',
  avatarUrl: null,
  previewUrl: null,
  tags: [],
  models: [],
}))
const entries = buildVoiceIndex(voices)

/** Presses `key` on the list with voice `selectedIndex` selected; what the list was asked to do. */
function press(key: string, selectedIndex: number): { calls: string[]; taken: boolean } {
  const calls: string[] = []
  let taken = false
  const event = {
    key,
    preventDefault: () => (taken = true),
  } as unknown as KeyboardEvent<HTMLElement>
  voiceListKeyHandler({
    entries,
    selectedIndex,
    pageRows: () => 7,
    favorites: new Set(['v3']),
    onSelect: (id) => calls.push(`select ${id}`),
    onPreview: (voice) => calls.push(`preview ${voice.id}`),
    onToggleFavorite: (id, favorite) => calls.push(`favorite ${id} ${favorite}`),
    onDelete: (voice) => calls.push(`delete ${voice.id}`),
  })(event)
  return { calls, taken }
}

describe('voiceListKeyHandler', () => {
  it.each([
    { key: 'ArrowDown', at: 3, call: 'select v4' },
    { key: 'ArrowDown', at: 29, call: 'select v29' },
    { key: 'ArrowUp', at: -1, call: 'select v0' },
    { key: 'ArrowUp', at: 3, call: 'select v2' },
    { key: 'PageDown', at: 3, call: 'select v10' },
    { key: 'PageDown', at: 25, call: 'select v29' },
    { key: 'PageUp', at: 3, call: 'select v0' },
    { key: 'Home', at: 12, call: 'select v0' },
    { key: 'End', at: 12, call: 'select v29' },
    { key: 'Enter', at: 12, call: 'preview v12' },
    { key: ' ', at: 3, call: 'favorite v3 false' },
    { key: ' ', at: 5, call: 'favorite v5 true' },
    { key: 'Delete', at: 4, call: 'delete v4' },
  ])('"$key" on row $at: $call', ({ key, at, call }) => {
    expect(press(key, at)).toEqual({ calls: [call], taken: true })
  })

  it('Delete does nothing to a voice that is not personal, and nothing is selected for Enter', () => {
    expect(press('Delete', 5).calls).toEqual([])
    expect(press('Enter', -1).calls).toEqual([])
  })

  it('leaves other keys to the page', () => {
    expect(press('a', 3)).toEqual({ calls: [], taken: false })
    expect(press('Tab', 3)).toEqual({ calls: [], taken: false })
  })
})
