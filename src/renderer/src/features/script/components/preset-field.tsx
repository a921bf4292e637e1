import type { ReactElement, RefObject } from 'react'
import type { DeliveryPresetId } from '../../../../../shared/domain/delivery'
import { DELIVERY_PRESETS, presetCriteria } from '../../../../../shared/domain/delivery'
import type { RenderSettings } from '../../../../../shared/domain/script-workspace'
import { PresetOptions } from './preset-options'
import { settingsForPreset } from './render-settings'
import { Field } from '../../../components/ui/field'

/** The render dialog's "Made for" choice, and what the chosen preset checks. */
export function PresetField(props: {
  settings: RenderSettings
  onChange: (settings: RenderSettings) => void
  /** The select, for the dialog to focus first. */
  selectRef?: RefObject<HTMLSelectElement | null>
}): ReactElement {
  const { settings, selectRef } = props
  const preset = settings.preset ? DELIVERY_PRESETS[settings.preset] : null
  return (
    <>
      <Field label="Made for" className="render-dialog__wide">
        <select
          ref={selectRef}
          className="input"
          value={settings.preset ?? ''}
          onChange={(e) => {
            const id = e.target.value as DeliveryPresetId | ''
            if (id === '') {
              const { preset: _dropped, ...rest } = settings
              props.onChange(rest)
            } else props.onChange(settingsForPreset(settings, DELIVERY_PRESETS[id]))
          }}
        >
          <PresetOptions />
        </select>
      </Field>
      {preset !== null && (
        <div className="render-dialog__note preset-criteria" data-testid="preset-criteria">
          <p className="field__hint">
            {preset.purpose} VoiceDesk sets the level, keeps peaks under the limit
            {preset.headSilenceS ? ', adds room tone at each end' : ''}, and checks every file after
            rendering:
          </p>
          <ul>
            {presetCriteria(preset).map((c) => (
              <li key={c.label}>
                {c.label}: {c.requirement}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  )
}
