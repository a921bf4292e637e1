import { stat } from 'node:fs/promises'
import { basename } from 'node:path'
import { writeFileAtomic } from '../files/atomic-write'
import type { DialogFilter, PlatformPorts } from '../platform-ports'
import type { VoiceoverProjectFile } from '../voiceover/voiceover-project-file'
import {
  linesOfFile,
  VOICEOVER_PROJECT_EXTENSION,
  VOICEOVER_PROJECT_KIND,
  VOICEOVER_PROJECT_VERSION,
} from '../voiceover/voiceover-project-file'
import { runVoiceoverOffMain } from '../voiceover/voiceover-offload'
import type { OpenVoiceover } from './voiceover-state'
import { newVoiceover } from './voiceover-state'

/** The project files the save and open dialogs offer. */
export const PROJECT_FILTERS: DialogFilter[] = [
  { name: 'Voice-over project', extensions: [VOICEOVER_PROJECT_EXTENSION] },
]

/** The file a project is saved as: its choices, its lines as edited, and where its files are. */
export function projectFileOf(project: OpenVoiceover): VoiceoverProjectFile {
  return {
    kind: VOICEOVER_PROJECT_KIND,
    version: VOICEOVER_PROJECT_VERSION,
    subtitleName: project.subtitleName,
    subtitlePath: project.subtitlePath,
    videoPath: project.video?.path ?? null,
    voiceId: project.voiceId,
    cast: { ...project.cast },
    fit: project.fit,
    maxRate: project.maxRate,
    lines: project.lines.map((line) => {
      const own = project.lineFits.get(line.cue)
      return own === undefined ? { ...line } : { ...line, fit: own }
    }),
  }
}

/**
 * Writes the project where the user chooses in main's dialog (starting at its last place), and
 * remembers that place. Null when cancelled. Why main writes the paths: the page never sees one,
 * so it cannot make a project that points main at a file the user did not choose.
 */
export async function saveProjectFile(
  project: OpenVoiceover,
  dialogs: Pick<PlatformPorts, 'showSaveDialog'>,
  ownerId: number,
): Promise<{ fileName: string } | null> {
  const stem = project.subtitleName.replace(/\.[^.]+$/, '')
  const target = await dialogs.showSaveDialog(ownerId, {
    title: 'Save the voice-over project',
    defaultName: project.projectPath ?? `${stem}.${VOICEOVER_PROJECT_EXTENSION}`,
    filters: PROJECT_FILTERS,
  })
  if (target === null) return null
  await writeFileAtomic(target, `${JSON.stringify(projectFileOf(project), null, 1)}\n`)
  project.projectPath = target
  return { fileName: basename(target) }
}

/** The video a saved project names, when it is still there (its length read off main again). */
async function videoOf(path: string | null): Promise<OpenVoiceover['video'] | 'missing' | null> {
  if (path === null) return null
  let bytes: number
  try {
    bytes = (await stat(path)).size
  } catch {
    return 'missing'
  }
  const durationMs = await runVoiceoverOffMain({ kind: 'videoDuration', path })
  return { path, name: basename(path), bytes, durationMs }
}

/**
 * A project reopened from its file (read and checked on the voice-over thread): its lines as
 * edited, cast, fits and pace; its video when still where it was, else named as missing.
 */
export async function readProject(
  path: string,
): Promise<{ project: OpenVoiceover; missingVideo: string | null }> {
  const file = await runVoiceoverOffMain({ kind: 'readProject', path, fileName: basename(path) })
  const { lines, lineFits } = linesOfFile(file)
  const project = newVoiceover(file.subtitleName, lines, file.subtitlePath)
  project.projectPath = path
  project.voiceId = file.voiceId
  project.cast = { ...file.cast }
  project.fit = file.fit
  project.maxRate = file.maxRate
  project.lineFits = lineFits
  const video = await videoOf(file.videoPath)
  project.video = video === 'missing' ? null : video
  return {
    project,
    missingVideo: video === 'missing' && file.videoPath !== null ? basename(file.videoPath) : null,
  }
}
