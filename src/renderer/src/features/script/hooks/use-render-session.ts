import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { AppErrorData } from '../../../../../shared/errors'
import { AppError } from '../../../../../shared/errors'
import type { RenderStatus } from '../../../../../shared/domain/script-workspace'
import { refreshAllBlockMarks } from '../api/document-sync'
import { followRenders } from '../api/render-api'
import { useRenderOverview } from '../api/script-api'
import { useBlockMarksStore } from '../stores/block-marks-store'
import { useScriptDocumentStore } from '../stores/script-document-store'

/** The least time between two asks for the blocks' marks while a render runs. */
const TICK_MS = 1_000

/**
 * While a render runs, asks main for the blocks' marks again each time more blocks have their
 * audio (at most once a second, and once more after the last), so each block turns from
 * "Rendering…" to "Rendered" as its audio arrives. Why not one ask per event: a book sends
 * thousands of progress events, and each ask reads every block's state.
 */
function useBlockTicks(): (blocksDone: number) => void {
  const last = useRef({ at: 0, done: -1, timer: null as ReturnType<typeof setTimeout> | null })
  useEffect(() => {
    const held = last.current
    return () => {
      if (held.timer !== null) clearTimeout(held.timer)
    }
  }, [])
  return useCallback((blocksDone: number) => {
    const held = last.current
    if (blocksDone <= held.done || held.timer !== null) return
    const wait = Math.max(0, held.at + TICK_MS - Date.now())
    held.timer = setTimeout(() => {
      held.timer = null
      held.at = Date.now()
      held.done = blocksDone
      refreshAllBlockMarks()
    }, wait)
  }, [])
}

/**
 * The render of the open document: a snapshot from main (running, resumable, last finished),
 * kept current by the render events of this window.
 */
export function useRenderSession() {
  const docId = useScriptDocumentStore((s) => s.doc?.docId ?? null)
  const overview = useRenderOverview(docId)
  const queryClient = useQueryClient()
  const [live, setLive] = useState<RenderStatus | null>(null)
  const [failure, setFailure] = useState<{ jobId: string; error: AppError } | null>(null)
  const tick = useBlockTicks()

  useEffect(() => {
    return followRenders({
      progress: (status) => {
        setLive(status)
        tick(status.progress.blocksDone)
      },
      ended: (ended) => {
        setLive(null)
        if (!ended.ok) {
          const data: AppErrorData = ended.error
          setFailure({ jobId: ended.jobId, error: AppError.fromData(data) })
        } else {
          setFailure(null)
          refreshAllBlockMarks()
        }
        void queryClient.invalidateQueries({ queryKey: ['script', 'render-overview'] })
      },
    })
  }, [queryClient, tick])

  const running = live ?? overview.data?.running ?? null
  const isRunning = running !== null
  useEffect(() => {
    useBlockMarksStore.getState().setRendering(isRunning)
    return () => useBlockMarksStore.getState().setRendering(false)
  }, [isRunning])
  return {
    running,
    resumable: running === null ? (overview.data?.resumable ?? null) : null,
    finished: running === null ? (overview.data?.lastFinished ?? null) : null,
    failure: running === null ? failure : null,
    clearFailure: () => setFailure(null),
    started: (status: RenderStatus) => {
      setFailure(null)
      setLive(status)
    },
  }
}
