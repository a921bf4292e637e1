import { useId, useRef, useState } from 'react'
import type { FormEvent, ReactElement, Ref } from 'react'
import { ErrorNotice } from '../../../components/error-notice'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import { fieldError } from '../../../lib/error-messages'
import { httpsInstead } from '../../../../../shared/domain/account-page'
import { useSetAccountPage } from '../api/account-queries'

/** The address field, with its error or what it needs. */
function AddressField({
  id: formId,
  ref,
  value,
  problem,
  saved,
  onChange,
  fix,
}: {
  id: string
  ref: Ref<HTMLInputElement>
  value: string
  problem: string | null
  saved: string | null
  onChange: (value: string) => void
  /** The corrected address offered with the error, and what keeps it; or null. */
  fix: { address: string; use: () => void } | null
}): ReactElement {
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${formId}-url`}>
        Address of your account page
      </label>
      <input
        ref={ref}
        id={`${formId}-url`}
        className="input"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://"
        value={value}
        aria-invalid={problem !== null}
        aria-describedby={problem !== null ? `${formId}-error` : `${formId}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      {problem !== null ? (
        <>
          <p id={`${formId}-error`} className="field__error" data-testid="account-page-error">
            {problem}
          </p>
          {fix !== null && (
            <div className="button-row">
              <button
                type="button"
                className="button button--small"
                data-testid="account-page-use-https"
                onClick={fix.use}
              >
                Use {fix.address}
              </button>
            </div>
          )}
        </>
      ) : (
        <p id={`${formId}-hint`} className="field__hint">
          {saved === null
            ? 'It starts with https://. Nothing is sent to it: it only opens in your browser.'
            : 'Empty the field and save to forget it.'}
        </p>
      )}
    </div>
  )
}

/** Cancel, and Save (or Save and open) for the form `formId`. */
function DialogButtons(props: {
  formId: string
  saving: boolean
  words: { primary: string }
  onCancel: () => void
}): ReactElement {
  return (
    <>
      <button type="button" className="button" onClick={props.onCancel}>
        Cancel
      </button>
      <button
        type="submit"
        form={props.formId}
        className="button button--primary"
        disabled={props.saving}
      >
        {props.saving ? 'Saving…' : props.words.primary}
      </button>
    </>
  )
}

/** The dialog's title, its lead's last sentence and its primary: saving only, or to pay now. */
function wordsOf(
  opening: boolean,
  saved: string | null,
): {
  title: string
  then: string
  primary: string
} {
  if (opening)
    return {
      title: 'Open the page where you add credit',
      then: 'VoiceDesk opens it now, and next time in one click.',
      primary: 'Save and open',
    }
  return {
    title: saved === null ? 'Add your account page' : 'Your account page',
    then: 'VoiceDesk then opens it for you when credit runs out.',
    primary: 'Save',
  }
}

/**
 * Asks for the address of the user's account page on the voice service's website, where credit
 * is added. Why the user gives it: the service's interface names no such page, and VoiceDesk
 * names no host of its own. Main checks it (https, a website) and is the only one to open it.
 */
export function AccountPageDialog(props: {
  open: boolean
  /** The address saved now, or null: the field starts with it. */
  saved: string | null
  onClose: () => void
  /**
   * Given when the user is out of credit and came to pay: the page is opened as soon as it is
   * saved (by main, which opens only the saved https page), and the primary says so.
   */
  onSavedOpen?: () => void
}): ReactElement {
  const { open, saved, onClose, onSavedOpen } = props
  const formId = useId()
  const textId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [draft, setDraft] = useState<string | null>(null)
  const [emptyTried, setEmptyTried] = useState(false)
  const save = useSetAccountPage()
  const value = draft ?? saved ?? ''
  const words = wordsOf(onSavedOpen !== undefined, saved)
  const problem = emptyTried
    ? 'Paste the address of your account page.'
    : fieldError(save.error, 'accountPage')

  const close = (): void => {
    setDraft(null)
    setEmptyTried(false)
    save.reset()
    onClose()
  }
  // Refused only for plain http: the https form, one click away, saved as shown on the button.
  const secure = problem !== null && !emptyTried ? httpsInstead(value) : null
  const keep = (address: string | null): void =>
    save.mutate(address, {
      onSuccess: () => {
        close()
        if (address !== null) onSavedOpen?.()
      },
      onError: () => inputRef.current?.focus(),
    })
  const fix = secure === null ? null : { address: secure, use: () => keep(secure) }
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault()
    // An empty field forgets a saved page; with none saved, it only says what is missing.
    if (value.trim() === '' && saved === null) {
      setEmptyTried(true)
      inputRef.current?.focus()
      return
    }
    keep(value.trim() === '' ? null : value)
  }

  return (
    <DialogFrame
      open={open}
      title={words.title}
      onClose={close}
      initialFocus={inputRef}
      describedBy={textId}
      footer={
        <DialogButtons formId={formId} saving={save.isPending} words={words} onCancel={close} />
      }
    >
      <p id={textId} className="dialog__text">
        Credit is added on the voice service’s website, on the page where you got your API key. Open
        that page in your browser, copy its address, and paste it here. {words.then}
      </p>
      <form id={formId} className="stack" onSubmit={submit} noValidate>
        <AddressField
          id={formId}
          ref={inputRef}
          value={value}
          problem={problem}
          saved={saved}
          fix={fix}
          onChange={(text) => {
            setDraft(text)
            setEmptyTried(false)
            if (save.isError) save.reset()
          }}
        />
      </form>
      {save.isError && problem === null && <ErrorNotice error={save.error} />}
    </DialogFrame>
  )
}
