import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import type { CleanupPreview, CleanupSettings } from '../../../../../shared/domain/cleanup-rules'
import { defaultCleanup } from '../../../../../shared/domain/cleanup-rules'
import type { OpenedDocument } from '../../../../../shared/domain/script-workspace'
import {
  finishImport,
  previewImportCleanup,
  saveCleanupRules,
  savedCleanupRules,
} from '../api/cleanup-api'
import { closeScript } from '../api/document-files'
import { runnable } from './use-cleanup-preview'

/** A manuscript import waiting for its clean-up review, with the rules it starts from. */
export interface ImportReview {
  opened: OpenedDocument
  settings: CleanupSettings
  preview: CleanupPreview
}

/** How long typing in a rule waits before the rules run again. */
const TYPING_DELAY_MS = 300

/**
 * Between a manuscript's import and its opening: when the rules (the ones last applied, else the
 * defaults) would change something, the import waits for its review instead of opening.
 * `receive` answers whether it is held for review; `cancel` drops it in main, so nothing of it
 * stays. Nothing here reaches the service: the preview runs on main's clean-up thread.
 */
export function useImportReview(
  onError: (error: unknown) => void,
  adopt: (opened: OpenedDocument) => Promise<void>,
) {
  const [review, setReview] = useState<ImportReview | null>(null)
  const receive = useCallback(async (opened: OpenedDocument): Promise<boolean> => {
    if (opened.manuscript !== true) return false
    const settings = (await savedCleanupRules().catch(() => null)) ?? defaultCleanup()
    const preview = await previewImportCleanup(opened.docId, runnable(settings))
    if (!preview.reports.some((report) => report.count > 0)) return false
    setReview({ opened, settings, preview })
    return true
  }, [])
  /** An import opens at once, unless it is a manuscript the rules would change: then reviewed. */
  const receiveOpened = useCallback(
    async (opened: OpenedDocument) => {
      // A preview that fails (a rule too slow) does not stop the import: it opens as imported.
      if (await receive(opened).catch(() => false)) return
      await adopt(opened)
    },
    [adopt, receive],
  )
  const cancel = useCallback(() => {
    if (review === null) return
    setReview(null)
    closeScript(review.opened.docId).catch(onError)
  }, [review, onError])
  /** Opens the reviewed import: cleaned by `settings` (in main), or as imported when null. */
  const open = async (settings: CleanupSettings | null): Promise<void> => {
    const opened = review?.opened
    if (opened === undefined) return
    const finished = settings === null ? opened : await finishImport(opened.docId, settings)
    setReview(null)
    await adopt({ ...finished, ...(opened.notices ? { notices: opened.notices } : {}) })
    // Also the rules a new script starts from; the import is open whether this works or not.
    if (settings !== null) void saveCleanupRules(settings).catch(() => undefined)
  }
  return { review, receiveOpened, cancel, open }
}

/** The review's preview, run again in main when the rules settle. */
export function useImportPreview(
  review: ImportReview | null,
  settings: CleanupSettings,
): { preview: CleanupPreview | null; loading: boolean; error: unknown } {
  const [settled, setSettled] = useState(settings)
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(settings), TYPING_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [settings])
  const first = review !== null && settled === review.settings
  const query = useQuery({
    queryKey: ['script', 'importCleanup', review?.opened.docId, settled],
    queryFn: () => previewImportCleanup(review!.opened.docId, runnable(settled)),
    enabled: review !== null && !first,
    gcTime: 0,
    retry: false,
  })
  if (first) return { preview: review.preview, loading: settled !== settings, error: null }
  const loading = query.isFetching || settled !== settings
  return {
    preview: loading ? null : (query.data ?? null),
    loading,
    error: query.isError && !loading ? query.error : null,
  }
}
