import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef } from 'react'
import type { ReactElement } from 'react'
import type { Voice } from '../../../../../shared/domain/voice'
import type { IndexedVoice } from '../hooks/voice-search'
import { voiceListKeyHandler } from '../hooks/voice-list-keys'
import { optionId, VoiceRow } from './voice-row'

const ROW_HEIGHT = 56

/**
 * The voice list as a virtualized listbox (only the visible rows exist, so 5,000 voices scroll
 * smoothly). Arrow keys move, Enter previews, Space toggles the favourite, Delete asks to delete
 * a personal voice.
 */
export function VoiceList(props: {
  entries: readonly IndexedVoice[]
  selectedId: string | null
  favorites: ReadonlySet<string>
  inScript: ReadonlySet<string>
  onSelect: (voiceId: string) => void
  onPreview: (voice: Voice) => void
  onToggleFavorite: (voiceId: string, favorite: boolean) => void
  onDelete: (voice: Voice) => void
}): ReactElement {
  const { entries, selectedId } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  // Why the compiler may skip this component: the virtualizer's functions change every render;
  // the rows themselves are memoized (VoiceRow), which is what keeps scrolling cheap.
  // eslint-disable-next-line react-hooks/incompatible-library -- the app is not built with the React Compiler; the virtualizer is read during render only, never memoised
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  })
  const selectedIndex =
    selectedId === null ? -1 : entries.findIndex((e) => e.voice.id === selectedId)

  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' })
  }, [selectedIndex, virtualizer])

  const onKeyDown = voiceListKeyHandler({
    ...props,
    selectedIndex,
    // Read at the key press, not while rendering (a layout read).
    pageRows: () =>
      Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1),
  })

  return (
    <div
      ref={scrollRef}
      className="voice-list"
      role="listbox"
      tabIndex={0}
      aria-label="Voices"
      aria-activedescendant={
        selectedIndex >= 0 ? optionId(entries[selectedIndex]!.voice.id) : undefined
      }
      onKeyDown={onKeyDown}
      onFocus={() => {
        const first = entries[0]
        if (selectedIndex < 0 && first !== undefined) props.onSelect(first.voice.id)
      }}
      data-testid="voice-list"
    >
      {entries.length === 0 ? (
        <p className="voice-list__empty" data-testid="voice-list-empty">
          No voice matches. Change the search or clear the filters.
        </p>
      ) : (
        <div className="voice-list__canvas" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const voice = entries[item.index]!.voice
            return (
              <div
                key={voice.id}
                className="voice-list__slot"
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              >
                <VoiceRow
                  voice={voice}
                  selected={voice.id === selectedId}
                  favorite={props.favorites.has(voice.id)}
                  inScript={props.inScript.has(voice.id)}
                  onSelect={props.onSelect}
                  onPreview={props.onPreview}
                  onToggleFavorite={props.onToggleFavorite}
                />
              </div>
            )
          })}
        </div>
      )}
    </div>
  )
}
