import type { DeliveryPreset } from '../../../../../shared/domain/delivery'
import type { ProjectDefaults } from '../../../../../shared/domain/script'
import type { RenderSettings } from '../../../../../shared/domain/script-workspace'
import { isAacContainer } from '../../../../../shared/domain/speech'

/** The render dialog's first settings: the project's defaults, SRT subtitles, one file. */
export function initialRenderSettings(defaults: ProjectDefaults): RenderSettings {
  return {
    format: defaults.format,
    sampleRate: isAacContainer(defaults.format) ? 24_000 : defaults.sampleRate,
    // ACX takes one file per chapter.
    split: defaults.preset === 'acx' ? 'chapter' : 'none',
    subtitles: 'srt',
    loudness: defaults.loudness,
    ...(defaults.mp3 ? { mp3: defaults.mp3 } : {}),
    ...(defaults.preset ? { preset: defaults.preset } : {}),
  }
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
    : { ...settings, format }
}
