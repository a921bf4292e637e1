import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { AppErrorData } from '../../../../../shared/errors'
import { AppError } from '../../../../../shared/errors'
import type { RenderStatus } from '../../../../../shared/domain/script-workspace'
import { refreshAllBlockMarks } from '../api/document-sync'
import { followRenders } from '../api/render-api'
import { useRenderOverview } from '../api/script-api'
import { isPending } from '../components/block-state'
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
 * While a render runs, names the block it is at: the first, in the script's order, without its
 * audio. Why guess: the progress events count the blocks done but do not say which one is being
 * spoken, and the render goes through the script in order. Walked again only when the marks or
 * the order change (once a second at most during a render), once for all rows.
 */
function useInFlightBlock(isRunning: boolean): void {
  useEffect(() => {
    const place = (): void => {
      const store = useBlockMarksStore.getState()
      const { order } = useScriptDocumentStore.getState()
      store.setInFlight(order.find((id) => isPending(store.marks[id])) ?? null)
    }
    if (!isRunning) {
      useBlockMarksStore.getState().setInFlight(null)
      return
    }
    place()
    // Subscribed outside React, so the workspace is not drawn again each time a mark changes.
    const stopMarks = useBlockMarksStore.subscribe((now, before) => {
      if (now.marks !== before.marks) place()
    })
    const stopOrder = useScriptDocumentStore.subscribe((now, before) => {
      if (now.order !== before.order) place()
    })
    return () => {
      stopMarks()
      stopOrder()
      useBlockMarksStore.getState().setInFlight(null)
    }
  }, [isRunning])
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
  useInFlightBlock(isRunning)
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
