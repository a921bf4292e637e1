import type { DeliveryPreset } from '../../../../../shared/domain/delivery'
import type { ProjectDefaults } from '../../../../../shared/domain/script'
import type { RenderSettings } from '../../../../../shared/domain/script-workspace'
import { mp3BitrateFits } from '../../../../../shared/domain/mp3-encoding'
import { isAacContainer } from '../../../../../shared/domain/speech'

/**
 * `settings` as an MP3 can be written: a constant bitrate over what the sample rate holds (a
 * project saved that way, or AAC's 24 kHz kept on the way back to MP3) keeps the bitrate the
 * user chose and takes 44.1 kHz. Why here, for every way into the dialog: the render would
 * otherwise be refused after the user pressed Render.
 */
export function withWritableMp3(settings: RenderSettings): RenderSettings {
  const mp3 = settings.mp3
  if (settings.format !== 'mp3' || mp3?.mode !== 'cbr') return settings
  return mp3BitrateFits(mp3.bitrateKbps, settings.sampleRate)
    ? settings
    : { ...settings, sampleRate: 44_100 }
}

/** The render dialog's first settings: the project's defaults, SRT subtitles, one file. */
export function initialRenderSettings(defaults: ProjectDefaults): RenderSettings {
  return withWritableMp3({
    format: defaults.format,
    sampleRate: isAacContainer(defaults.format) ? 24_000 : defaults.sampleRate,
    // ACX takes one file per chapter.
    split: defaults.preset === 'acx' ? 'chapter' : 'none',
    subtitles: 'srt',
    loudness: defaults.loudness,
    ...(defaults.mp3 ? { mp3: defaults.mp3 } : {}),
    ...(defaults.preset ? { preset: defaults.preset } : {}),
  })
}

/**
 * The settings a preset needs: its format, rate and MP3 bitrate; a format that takes no gain
 * (AAC, M4B) becomes MP3; the level is the preset's. ACX takes one file per chapter.
 */
export function settingsForPreset(
  settings: RenderSettings,
  preset: DeliveryPreset,
): RenderSettings {
  const format = preset.format ?? (isAacContainer(settings.format) ? 'mp3' : settings.format)
  return {
    ...settings,
    preset: preset.id,
    format,
    ...(preset.sampleRate ? { sampleRate: preset.sampleRate } : {}),
    ...(preset.mp3 && format === 'mp3' ? { mp3: preset.mp3 } : {}),
    loudness: { mode: 'service' },
    ...(preset.id === 'acx' ? { split: 'chapter' as const } : {}),
  }
}

/** A new format: AAC frames come from the service as they are (its rate, no gain applied). */
export function settingsForFormat(
  settings: RenderSettings,
  format: RenderSettings['format'],
): RenderSettings {
  return isAacContainer(format)
    ? { ...settings, format, sampleRate: 24_000, loudness: { mode: 'service' } }
    : withWritableMp3({ ...settings, format })
}
