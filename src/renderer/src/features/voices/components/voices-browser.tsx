import type { ReactElement, RefObject } from 'react'
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
        <div className="voices-side">
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
            <p className="voices-side__empty">
              Select a voice to see its languages and tags, preview it or try it with your own text.
              Keys: / search, ↑ ↓ move, Enter preview, Space favourite, Delete removes a personal
              voice.
            </p>
          )}
        </div>
      </div>
    </>
  )
}
