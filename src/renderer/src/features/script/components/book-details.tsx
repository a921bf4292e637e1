import { useState } from 'react'
import type { ReactElement } from 'react'
import type { Publishing } from '../../../../../shared/domain/script'
import { ErrorNotice } from '../../../components/error-notice'
import { chooseCoverImage } from '../api/render-api'
import { useScriptDocumentStore } from '../stores/script-document-store'

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}

/**
 * The book's details as the finished files carry them (tags in MP3 and M4B): title, author,
 * narrator, series or album, genre, year and a cover, chosen in a native dialog and checked by
 * main. Edits go straight into the project (undoable, saved with it).
 */
export function BookDetails(): ReactElement {
  const title = useScriptDocumentStore((s) => s.meta.title)
  const publishing = useScriptDocumentStore((s) => s.meta.publishing)
  const [coverError, setCoverError] = useState<unknown>(null)
  // The year as typed while it is not a year yet; otherwise the project's (undo, another script).
  const [yearDraft, setYearDraft] = useState<string | null>(null)
  const yearText = yearDraft ?? (publishing.year === undefined ? '' : String(publishing.year))
  const yearInvalid = yearDraft !== null
  const update = (patch: Partial<Publishing>): void => {
    const store = useScriptDocumentStore.getState()
    store.updateMeta({ publishing: { ...store.meta.publishing, ...patch } })
  }
  const text = (
    label: string,
    key: 'author' | 'narrator' | 'album' | 'genre',
    placeholder: string,
  ): ReactElement => (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        className="input"
        value={publishing[key]}
        maxLength={500}
        placeholder={placeholder}
        onChange={(e) => update({ [key]: e.target.value })}
      />
    </label>
  )
  const chooseCover = async (): Promise<void> => {
    setCoverError(null)
    try {
      const chosen = await chooseCoverImage()
      if (chosen !== null) update({ coverPath: chosen.path })
    } catch (error) {
      setCoverError(error)
    }
  }
  return (
    <fieldset className="book-details" data-testid="book-details">
      <legend>Book details (saved in the files’ tags)</legend>
      <div className="book-details__grid">
        <label className="field">
          <span className="field__label">Title</span>
          <input
            className="input"
            value={title}
            maxLength={500}
            placeholder="The book’s title"
            onChange={(e) =>
              useScriptDocumentStore.getState().updateMeta({ title: e.target.value })
            }
          />
        </label>
        {text('Author', 'author', 'Who wrote it')}
        {text('Narrator', 'narrator', 'Whose voice it is')}
        {text('Series', 'album', 'The series or book')}
        {text('Genre', 'genre', 'Audiobook')}
        <label className="field">
          <span className="field__label">Year</span>
          <input
            className="input"
            inputMode="numeric"
            value={yearText}
            placeholder="2026"
            aria-invalid={yearInvalid}
            aria-describedby={yearInvalid ? 'book-year-hint' : undefined}
            onChange={(e) => {
              const typed = e.target.value.trim()
              const year = Number(typed)
              const { year: _dropped, ...rest } = useScriptDocumentStore.getState().meta.publishing
              if (typed === '') {
                setYearDraft(null)
                useScriptDocumentStore.getState().updateMeta({ publishing: rest })
              } else if (/^\d{4}$/.test(typed) && year >= 1000) {
                setYearDraft(null)
                update({ year })
              } else setYearDraft(typed)
            }}
          />
          {yearInvalid && (
            <span id="book-year-hint" className="field__error">
              Four digits, like 2026: not saved until then.
            </span>
          )}
        </label>
        <div className="field book-details__cover">
          <span className="field__label">Cover</span>
          <span className="button-row">
            <span className="book-details__cover-name" data-testid="cover-name">
              {publishing.coverPath ? fileName(publishing.coverPath) : 'No cover'}
            </span>
            <button
              type="button"
              className="button button--small"
              onClick={() => void chooseCover()}
            >
              {publishing.coverPath ? 'Change…' : 'Choose…'}
            </button>
            {publishing.coverPath && (
              <button
                type="button"
                className="button button--small"
                onClick={() => {
                  const { coverPath: _dropped, ...rest } =
                    useScriptDocumentStore.getState().meta.publishing
                  useScriptDocumentStore.getState().updateMeta({ publishing: rest })
                }}
              >
                Remove
              </button>
            )}
          </span>
        </div>
      </div>
      {coverError !== null && <ErrorNotice error={coverError} />}
    </fieldset>
  )
}
