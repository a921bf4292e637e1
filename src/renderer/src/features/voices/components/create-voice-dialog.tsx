import { useId, useMemo, useReducer, useRef } from 'react'
import type { FormEvent, ReactElement } from 'react'
import type { Voice } from '../../../../../shared/domain/voice'
import { AppError } from '../../../../../shared/errors'
import { ErrorNotice } from '../../../components/error-notice'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import { useCreateVoice } from '../api/voices-queries'
import { useVoiceSample } from '../hooks/use-voice-sample'
import type { DraftField } from '../hooks/voice-draft'
import {
  createVoiceInput,
  draftProblems,
  draftReducer,
  EMPTY_DRAFT,
  missingSummary,
} from '../hooks/voice-draft'
import { VoiceConsentFields } from './voice-consent-fields'
import { VoiceIdentityFields } from './voice-identity-fields'
import { VoiceSampleField } from './voice-sample-field'

/** The service's reason for refusing one field of the request, when it named one. */
function rejectedField(error: unknown, field: 'name' | 'sample'): string | null {
  return error instanceof AppError && error.code === 'VALIDATION_FAILED'
    ? (error.details?.fields?.[field] ?? null)
    : null
}

/**
 * Cancel and Create, in the frame's footer; Create submits the form in the body by its id. Why
 * Create waits for a ready form and names what is missing beside it: an enabled primary button on
 * an empty form looked ready, and said what was wrong only after a press.
 */
function DialogActions(props: {
  formId: string
  creating: boolean
  missing: string | null
  onCancel: () => void
}): ReactElement {
  const missingId = `${props.formId}-missing`
  return (
    <>
      {props.missing !== null && (
        <p id={missingId} className="create-voice__missing" data-testid="create-missing">
          {props.missing}
        </p>
      )}
      <button type="button" className="button" onClick={props.onCancel} disabled={props.creating}>
        Cancel
      </button>
      <button
        type="submit"
        form={props.formId}
        className="button button--primary"
        disabled={props.creating || props.missing !== null}
        aria-describedby={props.missing !== null ? missingId : undefined}
      >
        {props.creating ? 'Creating…' : 'Create voice'}
      </button>
    </>
  )
}

/**
 * The "new personal voice" dialog: name, gender, optional locale, a sample (file dialog, drag and
 * drop, or the microphone) checked in the page before upload, and the consent of the person
 * whose voice it is.
 */
export function CreateVoiceDialog(props: {
  open: boolean
  locales: readonly string[]
  onClose: () => void
  onCreated: (voice: Voice) => void
}): ReactElement {
  const nameRef = useRef<HTMLInputElement>(null)
  const ids = useId()
  const create = useCreateVoice()
  const { reset: resetCreate } = create
  const [draft, dispatch] = useReducer(draftReducer, EMPTY_DRAFT)
  const sampleState = useVoiceSample(resetCreate)
  const { sample } = sampleState
  const { open, onClose } = props

  const resetForm = (): void => {
    dispatch({ type: 'reset' })
    sampleState.clear()
    resetCreate()
  }

  const close = (): void => {
    if (create.isPending) return
    resetForm()
    onClose()
  }

  const problems = useMemo(() => draftProblems(draft, sample), [draft, sample])
  const show = (field: DraftField): string | null =>
    draft.touched ? (problems[field] ?? null) : null
  const serverSampleError = rejectedField(create.error, 'sample')
  const serverNameError = rejectedField(create.error, 'name')
  const otherError =
    create.isError && serverSampleError === null && serverNameError === null ? create.error : null

  const submit = (event: FormEvent): void => {
    event.preventDefault()
    dispatch({ type: 'submitted' })
    if (Object.keys(problems).length > 0 || sample === null) return
    create.mutate(createVoiceInput(draft, sample.staged.sampleId), {
      onSuccess: (voice) => {
        resetForm()
        props.onCreated(voice)
      },
    })
  }

  return (
    <DialogFrame
      open={open}
      title="New personal voice"
      onClose={close}
      initialFocus={nameRef}
      size="medium"
      testId="create-voice-dialog"
      footer={
        <DialogActions
          formId={`${ids}-form`}
          creating={create.isPending}
          missing={missingSummary(draft, problems)}
          onCancel={close}
        />
      }
    >
      <form id={`${ids}-form`} className="stack create-voice" onSubmit={submit} noValidate>
        <VoiceIdentityFields
          idPrefix={ids}
          nameRef={nameRef}
          draft={draft}
          dispatch={dispatch}
          nameProblem={show('name') ?? serverNameError}
          locales={props.locales}
        />
        <VoiceSampleField
          state={sampleState}
          rejected={serverSampleError}
          problem={show('sample')}
          locale={draft.locale}
        />
        <VoiceConsentFields idPrefix={ids} draft={draft} dispatch={dispatch} problem={show} />
        {otherError !== null && <ErrorNotice error={otherError} testId="create-error" />}
      </form>
    </DialogFrame>
  )
}
