import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { AppErrorData } from '../../../../../shared/errors'
import { AppError } from '../../../../../shared/errors'
import type { RenderStatus } from '../../../../../shared/domain/script-workspace'
import { refreshAllBlockMarks } from '../api/document-sync'
import { followRenders } from '../api/render-api'
import { useRenderOverview } from '../api/script-api'
import { useScriptDocumentStore } from '../stores/script-document-store'

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

  useEffect(() => {
    return followRenders({
      progress: (status) => setLive(status),
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
  }, [queryClient])

  const running = live ?? overview.data?.running ?? null
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
