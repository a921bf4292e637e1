import { useEffect, useMemo } from 'react'
import type { RefObject } from 'react'
import type { Voice } from '../../../../../shared/domain/voice'
import { useFirstVoices, useVoiceLibrary, useVoiceList } from '../api/voices-queries'
import { useVoicesUiStore } from '../stores/voices-ui-store'
import type { ScriptLink } from './script-link'
import type { VoicesAccess } from './voices-access'
import type { VoiceCriteria } from './voice-search'
import { buildVoiceIndex, facetsOf, filterVoices, sortVoices } from './voice-search'

const EMPTY: readonly string[] = []

function isUnfiltered(criteria: VoiceCriteria): boolean {
  return (
    criteria.query.trim() === '' &&
    criteria.locale === '' &&
    criteria.gender === '' &&
    criteria.model === '' &&
    criteria.type === '' &&
    !criteria.favoritesOnly
  )
}

function voiceById(voices: readonly Voice[] | undefined, id: string | null): Voice | null {
  return voices?.find((v) => v.id === id) ?? null
}

/**
 * The voices the workspace shows: the whole list once it is in the page (the first rows before,
 * when those are what the list would show), sorted and filtered by the toolbar's criteria, with
 * the favourites, the voices the open script uses (`script`: null when none is open), and the
 * selected and to-be-deleted voices.
 */
export function useVoiceCatalog(access: VoicesAccess, script: ScriptLink | null) {
  const criteria = useVoicesUiStore((s) => s.criteria)
  const sort = useVoicesUiStore((s) => s.sort)
  const selectedId = useVoicesUiStore((s) => s.selectedId)
  const deletingId = useVoicesUiStore((s) => s.deletingId)
  // The first rows come first (a small call, asked before the whole list) when they are what the
  // list would show: no search or filter, sorted by name.
  const nameOrder = sort === 'name' || sort === 'name-desc' ? sort : null
  const unfiltered = isUnfiltered(criteria)
  const first = useFirstVoices(
    access.state === 'ready' && nameOrder !== null && unfiltered,
    nameOrder ?? 'name',
  )
  // Without a key there is nothing to ask the service: no call, no error, an onboarding panel.
  // The whole list is asked for once the first rows have arrived (or were not asked for): asked
  // together, thousands of voices crossing from main (and read into the page) came before the
  // few first rows as often as not, and the list stayed blank until they had (issue 14).
  const firstInFlight = first.fetchStatus === 'fetching' && first.data === undefined
  const list = useVoiceList(access.state === 'ready' && !firstInFlight)
  const library = useVoiceLibrary()

  const partial =
    list.data === undefined && first.data !== undefined && nameOrder !== null && unfiltered
      ? first.data
      : null
  const voices = list.data ?? partial?.voices
  const index = useMemo(() => buildVoiceIndex(voices ?? []), [voices])
  const facets = useMemo(() => facetsOf(index), [index])
  const favorites = useMemo(() => new Set(library.data?.favorites ?? EMPTY), [library.data])
  const recent = library.data?.recent ?? EMPTY
  const scriptDefault = script?.defaultVoiceId ?? null
  const spoken = script?.spokenVoiceIds
  const inScript = useMemo(() => {
    const ids = new Set<string>(spoken ?? EMPTY)
    if (scriptDefault !== null) ids.add(scriptDefault)
    return ids
  }, [spoken, scriptDefault])
  // Sorted once per load, order or use; each keystroke only filters (which keeps the order).
  const sorted = useMemo(() => sortVoices(index, sort, recent), [index, sort, recent])
  const filtered = useMemo(
    () => filterVoices(sorted, criteria, favorites),
    [sorted, criteria, favorites],
  )
  const selected = useMemo(() => voiceById(voices, selectedId), [voices, selectedId])
  const deleting = useMemo(() => voiceById(voices, deletingId), [voices, deletingId])

  return {
    list,
    library,
    partial,
    index,
    facets,
    favorites,
    inScript,
    filtered,
    selected,
    deleting,
  }
}

/** "/" focuses the search box from anywhere in the workspace except a text field or a dialog. */
export function useSearchShortcut(searchRef: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return
      const target = event.target as HTMLElement | null
      const typing =
        target !== null &&
        (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
      if (typing || document.querySelector('dialog[open]') !== null) return
      event.preventDefault()
      searchRef.current?.focus()
      searchRef.current?.select()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [searchRef])
}

/** What {@link useVoiceCatalog} gives the workspace. */
export type VoiceCatalog = ReturnType<typeof useVoiceCatalog>
