import { useId, useMemo, useRef, useState } from 'react'
import type { ReactElement } from 'react'
import type { DeliveryPresetId } from '../../../../../shared/domain/delivery'
import { DELIVERY_PRESETS } from '../../../../../shared/domain/delivery'
import type { ProjectDefaults } from '../../../../../shared/domain/script'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import { ChoiceOptions, SelectField } from '../../../components/ui/select-field'
import { useVoiceOptions } from '../api/script-api'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import './project-settings.css'
import { PresetOptions } from './preset-options'
import { projectChoices } from './project-choices'

const MAX_PAUSE_MS = 60_000
const LUFS_RANGE = { min: -40, max: -5 }

/** Sets one or more project defaults: one undo step, like every other document edit. */
function setDefaults(patch: Partial<ProjectDefaults>): void {
  const store = useScriptDocumentStore.getState()
  store.updateMeta({ defaults: { ...store.meta.defaults, ...patch } })
}

/** Sets a default that may be left out ('' leaves it out: each voice's or the service's own). */
function setOptionalDefault<K extends 'language' | 'model' | 'preset'>(
  key: K,
  value: ProjectDefaults[K] | '',
): void {
  const store = useScriptDocumentStore.getState()
  const defaults: ProjectDefaults = { ...store.meta.defaults }
  if (value === '') delete defaults[key]
  else defaults[key] = value
  store.updateMeta({ defaults })
}

/**
 * A whole number typed in a field and applied when the field is left or Enter is pressed (so a
 * half-typed "1" never becomes a one-millisecond pause), with the reason when it cannot be.
 */
function NumberSetting(props: {
  label: string
  hint: string
  unit: string
  value: number
  min: number
  max: number
  disabled?: boolean
  onCommit: (value: number) => void
}): ReactElement {
  const id = useId()
  const [draft, setDraft] = useState<string | null>(null)
  const text = draft ?? String(props.value)
  const parsed = Number(text.trim())
  const problem =
    text.trim() === '' || !Number.isFinite(parsed) || !Number.isInteger(parsed)
      ? `Type a whole number of ${props.unit}.`
      : parsed < props.min || parsed > props.max
        ? `Choose between ${props.min.toLocaleString()} and ${props.max.toLocaleString()} ${props.unit}.`
        : null
  const commit = (): void => {
    if (draft === null || problem !== null) return
    if (parsed !== props.value) props.onCommit(parsed)
    setDraft(null)
  }
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <span className="row project-settings__number">
        <input
          id={id}
          className="input"
          inputMode="numeric"
          disabled={props.disabled}
          value={text}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-hint${problem !== null ? ` ${id}-error` : ''}`}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit()
          }}
        />
        <span aria-hidden="true">{props.unit}</span>
      </span>
      <span className="field__hint" id={`${id}-hint`}>
        {props.hint}
      </span>
      {problem !== null && (
        <span className="field__error" id={`${id}-error`} role="alert">
          {problem}
        </span>
      )}
    </div>
  )
}

/** A project default that is on or off, its sentence beside the box. */
function CheckSetting(props: {
  setting: 'textNormalization' | 'serviceLoudnessNormalization'
  label: string
}): ReactElement {
  const { setting } = props
  const checked = useScriptDocumentStore((s) => s.meta.defaults[setting])
  return (
    <label className="project-settings__check">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => setDefaults({ [setting]: e.target.checked })}
      />
      <span>{props.label}</span>
    </label>
  )
}

/** The two pauses a project sets, each a whole number of milliseconds. */
const PAUSES = [
  {
    setting: 'pauseBetweenBlocksMs',
    label: 'Between blocks',
    hint: 'After a block that continues the same paragraph (dialogue lines, split text).',
  },
  {
    setting: 'pauseBetweenParagraphsMs',
    label: 'Between paragraphs',
    hint: 'After the last block of a paragraph.',
  },
] as const

function PauseSettings(props: { defaults: ProjectDefaults }): ReactElement {
  return (
    <fieldset className="box box--fields project-settings__group">
      <legend>Pauses</legend>
      <div className="project-settings__grid">
        {PAUSES.map((pause) => (
          <NumberSetting
            key={pause.setting}
            label={pause.label}
            hint={pause.hint}
            unit="ms"
            min={0}
            max={MAX_PAUSE_MS}
            value={props.defaults[pause.setting]}
            onCommit={(ms) => setDefaults({ [pause.setting]: ms })}
          />
        ))}
      </div>
    </fieldset>
  )
}

function SpeechSettings(props: { defaults: ProjectDefaults }): ReactElement {
  const { defaults } = props
  const voices = useVoiceOptions()
  const { languages, models } = useMemo(
    () => projectChoices(voices.data ?? [], defaults),
    [voices.data, defaults],
  )
  return (
    <fieldset className="box box--fields project-settings__group">
      <legend>Speech</legend>
      <div className="project-settings__grid">
        <SelectField
          label="Language"
          value={defaults.language ?? ''}
          onChange={(value) => setOptionalDefault('language', value)}
        >
          <option value="">Each voice's own language</option>
          <ChoiceOptions choices={languages} />
        </SelectField>
        <SelectField
          label="Model"
          value={defaults.model ?? ''}
          onChange={(value) => setOptionalDefault('model', value)}
        >
          <option value="">The service's choice for each voice</option>
          <ChoiceOptions choices={models} />
        </SelectField>
      </div>
      {voices.isError && (
        <p className="field__hint">
          The voice list could not be read, so only the current language and model are listed. Check
          the account in Account, then open this again.
        </p>
      )}
      <CheckSetting
        setting="textNormalization"
        label="Read numbers, dates and abbreviations as words (text normalization by the service)"
      />
    </fieldset>
  )
}

function LoudnessSettings(props: { defaults: ProjectDefaults }): ReactElement {
  const { defaults } = props
  const preset = defaults.preset ? DELIVERY_PRESETS[defaults.preset] : null
  const targetLufs = defaults.loudness.mode === 'target' ? defaults.loudness.targetLufs : -16
  return (
    <fieldset className="box box--fields project-settings__group">
      <legend>Loudness</legend>
      <SelectField
        label="Made for"
        value={defaults.preset ?? ''}
        onChange={(id) => setOptionalDefault('preset', id as DeliveryPresetId | '')}
      >
        <PresetOptions />
      </SelectField>
      {preset !== null && (
        <p className="field__hint">
          {preset.name} sets the level and the peak limit, so the loudness below is not used. The
          render dialog shows everything it checks.
        </p>
      )}
      <div className="project-settings__grid">
        <SelectField
          label="Level of the finished file"
          disabled={preset !== null}
          value={defaults.loudness.mode}
          onChange={(mode) =>
            setDefaults({
              loudness: mode === 'target' ? { mode: 'target', targetLufs } : { mode: 'service' },
            })
          }
        >
          <option value="service">As the service delivers it</option>
          <option value="target">Measured and set to a target</option>
        </SelectField>
        {defaults.loudness.mode === 'target' && (
          <NumberSetting
            label="Target loudness"
            hint="Integrated loudness: −16 for podcasts, −23 for broadcast."
            unit="LUFS"
            min={LUFS_RANGE.min}
            max={LUFS_RANGE.max}
            disabled={preset !== null}
            value={targetLufs}
            onCommit={(lufs) => setDefaults({ loudness: { mode: 'target', targetLufs: lufs } })}
          />
        )}
      </div>
      <CheckSetting
        setting="serviceLoudnessNormalization"
        label="Ask the service to even out the loudness of each piece (−14 LUFS)"
      />
    </fieldset>
  )
}

/**
 * The project's settings every block falls back on: pauses, language, model, text normalization
 * and loudness. Each change applies at once as an undoable edit of the document. Opened from the
 * toolbar and from File > Project Settings… (the editor's UI store holds whether it is open).
 */
export function ProjectSettingsDialog(): ReactElement {
  const open = useEditorUiStore((s) => s.projectSettingsOpen)
  const defaults = useScriptDocumentStore((s) => s.meta.defaults)
  const doneRef = useRef<HTMLButtonElement>(null)
  const introId = useId()
  const close = (): void => useEditorUiStore.getState().setProjectSettingsOpen(false)
  return (
    <DialogFrame
      open={open}
      title="Project settings"
      onClose={close}
      size="medium"
      initialFocus={doneRef}
      describedBy={introId}
      className="project-settings"
      testId="project-settings"
      footer={
        <button ref={doneRef} type="button" className="button button--primary" onClick={close}>
          Done
        </button>
      }
    >
      <p id={introId} className="dialog__text">
        What every block uses unless it sets its own. Changes apply at once and are saved with the
        project; Undo takes them back.
      </p>
      <PauseSettings defaults={defaults} />
      <SpeechSettings defaults={defaults} />
      <LoudnessSettings defaults={defaults} />
    </DialogFrame>
  )
}
