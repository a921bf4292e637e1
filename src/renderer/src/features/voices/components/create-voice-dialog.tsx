import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { DragEvent, FormEvent, ReactElement } from 'react'
import type { Voice, VoiceGender } from '../../../../../shared/domain/voice'
import { VOICE_GENDERS } from '../../../../../shared/domain/voice'
import { AppError } from '../../../../../shared/errors'
import type { StagedVoiceSample } from '../../../../../shared/ipc/contract'
import { ErrorNotice } from '../../../components/error-notice'
import type { SampleCheck } from '../../../lib/audio/sample-analysis'
import { checkSample, worstSeverity } from '../../../lib/audio/sample-analysis'
import { describeError } from '../../../lib/error-messages'
import { call } from '../../../lib/ipc'
import { useCreateVoice } from '../api/voices-queries'
import { genderLabel, localeName } from './voice-labels'
import { MicRecorderPanel } from './mic-recorder-panel'
import { SampleFindings } from './sample-findings'

/** Largest sample (the service takes 10 MB). */
const MAX_SAMPLE_BYTES = 10 * 1024 * 1024
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

interface Sample {
  staged: StagedVoiceSample
  origin: 'file' | 'recording'
  check: SampleCheck | null
  url: string
}

function sizeText(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.round(bytes / 1024)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`
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
  const dialogRef = useRef<HTMLDialogElement>(null)
  const nameRef = useRef<HTMLInputElement>(null)
  const ids = useId()
  const create = useCreateVoice()
  const [name, setName] = useState('')
  const [gender, setGender] = useState<VoiceGender>('not_specified')
  const [locale, setLocale] = useState('')
  const [sample, setSample] = useState<Sample | null>(null)
  const [sampleBusy, setSampleBusy] = useState<string | null>(null)
  const [sampleError, setSampleError] = useState<string | null>(null)
  const [dragging, setDragging] = useState(false)
  const [fullName, setFullName] = useState('')
  const [email, setEmail] = useState('')
  const [confirmed, setConfirmed] = useState(false)
  const [touched, setTouched] = useState(false)
  const { open, onClose } = props
  // The languages the app knows (those of the loaded voices and their models), by name.
  const languages = useMemo(
    () =>
      props.locales
        .map((l) => ({ locale: l, name: localeName(l) }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en')),
    [props.locales],
  )
  const { reset: resetCreate } = create

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog === null) return
    if (open && !dialog.open) {
      dialog.showModal()
      nameRef.current?.focus()
    } else if (!open && dialog.open) dialog.close()
  }, [open])

  // The blob URL of the sample player is released when the sample changes or the dialog goes.
  useEffect(() => {
    const url = sample?.url
    return () => {
      if (url !== undefined) URL.revokeObjectURL(url)
    }
  }, [sample?.url])

  const resetForm = (): void => {
    setName('')
    setGender('not_specified')
    setLocale('')
    setSample(null)
    setSampleError(null)
    setFullName('')
    setEmail('')
    setConfirmed(false)
    setTouched(false)
    resetCreate()
  }

  const close = (): void => {
    if (create.isPending) return
    resetForm()
    onClose()
  }

  const adoptSample = async (
    staged: StagedVoiceSample,
    origin: Sample['origin'],
  ): Promise<void> => {
    const url = URL.createObjectURL(new Blob([staged.bytes.slice().buffer]))
    setSample({ staged, origin, check: null, url })
    setSampleBusy('Checking the sample…')
    try {
      const check = await checkSample(staged.bytes)
      setSample({ staged, origin, check, url })
    } finally {
      setSampleBusy(null)
    }
  }

  const stageBytes = async (
    fileName: string,
    bytes: Uint8Array,
    origin: Sample['origin'],
  ): Promise<void> => {
    setSampleError(null)
    resetCreate()
    if (bytes.byteLength > MAX_SAMPLE_BYTES) {
      setSampleError(
        `${fileName} is ${sizeText(bytes.byteLength)}; the service takes at most 10 MB. Use a shorter recording (10-30 s is enough).`,
      )
      return
    }
    setSampleBusy('Reading the sample…')
    try {
      const staged = await call((api) =>
        api.voices.stageSample({ fileName, bytes: new Uint8Array(bytes) }),
      )
      await adoptSample(staged, origin)
    } catch (error) {
      setSampleError(describeError(error).message)
    } finally {
      setSampleBusy(null)
    }
  }

  const chooseFile = async (): Promise<void> => {
    setSampleError(null)
    resetCreate()
    setSampleBusy('Waiting for a file…')
    try {
      const staged = await call((api) => api.voices.chooseSample())
      if (staged !== null) await adoptSample(staged, 'file')
    } catch (error) {
      setSampleError(describeError(error).message)
    } finally {
      setSampleBusy(null)
    }
  }

  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (file === undefined) return
    if (file.size > MAX_SAMPLE_BYTES) {
      setSampleError(
        `${file.name} is ${sizeText(file.size)}; the service takes at most 10 MB. Use a shorter recording (10-30 s is enough).`,
      )
      return
    }
    void file.arrayBuffer().then(
      (buffer) => stageBytes(file.name, new Uint8Array(buffer), 'file'),
      () => setSampleError(`${file.name} could not be read. Choose another file.`),
    )
  }

  const serverSampleError =
    create.error instanceof AppError && create.error.code === 'VALIDATION_FAILED'
      ? (create.error.details?.fields?.sample ?? null)
      : null
  const serverNameError =
    create.error instanceof AppError && create.error.code === 'VALIDATION_FAILED'
      ? (create.error.details?.fields?.name ?? null)
      : null

  const problems = useMemo(() => {
    const list: Record<string, string> = {}
    if (name.trim() === '') list.name = 'Give the voice a name.'
    else if (name.trim().length > 100) list.name = 'At most 100 characters.'
    if (sample === null) list.sample = 'Choose, drop or record a sample.'
    else if (sample.check === null) list.sample = 'The sample is still being checked.'
    else if (worstSeverity(sample.check.findings) === 'error')
      list.sample = 'Fix the problems found in the sample first.'
    if (fullName.trim() === '') list.fullName = 'Enter the full name of the person speaking.'
    if (!EMAIL_PATTERN.test(email.trim())) list.email = 'Enter a valid email address.'
    if (!confirmed) list.confirmed = 'Confirm that you have this person’s consent.'
    return list
  }, [name, sample, fullName, email, confirmed])

  const submit = (event: FormEvent): void => {
    event.preventDefault()
    setTouched(true)
    if (Object.keys(problems).length > 0 || sample === null) return
    create.mutate(
      {
        name: name.trim(),
        gender,
        ...(locale === '' ? {} : { locale }),
        sampleId: sample.staged.sampleId,
        consent: { fullName: fullName.trim(), email: email.trim(), confirmed: true },
      },
      {
        onSuccess: (voice) => {
          resetForm()
          props.onCreated(voice)
        },
      },
    )
  }

  const show = (field: string): string | null => (touched ? (problems[field] ?? null) : null)
  const otherError =
    create.isError && serverSampleError === null && serverNameError === null ? create.error : null

  return (
    <dialog
      ref={dialogRef}
      className="dialog dialog--wide"
      aria-labelledby={`${ids}-title`}
      onCancel={(event) => {
        event.preventDefault()
        close()
      }}
      data-testid="create-voice-dialog"
    >
      <form onSubmit={submit} noValidate>
        <div className="dialog__body create-voice">
          <h2 id={`${ids}-title`}>New personal voice</h2>
          <div className="create-voice__row">
            <div className="field">
              <label className="field__label" htmlFor={`${ids}-name`}>
                Name
              </label>
              <input
                ref={nameRef}
                id={`${ids}-name`}
                className="input"
                value={name}
                maxLength={100}
                aria-invalid={show('name') !== null || serverNameError !== null}
                onChange={(e) => setName(e.target.value)}
              />
              {(show('name') ?? serverNameError) !== null && (
                <span className="field__error">{show('name') ?? serverNameError}</span>
              )}
            </div>
            <div className="field">
              <label className="field__label" htmlFor={`${ids}-gender`}>
                Gender
              </label>
              <select
                id={`${ids}-gender`}
                className="input"
                value={gender}
                onChange={(e) => setGender(e.target.value as VoiceGender)}
              >
                {VOICE_GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {genderLabel(g)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field create-voice__language">
              <label className="field__label" htmlFor={`${ids}-locale`}>
                Language
              </label>
              <select
                id={`${ids}-locale`}
                className="input"
                value={locale}
                aria-describedby={`${ids}-locale-hint`}
                onChange={(e) => setLocale(e.target.value)}
              >
                <option value="">Detect automatically</option>
                {languages.map((l) => (
                  <option key={l.locale} value={l.locale}>
                    {l.name}
                  </option>
                ))}
              </select>
              <span id={`${ids}-locale-hint`} className="field__hint">
                Optional: the language the sample is spoken in.
              </span>
            </div>
          </div>

          <fieldset className="create-voice__section">
            <legend className="field__label">Sample of the voice</legend>
            <div
              className={`drop-zone${dragging ? ' drop-zone--over' : ''}`}
              onDragOver={(e) => {
                e.preventDefault()
                setDragging(true)
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              data-testid="sample-drop-zone"
            >
              <p>
                Drop an audio file here, or{' '}
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => void chooseFile()}
                  disabled={sampleBusy !== null}
                >
                  Choose a file…
                </button>
              </p>
              <p className="field__hint">
                One person speaking, 10-30 seconds, no music. WAV, MP3, Ogg, FLAC or M4A, up to 10
                MB.
              </p>
            </div>
            <MicRecorderPanel
              hasRecording={sample?.origin === 'recording'}
              onRecorded={(wav, seconds) =>
                void stageBytes(`recording-${Math.round(seconds)}s.wav`, wav, 'recording')
              }
              onError={setSampleError}
            />
            {sampleBusy !== null && (
              <p className="field__hint" role="status">
                {sampleBusy}
              </p>
            )}
            {sample !== null && (
              <div className="sample-card" data-testid="sample-card">
                <p>
                  <strong data-testid="sample-name">{sample.staged.fileName}</strong>{' '}
                  <span className="field__hint">
                    {sizeText(sample.staged.size)}
                    {sample.check?.measures != null &&
                      ` · ${sample.check.measures.durationSec.toFixed(1)} s · ${sample.check.measures.sampleRate} Hz`}
                  </span>
                </p>
                <audio controls src={sample.url} className="sample-card__audio" />
                {sample.check !== null && <SampleFindings check={sample.check} />}
              </div>
            )}
            {sampleError !== null && (
              <p className="field__error" role="alert" data-testid="sample-error">
                {sampleError}
              </p>
            )}
            {serverSampleError !== null && (
              <p className="field__error" role="alert" data-testid="sample-rejected">
                The service rejected the sample: {serverSampleError}
              </p>
            )}
            {show('sample') !== null && sampleError === null && (
              <span className="field__error">{show('sample')}</span>
            )}
          </fieldset>

          <fieldset className="create-voice__section">
            <legend className="field__label">Consent of the person whose voice it is</legend>
            <div className="create-voice__row">
              <div className="field">
                <label className="field__label" htmlFor={`${ids}-full-name`}>
                  Full name
                </label>
                <input
                  id={`${ids}-full-name`}
                  className="input"
                  autoComplete="name"
                  value={fullName}
                  aria-invalid={show('fullName') !== null}
                  onChange={(e) => setFullName(e.target.value)}
                />
                {show('fullName') !== null && (
                  <span className="field__error">{show('fullName')}</span>
                )}
              </div>
              <div className="field">
                <label className="field__label" htmlFor={`${ids}-email`}>
                  Email
                </label>
                <input
                  id={`${ids}-email`}
                  className="input"
                  type="email"
                  autoComplete="email"
                  value={email}
                  aria-invalid={show('email') !== null}
                  onChange={(e) => setEmail(e.target.value)}
                />
                {show('email') !== null && <span className="field__error">{show('email')}</span>}
              </div>
            </div>
            <label className="create-voice__confirm">
              <input
                type="checkbox"
                checked={confirmed}
                onChange={(e) => setConfirmed(e.target.checked)}
              />
              <span>
                {fullName.trim() === '' ? 'This person' : fullName.trim()} agreed to have their
                voice cloned and used in VoiceDesk. VoiceDesk keeps a consent record (name, email,
                time and a fingerprint of the sample) with the voice.
              </span>
            </label>
            {show('confirmed') !== null && (
              <span className="field__error">{show('confirmed')}</span>
            )}
          </fieldset>

          {otherError !== null && <ErrorNotice error={otherError} testId="create-error" />}
        </div>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={close} disabled={create.isPending}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create voice'}
          </button>
        </div>
      </form>
    </dialog>
  )
}
