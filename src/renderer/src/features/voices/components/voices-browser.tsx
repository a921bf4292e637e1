import { useLayoutEffect, useRef } from 'react'
import type { ReactElement, RefObject } from 'react'
import { VoicesIcon } from '../../../components/icons'
import { Disclosure } from '../../../components/ui/disclosure'
import type { Voice } from '../../../../../shared/domain/voice'
import type { useVoiceActions } from '../hooks/use-voice-actions'
import type { VoiceCatalog } from '../hooks/use-voice-catalog'
import { useVoicesUiStore } from '../stores/voices-ui-store'
import { VoiceDetails } from './voice-details'
import { VoiceList } from './voice-list'
import { VoiceToolbar } from './voice-toolbar'

/** The search and filters, the voice list, and the selected voice's details beside it. */
export function VoicesBrowser(props: {
  catalog: VoiceCatalog
  actions: ReturnType<typeof useVoiceActions>
  searchRef: RefObject<HTMLInputElement | null>
  onDelete: (voice: Voice) => void
}): ReactElement {
  const { catalog, actions, onDelete } = props
  const { list, partial, selected } = catalog
  const selectedId = useVoicesUiStore((s) => s.selectedId)
  const select = useVoicesUiStore((s) => s.select)
  const sideRef = useRef<HTMLDivElement>(null)
  const shownId = selected?.id ?? null
  // Each voice's panel opens at its top (name, play, Use in Script), never where the last one
  // was scrolled to (its identifiers at the bottom).
  useLayoutEffect(() => {
    if (sideRef.current !== null) sideRef.current.scrollTop = 0
  }, [shownId])
  return (
    <>
      <VoiceToolbar
        searchRef={props.searchRef}
        locales={catalog.facets.locales}
        models={catalog.facets.models}
        shown={catalog.filtered.length}
        total={catalog.index.length}
        loadingTotal={partial?.total ?? null}
      />
      <div className="voices-body">
        {list.isPending && partial === null ? (
          <div className="voice-list voice-list--loading" role="status">
            Loading voices…
          </div>
        ) : (
          <VoiceList
            entries={catalog.filtered}
            selectedId={selectedId}
            favorites={catalog.favorites}
            inScript={catalog.inScript}
            onSelect={select}
            onPreview={actions.preview}
            onToggleFavorite={actions.toggleFavorite}
            onDelete={onDelete}
          />
        )}
        <div ref={sideRef} className="voices-side">
          {selected !== null ? (
            <VoiceDetails
              key={selected.id}
              voice={selected}
              library={catalog.library.data}
              onPreview={actions.preview}
              onTry={actions.tryText}
              onStopTry={actions.stop}
              onToggleFavorite={actions.toggleFavorite}
              onDelete={onDelete}
            />
          ) : (
            <VoicesSideEmpty />
          )}
        </div>
      </div>
    </>
  )
}

/** The side panel before a voice is chosen: what a voice offers there, and the keys, folded. */
function VoicesSideEmpty(): ReactElement {
  return (
    <div className="stack voices-side__empty" data-testid="voices-side-empty">
      <VoicesIcon className="voices-side__empty-icon" aria-hidden="true" />
      <h2 className="voices-side__empty-title">Pick a voice to hear it</h2>
      <p>Press ▶ on any row to hear a voice at once. Select a row to see more here:</p>
      <ul className="voices-side__empty-list">
        <li>Try it with your own text</li>
        <li>Use it in the open script or voice-over, or start one with it</li>
        <li>Hear it in the other languages it speaks</li>
        <li>Mark it ☆ as a favourite, to find it quickly</li>
      </ul>
      <Disclosure summary="Keyboard" testId="voice-keys">
        <dl className="voice-keys">
          <dt>/</dt>
          <dd>Search</dd>
          <dt>↑ ↓</dt>
          <dd>Move through the list</dd>
          <dt>Enter</dt>
          <dd>Play the selected voice</dd>
          <dt>Space</dt>
          <dd>Add to or remove from favourites</dd>
          <dt>Delete</dt>
          <dd>Delete a personal voice</dd>
        </dl>
      </Disclosure>
    </div>
  )
}
