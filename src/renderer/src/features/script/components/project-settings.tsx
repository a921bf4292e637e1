import { AppError } from '../../../../../shared/errors'
import { useId, useMemo, useRef } from 'react'
import type { ReactElement } from 'react'
import { DELIVERY_PRESETS } from '../../../../../shared/domain/delivery'
import type { ProjectDefaults } from '../../../../../shared/domain/script'
import { DialogFrame } from '../../../components/ui/dialog-frame'
import { Disclosure } from '../../../components/ui/disclosure'
import { ChoiceOptions, SelectField } from '../../../components/ui/select-field'
import { useVoiceOptions } from '../api/script-api'
import type { ScriptAudio } from '../hooks/use-script-audio'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { useScriptDocumentStore } from '../stores/script-document-store'
import './project-settings.css'
import { NumberSetting } from './number-setting'
import { PauseSettings } from './pause-settings'
import { projectChoices } from './project-choices'
import { GENERAL_USE } from './preset-options'

const LUFS_RANGE = { min: -40, max: -5 }

/** Sets one or more project defaults: one undo step, like every other document edit. */
function setDefaults(patch: Partial<ProjectDefaults>): void {
  const store = useScriptDocumentStore.getState()
  store.updateMeta({ defaults: { ...store.meta.defaults, ...patch } })
}

/** Sets a default that may be left out ('' leaves it out: each voice's or the service's own). */
function setOptionalDefault<K extends 'language' | 'model'>(
  key: K,
  value: ProjectDefaults[K] | '',
): void {
  const store = useScriptDocumentStore.getState()
  const defaults: ProjectDefaults = { ...store.meta.defaults }
  if (value === '') delete defaults[key]
  else defaults[key] = value
  store.updateMeta({ defaults })
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
          {voices.error instanceof AppError && voices.error.code === 'AUTH_MISSING'
            ? 'Add your API key in Account (in the sidebar) to list every language and model; until then only the current ones are listed.'
            : 'The voice list could not be read, so only the current language and model are listed. Check the account in Account, then open this again.'}
        </p>
      )}
      <CheckSetting
        setting="textNormalization"
        label="Say numbers, dates and abbreviations as words (“Dr.” as “doctor”, “3” as “three”)"
      />
    </fieldset>
  )
}

/**
 * Loudness targets by what the file is for: a person picks the purpose, the figure (integrated
 * LUFS) waits behind "Exact level".
 */
const LOUDNESS_PURPOSES = [
  { lufs: -16, label: 'Podcasts and spoken word online' },
  { lufs: -14, label: 'Video and streaming sites (a little louder)' },
  { lufs: -23, label: 'TV and radio broadcast (quieter)' },
] as const

function LoudnessTarget(props: { targetLufs: number; disabled: boolean }): ReactElement {
  const { targetLufs, disabled } = props
  const known = LOUDNESS_PURPOSES.some((p) => p.lufs === targetLufs)
  const set = (lufs: number): void =>
    setDefaults({ loudness: { mode: 'target', targetLufs: lufs } })
  return (
    <div className="stack project-settings__target">
      <SelectField
        label="Loudness for"
        disabled={disabled}
        value={known ? String(targetLufs) : 'other'}
        onChange={(value) => {
          if (value !== 'other') set(Number(value))
        }}
      >
        {LOUDNESS_PURPOSES.map((p) => (
          <option key={p.lufs} value={String(p.lufs)}>
            {p.label}
          </option>
        ))}
        {!known && <option value="other">A level of your own (see Exact level)</option>}
      </SelectField>
      <Disclosure summary="Exact level">
        <NumberSetting
          label="Target loudness"
          hint="Integrated loudness: −16 for podcasts, −14 for streaming, −23 for broadcast."
          unit="LUFS"
          min={LUFS_RANGE.min}
          max={LUFS_RANGE.max}
          disabled={disabled}
          value={targetLufs}
          onCommit={set}
        />
      </Disclosure>
    </div>
  )
}

function LoudnessSettings(props: { defaults: ProjectDefaults }): ReactElement {
  const { defaults } = props
  const preset = defaults.preset ? DELIVERY_PRESETS[defaults.preset] : null
  const targetLufs = defaults.loudness.mode === 'target' ? defaults.loudness.targetLufs : -16
  return (
    <fieldset className="box box--fields project-settings__group">
      <legend>Loudness</legend>
      {/* "Made for" has one owner, the render dialog, where the files are made: shown here
          read-only, in a sentence that says where it is chosen (no button from dialog to dialog). */}
      <p className="project-settings__made-for" data-testid="project-made-for">
        <span className="field__label">Made for</span>{' '}
        <span>{preset === null ? GENERAL_USE : preset.name}</span>
        <span className="field__hint">
          {' '}
          · you choose what a file is made for each time you render it.
        </span>
      </p>
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
          <option value="target">Levelled for its use</option>
        </SelectField>
        {defaults.loudness.mode === 'target' && (
          <LoudnessTarget targetLufs={targetLufs} disabled={preset !== null} />
        )}
      </div>
      <CheckSetting
        setting="serviceLoudnessNormalization"
        label="Keep the voice at an even loudness from line to line"
      />
    </fieldset>
  )
}

/**
 * The project's settings every block falls back on: pauses, language, model, text normalization
 * and loudness. Each change applies at once as an undoable edit of the document. Opened from the
 * toolbar and from File > Project Settings… (the editor's UI store holds whether it is open).
 */
export function ProjectSettingsDialog(props: { audio: ScriptAudio }): ReactElement {
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
      <PauseSettings defaults={defaults} audio={props.audio} />
      <SpeechSettings defaults={defaults} />
      <LoudnessSettings defaults={defaults} />
    </DialogFrame>
  )
}
