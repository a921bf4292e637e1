// The Voice-over workspace's calls to main: the open project (react-query holds it), its edits,
// the render job's events, the track and the video read a chunk at a time, and saving.

import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type {
  VoiceoverAudioChoice,
  VoiceoverFit,
  VoiceoverOverlapChoice,
  VoiceoverOverlapQuestion,
  VoiceoverPatch,
  VoiceoverProgress,
  VoiceoverProject,
  VoiceoverSettingsInput,
} from '../../../../../shared/domain/voiceover'
import { MAX_AUDIO_CHUNK_BYTES } from '../../../../../shared/domain/render-playback'
import type { AppErrorData } from '../../../../../shared/errors'
import { call, subscribeAll } from '../../../lib/ipc'
import { projectKey } from './project-cache'

/** An open project as main last described it. */
export function useVoiceoverProject(projectId: string | null) {
  return useQuery<VoiceoverProject>({
    queryKey: projectKey(projectId ?? ''),
    queryFn: () => call((api) => api.voiceover.view({ projectId: projectId ?? '' })),
    enabled: projectId !== null,
    staleTime: Infinity,
  })
}

/**
 * Asks main to show its open dialog for subtitles; null when the user cancelled; a question when
 * their only problem is overlapping cues.
 */
export const openSubtitles = (): Promise<VoiceoverProject | VoiceoverOverlapQuestion | null> =>
  call((api) => api.voiceover.open())

/** Opens the subtitles asked about, their overlapping cues merged or kept. */
export const resolveOverlaps = (
  pendingId: string,
  choice: VoiceoverOverlapChoice,
): Promise<VoiceoverProject> => call((api) => api.voiceover.resolveOverlaps({ pendingId, choice }))

/** Opens the sample subtitles shipped with the app as a new project. */
export const openSample = (): Promise<VoiceoverProject> => call((api) => api.voiceover.openSample())

/**
 * Asks main to show its open dialog for a saved voice-over project; null when cancelled. The
 * video's name when it is no longer where the project was saved (the project opens without it).
 */
export const openProject = (): Promise<{
  project: VoiceoverProject
  missingVideo: string | null
} | null> => call((api) => api.voiceover.openProject())

/** Saves the project (lines, cast, fit, its files) where the user chooses in main's dialog. */
export const saveProject = (projectId: string): Promise<{ fileName: string } | null> =>
  call((api) => api.voiceover.saveProject({ projectId }))

/** Asks main to show its open dialog for the video; null when cancelled. */
export const chooseVideo = (projectId: string): Promise<VoiceoverProject | null> =>
  call((api) => api.voiceover.chooseVideo({ projectId }))

/** Changes a line's words; main answers with the lines that changed. */
export const editLine = (projectId: string, cue: number, text: string): Promise<VoiceoverPatch> =>
  call((api) => api.voiceover.editLine({ projectId, cue, text }))

/** Changes the voice, a speaker's voice, the fit or the fastest pace; answered with the lines changed. */
export const changeSettings = (
  projectId: string,
  settings: VoiceoverSettingsInput,
): Promise<VoiceoverPatch> => call((api) => api.voiceover.setSettings({ projectId, settings }))

/** Gives a line a fit of its own (null: the project's again); answered with the lines changed. */
export const setLineFit = (
  projectId: string,
  cue: number,
  fit: VoiceoverFit | null,
): Promise<VoiceoverPatch> => call((api) => api.voiceover.setLineFit({ projectId, cue, fit }))

/** Starts rendering the track. */
export const startRender = (projectId: string): Promise<{ jobId: string }> =>
  call((api) => api.voiceover.render({ projectId }))

/** Stops a render. */
export const cancelRender = (jobId: string): Promise<{ cancelled: boolean }> =>
  call((api) => api.jobs.cancel({ jobId }))

/** Saves the video with its voice-over (or the track) where the user chooses in main's dialog. */
export const saveVoiceover = (
  projectId: string,
  originalAudio: 'keep' | 'drop',
  audio: VoiceoverAudioChoice,
): Promise<{ fileName: string } | null> =>
  call((api) => api.voiceover.save({ projectId, originalAudio, audio }))

/** Saves the last render's report per line where the user chooses in main's dialog. */
export const saveReport = (projectId: string): Promise<{ fileName: string } | null> =>
  call((api) => api.voiceover.saveReport({ projectId }))

/** Saves the subtitles re-timed to the last render where the user chooses in main's dialog. */
export const saveRetimed = (projectId: string): Promise<{ fileName: string } | null> =>
  call((api) => api.voiceover.saveSubtitles({ projectId }))

/** Forgets the open project in main. */
export const closeProject = (projectId: string): Promise<void> =>
  call((api) => api.voiceover.close({ projectId }))

/** The rendered track or the video as a Blob the page can play, read from main chunk by chunk. */
export async function loadMedia(
  projectId: string,
  file: 'track' | 'video',
  bytes: number,
  type: string,
  signal: AbortSignal,
): Promise<Blob> {
  const parts: Uint8Array<ArrayBuffer>[] = []
  let offset = 0
  while (offset < bytes) {
    if (signal.aborted) throw new DOMException('The player was closed.', 'AbortError')
    const length = Math.min(MAX_AUDIO_CHUNK_BYTES, bytes - offset)
    const chunk = await call((api) => api.voiceover.chunk({ projectId, file, offset, length }))
    if (chunk.byteLength === 0) break
    parts.push(new Uint8Array(chunk))
    offset += chunk.byteLength
  }
  return new Blob(parts, { type })
}

/** What the page hears of a render: its progress, and its end (the project, or the error). */
export interface RenderEvents {
  onProgress: (progress: VoiceoverProgress) => void
  onEnded: (ended: { jobId: string; ok: boolean; error?: AppErrorData }) => void
}

/** Follows render events; a finished render's project replaces the cached one. */
export function useRenderEvents(events: RenderEvents): void {
  const queryClient = useQueryClient()
  const { onProgress, onEnded } = events
  useEffect(
    () =>
      subscribeAll(
        (api) => api.voiceover.onRenderProgress(onProgress),
        (api) =>
          api.voiceover.onRenderEnded((ended) => {
            if (ended.ok) queryClient.setQueryData(projectKey(ended.projectId), ended.project)
            onEnded(ended.ok ? { jobId: ended.jobId, ok: true } : { ...ended })
          }),
      ),
    [queryClient, onProgress, onEnded],
  )
}
