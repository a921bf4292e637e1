import { basename, extname } from 'node:path'
import { AppError } from '../../../shared/errors'
import type { PlatformPorts } from '../platform-ports'
import type { OriginalAudio } from '../voiceover/video-mux'
import { runVoiceoverOffMain } from '../voiceover/voiceover-offload'
import { copyFileAtomic } from './voiceover-copy'
import { VIDEO_FILTERS } from './voiceover-files'
import type { OpenVoiceover } from './voiceover-state'

/**
 * Saves a project's rendered voice-over where the user chooses in main's dialog: the video with
 * the voice-over as its first audio track when a video was added, else the audio track. Null
 * when the dialog is cancelled.
 */
export async function saveVoiceover(
  project: OpenVoiceover,
  dialogs: Pick<PlatformPorts, 'showSaveDialog'>,
  ownerId: number,
  originalAudio: OriginalAudio,
): Promise<{ fileName: string } | null> {
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
    defaultName: `${stem} (voice-over).wav`,
    filters: [{ name: 'WAV audio', extensions: ['wav'] }],
  })
  if (target === null) return null
  await copyFileAtomic(track.path, target)
  return { fileName: basename(target) }
}
