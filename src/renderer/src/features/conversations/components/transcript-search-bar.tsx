import type { ReactElement } from 'react'
import type { TranscriptSearch } from '../hooks/use-transcript-search'
import { SearchInput } from '../../../components/ui/search-input'

/** The transcript's search box, previous/next match buttons and the "2 of 5" count. */
export function TranscriptSearchBar(props: { search: TranscriptSearch }): ReactElement {
  const { search } = props
  return (
    <div className="transcript__search" role="search">
      <SearchInput
        label="Search the transcript"
        placeholder="Search the transcript"
        value={search.query}
        onChange={search.search}
        onKeyDown={search.onSearchKey}
      />
      {(
        [
          ['Previous match', '↑', search.previous],
          ['Next match', '↓', search.next],
        ] as const
      ).map(([label, arrow, step]) => (
        <button
          key={label}
          type="button"
          className="button button--small"
          onClick={step}
          disabled={!search.hasMatches}
          aria-label={label}
        >
          {arrow}
        </button>
      ))}
      <span className="transcript__matches" aria-live="polite" data-testid="search-count">
        {search.countText}
      </span>
    </div>
  )
}
