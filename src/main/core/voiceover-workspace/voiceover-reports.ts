import { basename, extname } from 'node:path'
import { AppError } from '../../../shared/errors'
import { writeFileAtomic } from '../files/atomic-write'
import type { PlatformPorts } from '../platform-ports'
import type { VoiceoverSummary } from '../voiceover/voiceover-report'
import {
  retimedSubtitles,
  voiceoverReportJson,
  voiceoverReportText,
} from '../voiceover/voiceover-report'
import type { OpenVoiceover, WrittenTrack } from './voiceover-state'

type Dialogs = Pick<PlatformPorts, 'showSaveDialog'>

const stemOf = (project: OpenVoiceover): string => project.subtitleName.replace(/\.[^.]+$/, '')

function writtenOf(project: OpenVoiceover): {
  track: NonNullable<OpenVoiceover['track']>
  written: WrittenTrack
} {
  const track = project.track
  if (track === null) {
    throw new AppError('NOT_FOUND', 'Render the voice-over first, then save its report.')
  }
  return { track, written: track.written }
}

/**
 * Writes the last render's report per line where the user chooses in main's dialog: JSON for a
 * `.json` name, readable text otherwise. Null when cancelled.
 */
export async function saveReport(
  project: OpenVoiceover,
  dialogs: Dialogs,
  ownerId: number,
): Promise<{ fileName: string } | null> {
  const { track, written } = writtenOf(project)
  const target = await dialogs.showSaveDialog(ownerId, {
    title: 'Save the voice-over report',
    defaultName: `${stemOf(project)} (voice-over report).txt`,
    filters: [
      { name: 'Readable report', extensions: ['txt'] },
      { name: 'JSON report', extensions: ['json'] },
    ],
  })
  if (target === null) return null
  const summary: VoiceoverSummary = {
    // Why a name and not the path: the report may be shared; the track's folder is main's own.
    outputPath: `${stemOf(project)} (voice-over)`,
    durationSeconds: track.durationMs / 1000,
    trackEndMs: written.trackEndMs,
    requests: track.requests,
    billableCharacters: track.characters,
    lines: written.outcomes,
  }
  const json = extname(target).toLowerCase() === '.json'
  await writeFileAtomic(target, json ? voiceoverReportJson(summary) : voiceoverReportText(summary))
  return { fileName: basename(target) }
}

/**
 * Writes the subtitles re-timed to the last render (each cue where its line is heard) where the
 * user chooses in main's dialog: WebVTT for a `.vtt` name, SRT otherwise. Null when cancelled.
 */
export async function saveRetimedSubtitles(
  project: OpenVoiceover,
  dialogs: Dialogs,
  ownerId: number,
): Promise<{ fileName: string } | null> {
  const { written } = writtenOf(project)
  const target = await dialogs.showSaveDialog(ownerId, {
    title: 'Save the re-timed subtitles',
    defaultName: `${stemOf(project)} (re-timed).srt`,
    filters: [
      { name: 'SRT subtitles', extensions: ['srt'] },
      { name: 'WebVTT subtitles', extensions: ['vtt'] },
    ],
  })
  if (target === null) return null
  const kind = extname(target).toLowerCase() === '.vtt' ? 'vtt' : 'srt'
  await writeFileAtomic(target, retimedSubtitles(written.lines, written.outcomes, kind))
  return { fileName: basename(target) }
}
