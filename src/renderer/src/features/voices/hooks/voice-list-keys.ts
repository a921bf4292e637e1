import type { KeyboardEvent } from 'react'
import type { Voice } from '../../../../../shared/domain/voice'
import type { IndexedVoice } from './voice-search'

/**
 * The voice list's keys: the arrows move the selection a row, Page Up/Down a pane (`pageRows`, read at the key press),
 * Home and End to the ends; Enter previews the selected voice, Space toggles its favourite,
 * Delete asks to delete it when it is a personal voice. Other keys are left to the page.
 */
export function voiceListKeyHandler(options: {
  entries: readonly IndexedVoice[]
  selectedIndex: number
  pageRows: () => number
  favorites: ReadonlySet<string>
  onSelect: (voiceId: string) => void
  onPreview: (voice: Voice) => void
  onToggleFavorite: (voiceId: string, favorite: boolean) => void
  onDelete: (voice: Voice) => void
}): (event: KeyboardEvent<HTMLElement>) => void {
  const { entries, selectedIndex } = options
  const move = (index: number): void => {
    const entry = entries[Math.max(0, Math.min(entries.length - 1, index))]
    if (entry !== undefined) options.onSelect(entry.voice.id)
  }
  return (event) => {
    const current = entries[selectedIndex]?.voice
    switch (event.key) {
      case 'ArrowDown':
        move(selectedIndex + 1)
        break
      case 'ArrowUp':
        move(selectedIndex < 0 ? 0 : selectedIndex - 1)
        break
      case 'PageDown':
        move(selectedIndex + options.pageRows())
        break
      case 'PageUp':
        move(selectedIndex - options.pageRows())
        break
      case 'Home':
        move(0)
        break
      case 'End':
        move(entries.length - 1)
        break
      case 'Enter':
        if (current !== undefined) options.onPreview(current)
        break
      case ' ':
        if (current !== undefined)
          options.onToggleFavorite(current.id, !options.favorites.has(current.id))
        break
      case 'Delete':
        if (current?.type === 'personal') options.onDelete(current)
        break
      default:
        return
    }
    event.preventDefault()
  }
}
