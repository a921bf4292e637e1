import type { ReactElement, RefObject } from 'react'
import { VOICE_GENDERS } from '../../../../../shared/domain/voice'
import type { SortOrder } from '../hooks/voice-search'
import { useVoicesUiStore } from '../stores/voices-ui-store'
import { genderLabel, localeLabel } from './voice-labels'

const SORTS: { value: SortOrder; label: string }[] = [
  { value: 'name', label: 'Name (A-Z)' },
  { value: 'name-desc', label: 'Name (Z-A)' },
  { value: 'recent', label: 'Recently used' },
  { value: 'locale', label: 'Locale' },
]

/** Search, filters and sort of the voice list. `/` focuses the search box. */
export function VoiceToolbar({
  searchRef,
  locales,
  models,
  shown,
  total,
}: {
  searchRef: RefObject<HTMLInputElement | null>
  locales: readonly string[]
  models: readonly string[]
  shown: number
  total: number
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
          placeholder="Search by name, id or tag  ( / )"
          autoComplete="off"
          spellCheck={false}
          value={criteria.query}
          onChange={(event) => setCriteria({ query: event.target.value })}
          data-testid="voice-search"
        />
        <span className="voice-toolbar__count" role="status" data-testid="voice-count">
          {shown === total
            ? `${total.toLocaleString()} voices`
            : `${shown.toLocaleString()} of ${total.toLocaleString()} voices`}
        </span>
      </div>
      <div className="voice-toolbar__filters">
        <label className="voice-filter">
          <span>Language</span>
          <select
            className="input"
            value={criteria.locale}
            onChange={(event) => setCriteria({ locale: event.target.value })}
          >
            <option value="">Any language</option>
            {locales.map((locale) => (
              <option key={locale} value={locale}>
                {localeLabel(locale)}
              </option>
            ))}
          </select>
        </label>
        <label className="voice-filter">
          <span>Gender</span>
          <select
            className="input"
            value={criteria.gender}
            onChange={(event) =>
              setCriteria({ gender: event.target.value as (typeof VOICE_GENDERS)[number] | '' })
            }
          >
            <option value="">Any gender</option>
            {VOICE_GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {genderLabel(gender)}
              </option>
            ))}
          </select>
        </label>
        <label className="voice-filter">
          <span>Model</span>
          <select
            className="input"
            value={criteria.model}
            onChange={(event) => setCriteria({ model: event.target.value })}
          >
            <option value="">Any model</option>
            {models.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </select>
        </label>
        <label className="voice-filter">
          <span>Type</span>
          <select
            className="input"
            value={criteria.type}
            onChange={(event) =>
              setCriteria({ type: event.target.value as 'shared' | 'personal' | '' })
            }
          >
            <option value="">Catalog and personal</option>
            <option value="shared">Catalog</option>
            <option value="personal">Personal</option>
          </select>
        </label>
        <label className="voice-filter">
          <span>Sort</span>
          <select
            className="input"
            value={sort}
            onChange={(event) => setSort(event.target.value as SortOrder)}
          >
            {SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
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
      </div>
    </div>
  )
}
