import { basename, extname } from 'node:path'
import { existsSync } from 'node:fs'
import type { Project } from '../../../shared/domain/script'
import type { VoiceoverAudioChoice } from '../../../shared/domain/voiceover'
import { AppError } from '../../../shared/errors'
import type { PieceCache } from '../narration/fetch/piece-cache'
import type { DialogFilter, PlatformPorts } from '../platform-ports'
import type { OriginalAudio } from '../voiceover/video-mux'
import { runVoiceoverOffMain } from '../voiceover/voiceover-offload'
import { writeTrack } from '../voiceover/voiceover-track'
import { copyFileAtomic } from './voiceover-copy'
import { VIDEO_FILTERS } from './voiceover-files'
import type { OpenVoiceover, WrittenTrack } from './voiceover-state'

/**
 * Saves a project's rendered voice-over where the user chooses in main's dialog: the video with
 * the voice-over as its first audio track when a video was added, else the audio track. Null
 * when the dialog is cancelled.
 */
export async function saveVoiceover(
  project: OpenVoiceover,
  where: { dialogs: Pick<PlatformPorts, 'showSaveDialog'>; cache: PieceCache; ownerId: number },
  originalAudio: OriginalAudio,
  audio: VoiceoverAudioChoice,
): Promise<{ fileName: string } | null> {
  const { dialogs, ownerId } = where
  const track = project.track
  if (track === null) throw new AppError('NOT_FOUND', 'Render the voice-over first, then save it.')
  const stem = project.subtitleName.replace(/\.[^.]+$/, '')
  if (project.video) {
    const ext = extname(project.video.name).toLowerCase()
    const target = await dialogs.showSaveDialog(ownerId, {
      title: 'Save the video with its voice-over',
      defaultName: `${project.video.name.replace(/\.[^.]+$/, '')} (voice-over)${ext}`,
      filters: VIDEO_FILTERS,
    })
    if (target === null) return null
    // Muxed on the voice-over thread: mediabunny copies every video packet, which is real work.
    await runVoiceoverOffMain({
      kind: 'mux',
      videoPath: project.video.path,
      audioPath: track.path,
      outputPath: target,
      originalAudio,
    })
    return { fileName: basename(target) }
  }
  const target = await dialogs.showSaveDialog(ownerId, {
    title: 'Save the voice-over',
    defaultName: `${stem} (voice-over).${audio.format}`,
    filters: [AUDIO_FILTERS[audio.format]],
  })
  if (target === null) return null
  if (audio.format === 'wav' && audio.level === 'as-spoken') {
    await copyFileAtomic(track.path, target)
  } else {
    await writeTrackAs(track.written, audio, target, where.cache)
  }
  return { fileName: basename(target) }
}

const AUDIO_FILTERS: Record<VoiceoverAudioChoice['format'], DialogFilter> = {
  wav: { name: 'WAV audio', extensions: ['wav'] },
  mp3: { name: 'MP3 audio', extensions: ['mp3'] },
  ogg: { name: 'Ogg audio', extensions: ['ogg'] },
}

/**
 * Writes the rendered lines again in another format or at a delivery preset's level, through
 * the engine's writer (its encoders and its loudness pass), from the pieces the render spoke.
 */
async function writeTrackAs(
  written: WrittenTrack,
  audio: VoiceoverAudioChoice,
  target: string,
  cache: PieceCache,
): Promise<void> {
  const { preset: _preset, loudness: _loudness, ...defaults } = written.project.defaults
  const project: Project = {
    ...written.project,
    defaults: {
      ...defaults,
      format: audio.format,
      loudness: { mode: 'service' },
      ...(audio.level === 'as-spoken' ? {} : { preset: audio.level }),
    },
  }
  try {
    await writeTrack(
      project,
      written.placed,
      written.spoken,
      written.trackEndMs,
      { outputPath: target, cache },
      new AbortController().signal,
    )
  } catch (error) {
    // The spoken lines live in the cache; one cleared since the render cannot be read back.
    if (error instanceof AppError && error.code === 'DISK' && !existsSync(target)) {
      throw new AppError(
        'NOT_FOUND',
        'Some rendered lines are no longer kept. Render the voice-over again, then save it.',
        { cause: error },
      )
    }
    throw error
  }
}
