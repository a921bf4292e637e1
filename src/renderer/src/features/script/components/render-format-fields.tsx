import type { ReactElement } from 'react'
import type { DeliveryPreset } from '../../../../../shared/domain/delivery'
import {
  MP3_BITRATES,
  MPEG2_MAX_KBPS,
  mp3BitrateFits,
} from '../../../../../shared/domain/mp3-encoding'
import type { RenderSettings } from '../../../../../shared/domain/script-workspace'
import { isAacContainer } from '../../../../../shared/domain/speech'
import { SelectField } from '../../../components/ui/select-field'
import { settingsForFormat } from './render-settings'

type Update = (settings: RenderSettings) => void

/** Whether an MP3 render's chosen bitrate can be written at `sampleRate` (any other format can). */
function fitsRate(settings: RenderSettings, sampleRate: number): boolean {
  const mp3 = settings.mp3
  return (
    settings.format !== 'mp3' || mp3?.mode !== 'cbr' || mp3BitrateFits(mp3.bitrateKbps, sampleRate)
  )
}

/** What kind of file the render makes: the first choice after "Made for". */
export function FormatField(props: {
  settings: RenderSettings
  preset: DeliveryPreset | null
  onChange: Update
}): ReactElement {
  const { settings, preset, onChange } = props
  return (
    <SelectField
      label="Format"
      disabled={preset?.format !== undefined}
      value={settings.format}
      onChange={(format) =>
        onChange(settingsForFormat(settings, format as RenderSettings['format']))
      }
      choices={[
        { value: 'mp3', label: 'MP3' },
        { value: 'wav', label: 'WAV' },
        { value: 'ogg', label: 'Ogg Vorbis' },
        // A preset sets the level with a gain, which AAC frames joined as sent cannot take.
        { value: 'm4b', label: 'M4B audiobook (chapters, cover)', disabled: preset !== null },
        { value: 'aac', label: 'AAC (ADTS)', disabled: preset !== null },
        { value: 'pcm', label: 'Raw PCM' },
      ]}
    />
  )
}

/** The file's encoding, under "More settings": sample rate and MP3 bitrate. */
export function EncodingFields(props: {
  settings: RenderSettings
  preset: DeliveryPreset | null
  /** Why the MP3 bitrate cannot be encoded at this rate, or null. */
  mp3Problem: string | null
  onChange: Update
}): ReactElement {
  const { settings, preset, onChange } = props
  return (
    <>
      <SelectField
        label="Sample rate"
        disabled={isAacContainer(settings.format) || preset?.sampleRate !== undefined}
        value={settings.sampleRate}
        onChange={(rate) =>
          onChange({ ...settings, sampleRate: Number(rate) as RenderSettings['sampleRate'] })
        }
        choices={[
          // Offered only when it can carry the MP3 bitrate chosen; else it says why not.
          fitsRate(settings, 24_000)
            ? { value: '24000', label: "24 kHz (the service's own)" }
            : {
                value: '24000',
                label: `24 kHz (only up to ${MPEG2_MAX_KBPS} kbps)`,
                disabled: true,
              },
          { value: '44100', label: '44.1 kHz' },
          { value: '48000', label: '48 kHz' },
        ]}
      />
      {settings.format === 'mp3' && (
        <Mp3Bitrate
          settings={settings}
          preset={preset}
          mp3Problem={props.mp3Problem}
          onChange={onChange}
        />
      )}
    </>
  )
}

function Mp3Bitrate(props: {
  settings: RenderSettings
  preset: DeliveryPreset | null
  mp3Problem: string | null
  onChange: Update
}): ReactElement {
  const { settings, mp3Problem } = props
  const mp3 = settings.mp3 ?? { mode: 'vbr' as const }
  return (
    <>
      <SelectField
        label="MP3 bitrate"
        disabled={props.preset?.mp3 !== undefined}
        describedBy={mp3Problem !== null ? 'mp3-bitrate-error' : undefined}
        value={mp3.mode === 'cbr' ? String(mp3.bitrateKbps) : 'vbr'}
        onChange={(value) => {
          const kbps = MP3_BITRATES.find((b) => String(b) === value)
          props.onChange({
            ...settings,
            mp3: kbps === undefined ? { mode: 'vbr' } : { mode: 'cbr', bitrateKbps: kbps },
          })
        }}
        choices={[
          { value: 'vbr', label: 'Variable' },
          ...MP3_BITRATES.map((kbps) =>
            mp3BitrateFits(kbps, settings.sampleRate)
              ? { value: String(kbps), label: `${kbps} kbps constant` }
              : {
                  value: String(kbps),
                  label: `${kbps} kbps constant (needs 44.1 or 48 kHz)`,
                  disabled: true,
                },
          ),
        ]}
      />
      {mp3.mode === 'cbr' && mp3Problem === null && (
        <p className="field__hint render-dialog__note">
          Constant bitrate: every second of the file takes the same space. ACX/Audible asks for 192
          kbps at 44.1 kHz.
        </p>
      )}
      {mp3Problem !== null && (
        <p className="field__error render-dialog__note" role="alert" id="mp3-bitrate-error">
          {mp3Problem}
        </p>
      )}
    </>
  )
}
