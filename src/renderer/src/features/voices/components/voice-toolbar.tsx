import type { ReactElement, RefObject } from 'react'
import { VOICE_GENDERS } from '../../../../../shared/domain/voice'
import type { VoiceGender } from '../../../../../shared/domain/voice'
import { LabelledSelect, withAnyOption } from '../../../components/labelled-select'
import type { SortOrder } from '../hooks/voice-search'
import { useVoicesUiStore } from '../stores/voices-ui-store'
import { genderLabel } from '../../../lib/voice-labels'
import { localeName, modelName } from '../../../../../shared/domain/voice-names'

const SORTS: { value: SortOrder; label: string }[] = [
  { value: 'name', label: 'Name (A-Z)' },
  { value: 'name-desc', label: 'Name (Z-A)' },
  { value: 'recent', label: 'Recently used' },
  { value: 'locale', label: 'Language' },
]

const TYPES: { value: 'shared' | 'personal' | ''; label: string }[] = [
  { value: '', label: 'All voices' },
  { value: 'shared', label: 'Catalog' },
  { value: 'personal', label: 'Personal' },
]

/** The filters whose choices are the values the loaded voices have, each named in words. */
const NAMED_FILTERS: {
  key: 'locale' | 'gender' | 'model'
  label: string
  anyLabel: string
  nameOf: (value: string) => string
}[] = [
  { key: 'locale', label: 'Language', anyLabel: 'Any language', nameOf: localeName },
  // Its choices are VOICE_GENDERS (see `valuesOf`), so every value is a gender.
  {
    key: 'gender',
    label: 'Gender',
    anyLabel: 'Any gender',
    nameOf: (value) => genderLabel(value as VoiceGender),
  },
  { key: 'model', label: 'Model', anyLabel: 'All models', nameOf: modelName },
]

/** How many voices the list shows, in words: while loading, how many are coming. */
function voiceCountText(shown: number, total: number, loadingTotal: number | null): string {
  if (loadingTotal !== null) return `Loading ${loadingTotal.toLocaleString()} voices…`
  if (shown === total) return `${total.toLocaleString()} voices`
  return `${shown.toLocaleString()} of ${total.toLocaleString()} voices`
}

/**
 * The filters of the voice list, one compact row: each select says what it filters by its first
 * choice ("Any language"), its label is for screen readers. Disabled while not every voice is in.
 */
function VoiceFilters(props: {
  locales: readonly string[]
  models: readonly string[]
  disabled: boolean
}): ReactElement {
  const criteria = useVoicesUiStore((s) => s.criteria)
  const setCriteria = useVoicesUiStore((s) => s.setCriteria)
  const clearFilters = useVoicesUiStore((s) => s.clearFilters)
  const valuesOf = { locale: props.locales, gender: VOICE_GENDERS, model: props.models }
  const filtered =
    criteria.locale !== '' ||
    criteria.gender !== '' ||
    criteria.model !== '' ||
    criteria.type !== '' ||
    criteria.favoritesOnly
  return (
    <fieldset className="voice-toolbar__filters" disabled={props.disabled}>
      <legend className="visually-hidden">Filters</legend>
      {NAMED_FILTERS.map((filter) => (
        <LabelledSelect
          key={filter.key}
          className={`voice-filter voice-filter--${filter.key}`}
          label={filter.label}
          hideLabel
          value={criteria[filter.key]}
          options={withAnyOption(filter.anyLabel, valuesOf[filter.key], (value) => ({
            value,
            label: filter.nameOf(value),
          }))}
          onChange={(value) => setCriteria({ [filter.key]: value })}
        />
      ))}
      <LabelledSelect
        className="voice-filter"
        label="Type"
        hideLabel
        value={criteria.type}
        options={TYPES}
        onChange={(type) => setCriteria({ type })}
      />
      {/* A star and the word at every size: a star alone is a riddle. The filters give up width
          elsewhere (voices.css) so the row still fits at 1024. */}
      <label className="voice-filter voice-filter--favourites" title="Show favourites only">
        <input
          type="checkbox"
          aria-label="Favourites only"
          checked={criteria.favoritesOnly}
          onChange={(event) => setCriteria({ favoritesOnly: event.target.checked })}
        />
        <span aria-hidden="true">{criteria.favoritesOnly ? '★' : '☆'}</span>
        <span className="voice-filter__words" aria-hidden="true" data-testid="favourites-words">
          Favourites
        </span>
      </label>
      {filtered && (
        <button type="button" className="button button--small" onClick={clearFilters}>
          Clear filters
        </button>
      )}
    </fieldset>
  )
}

/** The list's order (by name, recently used, language): it filters nothing, so it is not a filter. */
function VoiceSort(props: { disabled: boolean }): ReactElement {
  const sort = useVoicesUiStore((s) => s.sort)
  const setSort = useVoicesUiStore((s) => s.setSort)
  return (
    <fieldset className="voice-sort-box" disabled={props.disabled}>
      <legend className="visually-hidden">Order</legend>
      <LabelledSelect
        className="voice-filter voice-sort"
        label="Sort"
        value={sort}
        options={SORTS}
        onChange={setSort}
      />
    </fieldset>
  )
}

/** Search, filters and sort of the voice list. `/` focuses the search box. */
export function VoiceToolbar({
  searchRef,
  locales,
  models,
  shown,
  total,
  loadingTotal,
}: {
  searchRef: RefObject<HTMLInputElement | null>
  locales: readonly string[]
  models: readonly string[]
  shown: number
  total: number
  /** While only the first rows are in: how many voices are coming (filters wait for them all). */
  loadingTotal: number | null
}): ReactElement {
  const query = useVoicesUiStore((s) => s.criteria.query)
  const setCriteria = useVoicesUiStore((s) => s.setCriteria)

  return (
    <div className="stack voice-toolbar" role="search" aria-label="Find voices">
      <div className="row voice-toolbar__search">
        <label className="visually-hidden" htmlFor="voice-search">
          Search voices
        </label>
        <input
          ref={searchRef}
          id="voice-search"
          className="input"
          type="search"
          placeholder="Search voices (press /)"
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => setCriteria({ query: event.target.value })}
          data-testid="voice-search"
        />
        <span className="voice-toolbar__count" role="status" data-testid="voice-count">
          {voiceCountText(shown, total, loadingTotal)}
        </span>
        <VoiceSort disabled={loadingTotal !== null} />
      </div>
      <VoiceFilters locales={locales} models={models} disabled={loadingTotal !== null} />
    </div>
  )
}
