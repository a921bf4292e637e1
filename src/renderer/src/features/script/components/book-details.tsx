import { useState } from 'react'
import type { ReactElement } from 'react'
import type { Publishing } from '../../../../../shared/domain/script'
import { ErrorNotice } from '../../../components/error-notice'
import { chooseCoverImage } from '../api/render-api'
import { useScriptDocumentStore } from '../stores/script-document-store'
import { Field } from '../../../components/ui/field'

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}

type TextKey = 'author' | 'narrator' | 'album' | 'genre'

const publishingNow = (): Publishing => useScriptDocumentStore.getState().meta.publishing
const updatePublishing = (patch: Partial<Publishing>): void =>
  useScriptDocumentStore.getState().updateMeta({ publishing: { ...publishingNow(), ...patch } })
/** The book's details without one of them. */
const dropPublishing = (key: 'year' | 'coverPath'): void => {
  const { [key]: _dropped, ...rest } = publishingNow()
  useScriptDocumentStore.getState().updateMeta({ publishing: rest })
}

/** One line of the book's details, written into the project as it is typed. */
function DetailField(props: {
  label: string
  value: string
  placeholder: string
  onChange: (value: string) => void
}): ReactElement {
  return (
    <Field label={props.label}>
      <input
        className="input"
        value={props.value}
        maxLength={500}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Field>
  )
}

/** The year: kept only once it is four digits; what is typed before that stays in the field. */
function YearField(props: { year: number | undefined }): ReactElement {
  // The year as typed while it is not a year yet; otherwise the project's (undo, another script).
  const [yearDraft, setYearDraft] = useState<string | null>(null)
  const yearText = yearDraft ?? (props.year === undefined ? '' : String(props.year))
  const yearInvalid = yearDraft !== null
  return (
    <Field label="Year">
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
          if (typed === '') {
            setYearDraft(null)
            dropPublishing('year')
          } else if (/^\d{4}$/.test(typed) && year >= 1000) {
            setYearDraft(null)
            updatePublishing({ year })
          } else setYearDraft(typed)
        }}
      />
      {yearInvalid && (
        <span id="book-year-hint" className="field__error">
          Four digits, like 2026: not saved until then.
        </span>
      )}
    </Field>
  )
}

/** The cover: chosen in a native dialog and checked by main, or removed. */
function CoverField(props: {
  coverPath: string | undefined
  onError: (error: unknown) => void
}): ReactElement {
  const chooseCover = async (): Promise<void> => {
    props.onError(null)
    try {
      const chosen = await chooseCoverImage()
      if (chosen !== null) updatePublishing({ coverPath: chosen.path })
    } catch (error) {
      props.onError(error)
    }
  }
  return (
    <div className="field book-details__cover">
      <span className="field__label">Cover</span>
      <span className="button-row">
        <span className="book-details__cover-name" data-testid="cover-name">
          {props.coverPath ? fileName(props.coverPath) : 'No cover'}
        </span>
        <button type="button" className="button button--small" onClick={() => void chooseCover()}>
          {props.coverPath ? 'Change…' : 'Choose…'}
        </button>
        {props.coverPath && (
          <button
            type="button"
            className="button button--small"
            onClick={() => dropPublishing('coverPath')}
          >
            Remove
          </button>
        )}
      </span>
    </div>
  )
}

const TEXT_FIELDS: { label: string; key: TextKey; placeholder: string }[] = [
  { label: 'Author', key: 'author', placeholder: 'Who wrote it' },
  { label: 'Narrator', key: 'narrator', placeholder: 'Whose voice it is' },
  { label: 'Series', key: 'album', placeholder: 'The series or book' },
  { label: 'Genre', key: 'genre', placeholder: 'Audiobook' },
]

/**
 * The book's details as the finished files carry them (tags in MP3 and M4B): title, author,
 * narrator, series or album, genre, year and a cover, chosen in a native dialog and checked by
 * main. Edits go straight into the project (undoable, saved with it).
 */
export function BookDetails(): ReactElement {
  const title = useScriptDocumentStore((s) => s.meta.title)
  const publishing = useScriptDocumentStore((s) => s.meta.publishing)
  const [coverError, setCoverError] = useState<unknown>(null)
  return (
    <fieldset className="book-details" data-testid="book-details">
      <legend>Book details (saved in the files’ tags)</legend>
      <div className="book-details__grid">
        <DetailField
          label="Title"
          value={title}
          placeholder="The book’s title"
          onChange={(value) => useScriptDocumentStore.getState().updateMeta({ title: value })}
        />
        {TEXT_FIELDS.map(({ label, key, placeholder }) => (
          <DetailField
            key={key}
            label={label}
            value={publishing[key]}
            placeholder={placeholder}
            onChange={(value) => updatePublishing({ [key]: value })}
          />
        ))}
        <YearField year={publishing.year} />
        <CoverField coverPath={publishing.coverPath} onError={setCoverError} />
      </div>
      {coverError !== null && <ErrorNotice error={coverError} />}
    </fieldset>
  )
}
