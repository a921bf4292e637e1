import type { ProjectDefaults } from './script'
import type { RenderSettings } from './script-workspace'

/**
 * A project's defaults with a render's settings applied: its format, rate, level, MP3 bitrate and
 * delivery preset become the project's (a render without a preset drops the old one). The render
 * dialog keeps them for the next render; main renders from them.
 */
export function defaultsForRender(
  defaults: ProjectDefaults,
  settings: RenderSettings,
): ProjectDefaults {
  const { preset: _previous, ...kept } = defaults
  return {
    ...kept,
    format: settings.format,
    sampleRate: settings.sampleRate,
    loudness: settings.loudness,
    ...(settings.mp3 ? { mp3: settings.mp3 } : {}),
    ...(settings.preset ? { preset: settings.preset } : {}),
  }
}
