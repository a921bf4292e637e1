import { useId } from 'react'
import type { ReactElement, RefObject } from 'react'
import { VOICE_GENDERS } from '../../../../../shared/domain/voice'
import type { SortOrder } from '../hooks/voice-search'
import { useVoicesUiStore } from '../stores/voices-ui-store'
import { genderLabel, localeName, modelName } from './voice-labels'

const SORTS: { value: SortOrder; label: string }[] = [
  { value: 'name', label: 'Name (A-Z)' },
  { value: 'name-desc', label: 'Name (Z-A)' },
  { value: 'recent', label: 'Recently used' },
  { value: 'locale', label: 'Language' },
]

const TYPES: { value: 'shared' | 'personal' | ''; label: string }[] = [
  { value: '', label: 'Catalog and personal' },
  { value: 'shared', label: 'Catalog' },
  { value: 'personal', label: 'Personal' },
]

/** One labelled select of the toolbar; `value` is always one of `options`. */
function FilterSelect<V extends string>(props: {
  label: string
  value: V
  options: readonly { value: V; label: string }[]
  onChange: (value: V) => void
}): ReactElement {
  // Why aria-labelledby: a select inside its label takes its options' text into its name too.
  const labelId = useId()
  return (
    <label className="voice-filter">
      <span id={labelId}>{props.label}</span>
      <select
        className="input"
        aria-labelledby={labelId}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as V)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
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
  const criteria = useVoicesUiStore((s) => s.criteria)
  const sort = useVoicesUiStore((s) => s.sort)
  const setCriteria = useVoicesUiStore((s) => s.setCriteria)
  const clearFilters = useVoicesUiStore((s) => s.clearFilters)
  const setSort = useVoicesUiStore((s) => s.setSort)
  const filtered =
    criteria.locale !== '' ||
    criteria.gender !== '' ||
    criteria.model !== '' ||
    criteria.type !== '' ||
    criteria.favoritesOnly

  return (
    <div className="voice-toolbar" role="search" aria-label="Find voices">
      <div className="voice-toolbar__search">
        <label className="visually-hidden" htmlFor="voice-search">
          Search voices
        </label>
        <input
          ref={searchRef}
          id="voice-search"
          className="input"
          type="search"
          placeholder="Search by name or tag  ( / )"
          autoComplete="off"
          spellCheck={false}
          value={criteria.query}
          onChange={(event) => setCriteria({ query: event.target.value })}
          data-testid="voice-search"
        />
        <span className="voice-toolbar__count" role="status" data-testid="voice-count">
          {loadingTotal !== null
            ? `Loading ${loadingTotal.toLocaleString()} voices…`
            : shown === total
              ? `${total.toLocaleString()} voices`
              : `${shown.toLocaleString()} of ${total.toLocaleString()} voices`}
        </span>
      </div>
      <fieldset className="voice-toolbar__filters" disabled={loadingTotal !== null}>
        <legend className="visually-hidden">Filters</legend>
        <FilterSelect
          label="Language"
          value={criteria.locale}
          options={[
            { value: '', label: 'Any language' },
            ...locales.map((locale) => ({ value: locale, label: localeName(locale) })),
          ]}
          onChange={(locale) => setCriteria({ locale })}
        />
        <FilterSelect
          label="Gender"
          value={criteria.gender}
          options={[
            { value: '' as const, label: 'Any gender' },
            ...VOICE_GENDERS.map((gender) => ({ value: gender, label: genderLabel(gender) })),
          ]}
          onChange={(gender) => setCriteria({ gender })}
        />
        <FilterSelect
          label="Model"
          value={criteria.model}
          options={[
            { value: '', label: 'Any model' },
            ...models.map((model) => ({ value: model, label: modelName(model) })),
          ]}
          onChange={(model) => setCriteria({ model })}
        />
        <FilterSelect
          label="Type"
          value={criteria.type}
          options={TYPES}
          onChange={(type) => setCriteria({ type })}
        />
        <FilterSelect label="Sort" value={sort} options={SORTS} onChange={setSort} />
        <label className="voice-filter voice-filter--check">
          <input
            type="checkbox"
            checked={criteria.favoritesOnly}
            onChange={(event) => setCriteria({ favoritesOnly: event.target.checked })}
          />
          <span>Favourites only</span>
        </label>
        {filtered && (
          <button type="button" className="button button--small" onClick={clearFilters}>
            Clear filters
          </button>
        )}
      </fieldset>
    </div>
  )
}
