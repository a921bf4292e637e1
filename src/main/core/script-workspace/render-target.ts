import type { Project } from '../../../shared/domain/script'
import type { RenderSettings } from '../../../shared/domain/script-workspace'
import { AppError } from '../../../shared/errors'
import { chooseSavePath } from '../files/save-target'
import { FORMAT_EXTENSIONS } from '../narration/render/render-preflight'
import type { PlatformPorts } from '../platform-ports'
import type { RenderRecord } from './render-records'

/** The save dialog's file type for each format. */
const FORMAT_FILTERS: Record<RenderSettings['format'], { name: string; extensions: string[] }> = {
  mp3: { name: 'MP3 audio', extensions: ['mp3'] },
  wav: { name: 'WAV audio', extensions: ['wav'] },
  ogg: { name: 'Ogg Vorbis audio', extensions: ['ogg'] },
  aac: { name: 'AAC audio (ADTS)', extensions: ['aac'] },
  m4b: { name: 'M4B audiobook', extensions: ['m4b'] },
  pcm: { name: 'Raw PCM (s16le, mono)', extensions: ['pcm'] },
}

/** Settings as one text whatever the order of their fields, to tell two apart. */
function settingsKey(settings: RenderSettings): string {
  const sorted = (value: unknown): unknown =>
    value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]) => [k, sorted(v)]),
        )
      : value
  return JSON.stringify(sorted(settings))
}

function sameSettings(a: RenderSettings, b: RenderSettings): boolean {
  return settingsKey(a) === settingsKey(b)
}

/**
 * Where a render of an open script goes: a resume (`resumed` given) to the stopped render's file
 * when the settings are those it stopped with, else (and for a new render) where the save dialog
 * says (null when cancelled).
 */
export async function chooseRenderTarget(
  platform: Pick<PlatformPorts, 'showSaveDialog'>,
  ownerId: number,
  project: Project,
  settings: RenderSettings,
  resumed: RenderRecord | null | undefined,
): Promise<string | null> {
  if (resumed !== undefined) {
    // Why only a stopped render, with the settings it stopped with: a resume shows no dialog,
    // so it may only finish what the user already confirmed. Rewriting a finished file, or
    // writing it as another format or with other files beside it, asks where again.
    if (resumed === null || resumed.finishedAt !== null) {
      throw new AppError(
        'NOT_FOUND',
        'There is no stopped render to resume. Start a new render instead.',
      )
    }
    if (sameSettings(resumed.settings, settings)) return resumed.outputPath
  }
  const base = project.title.trim() || 'Narration'
  return chooseSavePath(
    platform,
    ownerId,
    {
      title: 'Render the script to',
      defaultName: `${base.replace(/[\\/:*?"<>|]+/g, '-')}.${settings.format}`,
      filters: [FORMAT_FILTERS[settings.format]],
    },
    {
      extension: settings.format,
      // Why another format's extension is asked for again: a WAV body under an .mp3 name would
      // confuse every player, and writing book.wav when the user confirmed book.mp3 would
      // replace a file nobody was asked about.
      accepts: (ext) => FORMAT_EXTENSIONS[settings.format].includes(ext),
      replaces: Object.values(FORMAT_EXTENSIONS).flat(),
    },
  )
}
