import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import type { VoiceoverSettingsInput } from '../../../../../shared/domain/voiceover'
import { projectKey } from '../api/project-cache'
import { changeSettings, useVoiceoverProject } from '../api/voiceover-api'
import { useVoiceoverStore } from '../stores/voiceover-store'

/** The open voice-over's voices as another workspace sees them, with the way to change them. */
export interface OpenVoiceoverCast {
  name: string
  mainVoiceId: string | null
  speakers: { name: string; voiceId: string | null }[]
  /** Changes the project's voices through main, as the Voice-over toolbar does. */
  apply(settings: Pick<VoiceoverSettingsInput, 'voiceId' | 'cast'>): Promise<void>
}

/**
 * The project open in Voice-over (null: none), read from main's view of it. A change goes through
 * the same setSettings call as the workspace's own Main voice and Cast; the view is then asked for
 * again, so it never depends on the shape of that call's answer.
 */
export function useOpenVoiceoverCast(): OpenVoiceoverCast | null {
  const projectId = useVoiceoverStore((s) => s.projectId)
  const { data: project } = useVoiceoverProject(projectId)
  const queryClient = useQueryClient()
  return useMemo(() => {
    if (projectId === null || project === undefined) return null
    return {
      name: project.subtitleName,
      mainVoiceId: project.settings.voiceId,
      speakers: project.speakers.map((name) => ({
        name,
        voiceId: project.settings.cast[name] ?? null,
      })),
      apply: async (settings) => {
        await changeSettings(projectId, settings)
        await queryClient.invalidateQueries({ queryKey: projectKey(projectId) })
      },
    }
  }, [projectId, project, queryClient])
}

/**
 * Asks Voice-over to open its subtitle picker as soon as it shows, and to make `voiceId` the main
 * voice of the subtitles opened from it (the caller opens the workspace).
 */
export function voiceNextSubtitles(voiceId: string): void {
  useVoiceoverStore.setState({ voiceForOpen: voiceId, pickerWanted: true })
}

/**
 * Opens the subtitle picker when Voices asked for it (voiceNextSubtitles), once: the request is
 * taken before the dialog opens, so showing the workspace again never opens it a second time.
 */
export function usePickerRequest(open: () => void): void {
  const wanted = useVoiceoverStore((s) => s.pickerWanted)
  useEffect(() => {
    if (!wanted || !useVoiceoverStore.getState().pickerWanted) return
    useVoiceoverStore.setState({ pickerWanted: false })
    open()
  }, [wanted, open])
}
