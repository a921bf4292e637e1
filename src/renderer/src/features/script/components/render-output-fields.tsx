import type { ReactElement } from 'react'
import type { DeliveryPreset } from '../../../../../shared/domain/delivery'
import type { RenderSettings } from '../../../../../shared/domain/script-workspace'
import { isAacContainer } from '../../../../../shared/domain/speech'
import type { SelectChoice } from '../../../components/ui/select-field'
import { SelectField } from '../../../components/ui/select-field'
import { Field } from '../../../components/ui/field'

/** The files written beside the audio: one per chapter or block, and subtitles. */
const FILE_FIELDS: {
  label: string
  key: 'split' | 'subtitles'
  choices: SelectChoice[]
}[] = [
  {
    label: 'Files',
    key: 'split',
    choices: [
      { value: 'none', label: 'One file' },
      { value: 'chapter', label: 'One file plus one per chapter' },
      { value: 'block', label: 'One file plus one per block' },
    ],
  },
  {
    label: 'Subtitles',
    key: 'subtitles',
    choices: [
      { value: 'srt', label: 'SRT beside the file' },
      { value: 'vtt', label: 'WebVTT beside the file' },
      { value: 'none', label: 'None' },
    ],
  },
]

/** The files a render writes: one or one per chapter or block, and subtitles beside them. */
export function FileFields(props: {
  settings: RenderSettings
  onChange: (settings: RenderSettings) => void
}): ReactElement {
  const { settings, onChange } = props
  return (
    <>
      {FILE_FIELDS.map(({ label, key, choices }) => (
        <SelectField
          key={key}
          label={label}
          value={settings[key]}
          onChange={(value) => onChange({ ...settings, [key]: value })}
          choices={choices}
        />
      ))}
    </>
  )
}

/** The level of the file, under "More settings": as delivered, or normalized to a target. */
export function LoudnessFields(props: {
  settings: RenderSettings
  preset: DeliveryPreset | null
  onChange: (settings: RenderSettings) => void
}): ReactElement {
  const { settings, preset, onChange } = props
  const aac = isAacContainer(settings.format)
  const targetLufs = settings.loudness.mode === 'target' ? settings.loudness.targetLufs : -16
  const setTarget = (lufs: number): void =>
    onChange({
      ...settings,
      loudness: { mode: 'target', targetLufs: Math.max(-40, Math.min(-5, lufs)) },
    })
  return (
    <>
      <SelectField
        label="Loudness"
        disabled={preset !== null}
        value={settings.loudness.mode}
        onChange={(mode) =>
          onChange({
            ...settings,
            loudness: mode === 'target' ? { mode: 'target', targetLufs } : { mode: 'service' },
          })
        }
        choices={[
          {
            value: 'service',
            label: preset ? `Set by ${preset.name}` : 'As the service delivers it',
          },
          { value: 'target', label: 'Normalize to a target', disabled: aac || preset !== null },
        ]}
      />
      {aac && (
        <p className="field__hint render-dialog__note">
          {settings.format === 'm4b' ? 'M4B' : 'AAC'} keeps the service's own sound: its sample rate
          and level as delivered, and pauses a few milliseconds off. Choose WAV, MP3 or Ogg for
          exact pauses.
          {settings.format === 'm4b' && ' Chapters come from the script’s headings.'}
        </p>
      )}
      {settings.loudness.mode === 'target' && (
        <Field label="Target (LUFS)">
          <input
            className="input"
            type="number"
            min={-40}
            max={-5}
            step={1}
            value={targetLufs}
            onChange={(e) => setTarget(Number(e.target.value))}
          />
        </Field>
      )}
    </>
  )
}
