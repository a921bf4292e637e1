import { useVirtualizer } from '@tanstack/react-virtual'
import type { VirtualItem } from '@tanstack/react-virtual'
import { useEffect, useRef } from 'react'
import type { ReactElement } from 'react'
import type { Voice } from '../../../../../shared/domain/voice'
import type { IndexedVoice } from '../hooks/voice-search'
import { voiceListKeyHandler } from '../hooks/voice-list-keys'
import { VoicePlayButton } from '../../../components/voice-play-button'
import { optionId, VoiceRow } from './voice-row'

const ROW_HEIGHT = 56

/**
 * The voice list as a virtualized listbox (only the visible rows exist, so 5,000 voices scroll
 * smoothly), each row with its play button. Arrow keys move, Enter previews, Space toggles the favourite, Delete asks to delete
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
    // The scroll box holds the listbox and, beside it, each row's play button. Why not inside the
    // rows: an option cannot hold a control (its children are presentational), so the buttons sit
    // in a gutter of their own, outside the listbox, on the same virtual rows.
    <div ref={scrollRef} className="voice-list">
      <div
        className="voice-list__canvas"
        style={entries.length === 0 ? undefined : { height: virtualizer.getTotalSize() }}
      >
        <div
          className="voice-list__box"
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
            <OptionRows rows={virtualizer.getVirtualItems()} {...props} />
          )}
        </div>
        <PlayGutter
          rows={virtualizer.getVirtualItems()}
          entries={entries}
          selectedId={selectedId}
          onPreview={props.onPreview}
        />
      </div>
    </div>
  )
}

/**
 * The rows' play buttons, in a gutter beside the listbox. One Tab stop: the selected row's button
 * (the list's own Enter previews too).
 */
function PlayGutter(props: {
  rows: readonly VirtualItem[]
  entries: readonly IndexedVoice[]
  selectedId: string | null
  onPreview: (voice: Voice) => void
}): ReactElement {
  return (
    <>
      {props.rows.map((item) => {
        const voice = props.entries[item.index]?.voice
        if (voice === undefined) return null
        const selected = voice.id === props.selectedId
        return (
          <div
            key={voice.id}
            className={`voice-list__play${selected ? ' voice-list__play--selected' : ''}`}
            style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
          >
            <VoicePlayButton voice={voice} onPlay={props.onPreview} tabIndex={selected ? 0 : -1} />
          </div>
        )
      })}
    </>
  )
}

/** The visible rows of the listbox, each at its place on the virtual canvas. */
function OptionRows(props: {
  rows: readonly VirtualItem[]
  entries: readonly IndexedVoice[]
  selectedId: string | null
  favorites: ReadonlySet<string>
  inScript: ReadonlySet<string>
  onSelect: (voiceId: string) => void
  onPreview: (voice: Voice) => void
  onToggleFavorite: (voiceId: string, favorite: boolean) => void
}): ReactElement {
  return (
    <>
      {props.rows.map((item) => {
        const voice = props.entries[item.index]!.voice
        return (
          <div
            key={voice.id}
            className="voice-list__slot"
            style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
          >
            <VoiceRow
              voice={voice}
              selected={voice.id === props.selectedId}
              favorite={props.favorites.has(voice.id)}
              inScript={props.inScript.has(voice.id)}
              onSelect={props.onSelect}
              onPreview={props.onPreview}
              onToggleFavorite={props.onToggleFavorite}
            />
          </div>
        )
      })}
    </>
  )
}
