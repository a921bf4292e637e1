import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useEffect, useRef } from 'react'
import type { KeyboardEvent, ReactElement } from 'react'
import type { Voice } from '../../../../../shared/domain/voice'
import type { IndexedVoice } from '../hooks/voice-search'
import { VoiceAvatar } from './voice-avatar'
import { genderLabel, localeName, tagSummary } from './voice-labels'

const ROW_HEIGHT = 56

/** The id of a voice's row, for aria-activedescendant. */
export function optionId(voiceId: string): string {
  return `voice-option-${voiceId.replace(/[^A-Za-z0-9_-]/g, '_')}`
}

const VoiceRow = memo(function VoiceRow(props: {
  voice: Voice
  selected: boolean
  favorite: boolean
  inScript: boolean
  onSelect: (voiceId: string) => void
  onPreview: (voice: Voice) => void
  onToggleFavorite: (voiceId: string, favorite: boolean) => void
}): ReactElement {
  const { voice, selected, favorite, inScript } = props
  return (
    <div
      id={optionId(voice.id)}
      role="option"
      aria-selected={selected}
      className={`voice-row${selected ? ' voice-row--selected' : ''}`}
      data-testid="voice-row"
      data-voice-id={voice.id}
      onClick={() => props.onSelect(voice.id)}
      onDoubleClick={() => props.onPreview(voice)}
    >
      <VoiceAvatar voice={voice} />
      <div className="voice-row__main">
        <span className="voice-row__name">{voice.displayName}</span>
        <span className="voice-row__meta">{tagSummary(voice.tags)}</span>
      </div>
      <div className="voice-row__facts">
        {inScript && (
          <span className="chip chip--accent" title="Used by the open script">
            In script
          </span>
        )}
        {voice.type === 'personal' && <span className="chip chip--success">Personal</span>}
        <span className="chip voice-row__locale" title={voice.locale ?? undefined}>
          {voice.locale === null ? 'Language not set' : localeName(voice.locale)}
        </span>
        <span className="voice-row__gender">{genderLabel(voice.gender)}</span>
      </div>
      {/* A mouse shortcut only: an option holds no control of its own (Space toggles the
          favourite from the keyboard, and the details panel has the same button). */}
      <span
        className={`voice-star${favorite ? ' voice-star--on' : ''}`}
        aria-hidden="true"
        title={
          favorite
            ? `Remove ${voice.displayName} from favourites (Space)`
            : `Add ${voice.displayName} to favourites (Space)`
        }
        data-testid="voice-star"
        onClick={(event) => {
          event.stopPropagation()
          props.onToggleFavorite(voice.id, !favorite)
        }}
      >
        {favorite ? '★' : '☆'}
      </span>
      {favorite && <span className="visually-hidden">, favourite</span>}
    </div>
  )
})

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

  const move = (index: number): void => {
    const entry = entries[Math.max(0, Math.min(entries.length - 1, index))]
    if (entry !== undefined) props.onSelect(entry.voice.id)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1)
    const current = entries[selectedIndex]?.voice
    switch (event.key) {
      case 'ArrowDown':
        move(selectedIndex + 1)
        break
      case 'ArrowUp':
        move(selectedIndex < 0 ? 0 : selectedIndex - 1)
        break
      case 'PageDown':
        move(selectedIndex + page)
        break
      case 'PageUp':
        move(selectedIndex - page)
        break
      case 'Home':
        move(0)
        break
      case 'End':
        move(entries.length - 1)
        break
      case 'Enter':
        if (current !== undefined) props.onPreview(current)
        break
      case ' ':
        if (current !== undefined)
          props.onToggleFavorite(current.id, !props.favorites.has(current.id))
        break
      case 'Delete':
        if (current?.type === 'personal') props.onDelete(current)
        break
      default:
        return
    }
    event.preventDefault()
  }

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
        if (selectedIndex < 0) move(0)
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
