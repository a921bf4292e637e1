import { useEffect, useId, useRef, useState } from 'react'
import type { FormEvent, ReactElement, RefObject } from 'react'
import type { PdfChoices } from '../../../../../shared/domain/manuscript'
import { MAX_PDF_PASSWORD } from '../../../../../shared/domain/manuscript'
import { formatCount } from '../../../../../shared/limits'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import type { PdfAsk } from '../hooks/use-pdf-import'
import { ReadingProgressView } from './reading-progress'
import { checkRange } from './page-range-check'
import './pdf-import-dialog.css'

/**
 * The pages choice: all, or from one page to another (typing a page chooses the range). Disabled
 * while the PDF is read, since the pages being read are the ones chosen when Import was pressed.
 */
function PageRangeFields(props: {
  range: 'all' | 'some'
  fromText: string
  toText: string
  error: string | null
  disabled: boolean
  allRef: RefObject<HTMLInputElement | null>
  onChange: (change: { range: 'all' | 'some'; fromText?: string; toText?: string }) => void
}): ReactElement {
  const { range, fromText, toText, error, disabled, allRef, onChange } = props
  const errorId = useId()
  const described = error !== null ? errorId : undefined
  return (
    <fieldset className="pdf-import__pages" disabled={disabled}>
      <legend className="field__label">Pages</legend>
      <label className="pdf-import__choice">
        <input
          ref={allRef}
          type="radio"
          name="pdf-pages"
          checked={range === 'all'}
          onChange={() => onChange({ range: 'all' })}
        />
        All pages
      </label>
      <div className="pdf-import__choice">
        <label>
          <input
            type="radio"
            name="pdf-pages"
            checked={range === 'some'}
            onChange={() => onChange({ range: 'some' })}
          />
          From page
        </label>
        <input
          className="input pdf-import__page"
          aria-label="First page"
          inputMode="numeric"
          value={fromText}
          aria-invalid={error !== null}
          aria-describedby={described}
          onChange={(event) => onChange({ range: 'some', fromText: event.target.value })}
        />
        <span>to</span>
        <input
          className="input pdf-import__page"
          aria-label="Last page"
          inputMode="numeric"
          placeholder="last"
          value={toText}
          aria-invalid={error !== null}
          aria-describedby={described}
          onChange={(event) => onChange({ range: 'some', toText: event.target.value })}
        />
      </div>
      {error !== null && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}

/** The masked password field; a wrong password is said under it. */
function PasswordField(props: {
  wrong: boolean
  disabled: boolean
  inputRef: RefObject<HTMLInputElement | null>
}): ReactElement {
  const { wrong, disabled, inputRef } = props
  const id = useId()
  const errorId = useId()
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Password
      </label>
      <input
        ref={inputRef}
        id={id}
        className="input"
        type="password"
        autoComplete="off"
        spellCheck={false}
        maxLength={MAX_PDF_PASSWORD}
        disabled={disabled}
        aria-invalid={wrong}
        aria-describedby={wrong ? errorId : undefined}
      />
      {wrong && (
        <p id={errorId} className="field__error" role="alert">
          That password did not open the PDF. Check it (capital letters count) and try again.
        </p>
      )}
    </div>
  )
}

/** "book.pdf has 600 pages. " when main counted them, else nothing. */
function pagesOf(ask: PdfAsk): string {
  if (ask.pageCount === undefined) return ''
  const count = ask.pageCount
  return `${ask.fileName ?? 'This PDF'} has ${count.toLocaleString()} ${count === 1 ? 'page' : 'pages'}. `
}

/** The dialog's form, mounted afresh for each PDF (so each starts from all pages). */
function PdfImportForm(props: {
  ask: PdfAsk
  formId: string
  textId: string
  allRef: RefObject<HTMLInputElement | null>
  passwordRef: RefObject<HTMLInputElement | null>
  onSubmit: (choices: PdfChoices) => void
}): ReactElement {
  const { ask, formId, textId, allRef, passwordRef, onSubmit } = props
  const [pages, setPages] = useState({
    range: 'all' as 'all' | 'some',
    fromText: '1',
    toText: ask.pageCount === undefined ? '' : formatCount(ask.pageCount),
  })
  const [rangeError, setRangeError] = useState<string | null>(null)
  const locked = ask.password

  // A lock (or a wrong password) puts the cursor in an emptied password field.
  useEffect(() => {
    if (locked !== null && !ask.working && passwordRef.current !== null) {
      passwordRef.current.value = ''
      passwordRef.current.focus()
    }
  }, [locked, ask.working, passwordRef])

  const submit = (event: FormEvent): void => {
    event.preventDefault()
    const choices: PdfChoices = {}
    if (pages.range === 'some') {
      const checked = checkRange(pages.fromText, pages.toText, ask.pageCount)
      setRangeError(typeof checked === 'string' ? checked : null)
      if (typeof checked === 'string') return
      choices.pages = checked
    }
    if (locked !== null) {
      const password = passwordRef.current?.value ?? ''
      if (password === '') return passwordRef.current?.focus()
      choices.password = password
    }
    onSubmit(choices)
  }

  const name = ask.fileName ?? 'This PDF'
  return (
    <form id={formId} className="pdf-import" onSubmit={submit} noValidate>
      <p id={textId} className="dialog__text">
        {locked !== null
          ? `${ask.lockedMessage ?? `${name} is protected by a password.`} Type it to import the book; VoiceDesk does not keep it.`
          : `${pagesOf(ask)}Choose the pages to narrate; only those are read. Nothing is sent to the voice service until you render.`}
      </p>
      {locked !== null && (
        <PasswordField wrong={locked === 'wrong'} disabled={ask.working} inputRef={passwordRef} />
      )}
      <PageRangeFields
        {...pages}
        error={rangeError}
        disabled={ask.working}
        allRef={allRef}
        onChange={(change) => setPages((current) => ({ ...current, ...change }))}
      />
      {ask.working && (
        <ReadingProgressView
          progress={ask.progress === undefined ? undefined : { ...ask.progress, unit: 'page' }}
          waiting="Reading the PDF…"
          label="Pages read"
          testId="pdf-progress"
        />
      )}
      {ask.refusal !== null && (
        <p className="field__error" role="alert" data-testid="pdf-refusal">
          {ask.refusal}
        </p>
      )}
    </form>
  )
}

/**
 * The PDF question: which pages to import (all by default), and the password once the PDF turns
 * out locked. Enter imports, Escape cancels; a wrong password is said here and the field cleared
 * for another try. The password is read from the field on submit and kept nowhere else.
 */
export function PdfImportDialog(props: {
  ask: PdfAsk | null
  onSubmit: (choices: PdfChoices) => void
  onCancel: () => void
}): ReactElement {
  const { ask } = props
  const passwordRef = useRef<HTMLInputElement>(null)
  const allRef = useRef<HTMLInputElement>(null)
  const formId = useId()
  const textId = useId()
  const locked = ask?.password ?? null
  const working = ask?.working ?? false
  return (
    <DialogFrame
      open={ask !== null}
      title={locked !== null ? 'This PDF is locked' : `Import ${ask?.fileName ?? 'this PDF'}`}
      onClose={props.onCancel}
      initialFocus={locked !== null ? passwordRef : allRef}
      describedBy={textId}
      testId="pdf-import-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={props.onCancel}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={working}>
            {working ? 'Importing…' : 'Import'}
          </button>
        </>
      }
    >
      {ask !== null && (
        <PdfImportForm
          ask={ask}
          formId={formId}
          textId={textId}
          allRef={allRef}
          passwordRef={passwordRef}
          onSubmit={props.onSubmit}
        />
      )}
    </DialogFrame>
  )
}
