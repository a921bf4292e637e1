import { useLayoutEffect, useRef } from 'react'
import type { ReactElement, RefObject } from 'react'
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
            <div className="stack voices-side__empty">
              <p>Select a voice to see it here, or press ▶ on a row to hear it.</p>
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
          )}
        </div>
      </div>
    </>
  )
}
