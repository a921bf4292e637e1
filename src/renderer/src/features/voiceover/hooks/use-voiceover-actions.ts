import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import type {
  VoiceoverFit,
  VoiceoverLine,
  VoiceoverOverlapChoice,
  VoiceoverOverlapQuestion,
  VoiceoverPatch,
  VoiceoverProgress,
  VoiceoverProject,
  VoiceoverSettingsInput,
} from '../../../../../shared/domain/voiceover'
import { applyVoiceoverPatch } from '../../../../../shared/domain/voiceover-patch'
import type { AppErrorData } from '../../../../../shared/errors'
import { AppError } from '../../../../../shared/errors'
import {
  cancelRender,
  changeSettings,
  chooseVideo,
  editLine,
  openSubtitles,
  projectKey,
  resolveOverlaps,
  saveReport,
  saveRetimed,
  saveVoiceover,
  setLineFit,
  startRender,
  useRenderEvents,
} from '../api/voiceover-api'
import { useVoiceoverStore } from '../stores/voiceover-store'

/** Follows the render this window started: its progress into the store, its failure shown. */
function useRenderFollow(setError: (error: unknown) => void): void {
  const onProgress = useCallback(
    (progress: VoiceoverProgress) =>
      useVoiceoverStore.setState((s) =>
        s.render.kind === 'running' ? { render: { ...s.render, progress } } : s,
      ),
    [],
  )
  const onEnded = useCallback(
    (ended: { ok: boolean; error?: AppErrorData }) => {
      useVoiceoverStore.getState().setRender({ kind: 'idle' })
      if (!ended.ok && ended.error && ended.error.code !== 'CANCELLED')
        setError(AppError.fromData(ended.error))
    },
    [setError],
  )
  useRenderEvents({ onProgress, onEnded })
}

/** Opening subtitles: main's dialog, and the question about overlapping cues when there is one. */
function useOpenSubtitles(deps: {
  run: (work: () => Promise<void>) => Promise<void>
  show: (project: VoiceoverProject) => void
  onOpened: () => void
}) {
  const { run, show, onOpened } = deps
  const setProject = useVoiceoverStore((s) => s.setProject)
  const [question, setQuestion] = useState<VoiceoverOverlapQuestion | null>(null)
  const opened = (project: VoiceoverProject): void => {
    setQuestion(null)
    show(project)
    onOpened()
    setProject(project.projectId)
  }
  return {
    question,
    open: () =>
      run(async () => {
        const result = await openSubtitles()
        if (result === null) return
        if ('kind' in result) setQuestion(result)
        else opened(result)
      }),
    answer: (choice: VoiceoverOverlapChoice) =>
      run(async () => {
        if (question !== null) opened(await resolveOverlaps(question.pendingId, choice))
      }),
    dismissQuestion: () => setQuestion(null),
  }
}

/**
 * Applies an edit's answer, which holds only the lines it changed: patched into the view main sent
 * last, or, when the view is not the one the patch was made from, the whole view asked for again.
 */
function usePatchView(): (answer: VoiceoverPatch) => void {
  const queryClient = useQueryClient()
  return useCallback(
    (answer: VoiceoverPatch): void => {
      const key = projectKey(answer.projectId)
      const next = applyVoiceoverPatch(queryClient.getQueryData<VoiceoverProject>(key), answer)
      if (next !== null) queryClient.setQueryData(key, next)
      else void queryClient.invalidateQueries({ queryKey: key })
    },
    [queryClient],
  )
}

/** Every action of the workspace, with the last error and the last saved file. */
export function useVoiceoverActions(projectId: string | null) {
  const queryClient = useQueryClient()
  const store = useVoiceoverStore()
  const [error, setError] = useState<unknown>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const show = useCallback(
    (project: VoiceoverProject | null): void => {
      if (project === null) return
      queryClient.setQueryData(projectKey(project.projectId), project)
    },
    [queryClient],
  )
  const patch = usePatchView()
  const run = useCallback(async (work: () => Promise<void>): Promise<void> => {
    setError(null)
    setPending(true)
    try {
      await work()
    } catch (caught) {
      setError(caught)
    } finally {
      setPending(false)
    }
  }, [])

  useRenderFollow(setError)

  const opening = useOpenSubtitles({ run, show, onOpened: () => setSaved(null) })
  const id = projectId ?? ''
  return {
    error,
    saved,
    pending,
    dismissError: () => setError(null),
    ...opening,
    addVideo: () => run(async () => show(await chooseVideo(id))),
    edit: (line: VoiceoverLine, text: string) =>
      run(async () => patch(await editLine(id, line.cue, text))),
    settings: (settings: VoiceoverSettingsInput) =>
      run(async () => show(await changeSettings(id, settings))),
    lineFit: (line: VoiceoverLine, fit: VoiceoverFit | null) =>
      run(async () => patch(await setLineFit(id, line.cue, fit))),
    render: () =>
      run(async () => {
        store.setRender({ kind: 'running', jobId: null, progress: null })
        try {
          const { jobId } = await startRender(id)
          useVoiceoverStore.setState((s) =>
            s.render.kind === 'running' ? { render: { ...s.render, jobId } } : s,
          )
        } catch (caught) {
          store.setRender({ kind: 'idle' })
          throw caught
        }
      }),
    cancel: () =>
      run(async () => {
        const { render } = useVoiceoverStore.getState()
        if (render.kind === 'running' && render.jobId !== null) await cancelRender(render.jobId)
      }),
    save: () =>
      run(async () => {
        const result = await saveVoiceover(id, store.keepOriginal ? 'keep' : 'drop', store.audio)
        if (result !== null) setSaved(result.fileName)
      }),
    saveReport: () =>
      run(async () => {
        const result = await saveReport(id)
        if (result !== null) setSaved(result.fileName)
      }),
    saveRetimed: () =>
      run(async () => {
        const result = await saveRetimed(id)
        if (result !== null) setSaved(result.fileName)
      }),
  }
}
