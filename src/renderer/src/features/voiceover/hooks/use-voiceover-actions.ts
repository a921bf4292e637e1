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
import type { AppErrorData } from '../../../../../shared/errors'
import { AppError } from '../../../../../shared/errors'
import {
  cancelRender,
  changeSettings,
  closeProject,
  chooseVideo,
  editLine,
  openProject,
  openSample,
  openSubtitles,
  resolveOverlaps,
  saveReport,
  saveProject,
  saveRetimed,
  saveVoiceover,
  setLineFit,
  startRender,
  useRenderEvents,
} from '../api/voiceover-api'
import { patchCachedProject, projectKey } from '../api/project-cache'
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

/** The voice waiting for the subtitles being opened, taken once (null: none). */
function takeVoiceForOpen(): string | null {
  const voiceId = useVoiceoverStore.getState().voiceForOpen
  useVoiceoverStore.setState({ voiceForOpen: null })
  return voiceId
}

/**
 * Opening subtitles: main's dialog, and the question about overlapping cues when there is one.
 * A voice chosen in Voices for them becomes the opened project's main voice, through the same
 * settings change as the toolbar's Main voice; a cancelled picker or question forgets it.
 */
function useOpenSubtitles(deps: {
  run: (work: () => Promise<void>) => Promise<void>
  show: (project: VoiceoverProject) => void
  patch: (answer: VoiceoverPatch) => void
  onOpened: () => void
}) {
  const { run, show, patch, onOpened } = deps
  const setProject = useVoiceoverStore((s) => s.setProject)
  const [question, setQuestion] = useState<VoiceoverOverlapQuestion | null>(null)
  const opened = async (project: VoiceoverProject): Promise<void> => {
    setQuestion(null)
    show(project)
    onOpened()
    setProject(project.projectId)
    const voiceId = takeVoiceForOpen()
    if (voiceId !== null) patch(await changeSettings(project.projectId, { voiceId }))
  }
  return {
    question,
    open: () =>
      run(async () => {
        try {
          const result = await openSubtitles()
          if (result === null) takeVoiceForOpen()
          else if ('kind' in result) setQuestion(result)
          else await opened(result)
        } catch (caught) {
          takeVoiceForOpen()
          throw caught
        }
      }),
    answer: (choice: VoiceoverOverlapChoice) =>
      run(async () => {
        if (question !== null) await opened(await resolveOverlaps(question.pendingId, choice))
      }),
    dismissQuestion: () => {
      takeVoiceForOpen()
      setQuestion(null)
    },
  }
}

/**
 * Applies an edit's or a settings change's answer, which holds only the lines it changed: patched
 * into the view main sent last, or, when the view is not the one the patch was made from, the
 * whole view asked for again.
 */
function usePatchView(): (answer: VoiceoverPatch) => void {
  const queryClient = useQueryClient()
  return useCallback(
    (answer: VoiceoverPatch): void => patchCachedProject(queryClient, answer),
    [queryClient],
  )
}

/**
 * A project's own file and the sample: opened (a moved video named in `note`) and saved, each
 * through main's dialogs, so the page never names a path.
 */
function useProjectFiles(deps: {
  run: (work: () => Promise<void>) => Promise<void>
  show: (project: VoiceoverProject) => void
  setSaved: (fileName: string | null) => void
  projectId: string
}) {
  const { run, show, setSaved, projectId } = deps
  const setProject = useVoiceoverStore((s) => s.setProject)
  const [note, setNote] = useState<string | null>(null)
  const opened = (project: VoiceoverProject): void => {
    setSaved(null)
    show(project)
    setProject(project.projectId)
    // The project it replaces is forgotten in main (its rendered track removed with it).
    if (projectId !== '' && projectId !== project.projectId) void closeProject(projectId)
  }
  return {
    note,
    dismissNote: () => setNote(null),
    openSample: () => run(async () => opened(await openSample())),
    openProject: () =>
      run(async () => {
        const result = await openProject()
        if (result === null) return
        opened(result.project)
        setNote(result.missingVideo)
      }),
    saveProject: () =>
      run(async () => {
        const result = await saveProject(projectId)
        if (result !== null) setSaved(result.fileName)
      }),
  }
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
  /** A save through main's dialog: the file's name shown when one was written. */
  const saving = (work: () => Promise<{ fileName: string } | null>): Promise<void> =>
    run(async () => {
      const result = await work()
      if (result !== null) setSaved(result.fileName)
    })

  const files = useProjectFiles({ run, show, setSaved, projectId: projectId ?? '' })
  const opening = useOpenSubtitles({
    run,
    show,
    patch,
    onOpened: () => {
      setSaved(null)
      files.dismissNote()
    },
  })
  const id = projectId ?? ''
  return {
    error,
    saved,
    pending,
    dismissError: () => setError(null),
    ...files,
    ...opening,
    addVideo: () => run(async () => show(await chooseVideo(id))),
    edit: (line: VoiceoverLine, text: string) =>
      run(async () => patch(await editLine(id, line.cue, text))),
    settings: (settings: VoiceoverSettingsInput) =>
      run(async () => patch(await changeSettings(id, settings))),
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
    save: () => saving(() => saveVoiceover(id, store.keepOriginal ? 'keep' : 'drop', store.audio)),
    saveReport: () => saving(() => saveReport(id)),
    saveRetimed: () => saving(() => saveRetimed(id)),
  }
}
