import { useCallback, useEffect, useState } from 'react'
import { cancelImport, onImportProgress } from '../api/document-files'
import type { ReadingProgress } from '../components/reading-words'

/** A manuscript being read after the open dialog: its id (for Cancel). */
export interface OpenReading {
  importId: string
}

/**
 * The reading of a file chosen in the open dialog (an EPUB book, a Word document): its id while it
 * runs, with a Cancel that stops it and opens nothing. Its progress is heard by the dialog that
 * shows it ({@link useReadingProgress}), so a report redraws that dialog, not the workspace.
 */
export function useOpenProgress() {
  const [reading, setReading] = useState<OpenReading | null>(null)
  /** A new reading's id, to send with the open call. */
  const begin = useCallback((): string => {
    const importId = crypto.randomUUID()
    setReading({ importId })
    return importId
  }, [])
  const end = useCallback(() => setReading(null), [])
  return {
    openReading: reading,
    beginOpenReading: begin,
    endOpenReading: end,
    /** Stops the reading (the open then ends cancelled, and nothing is opened). */
    cancelOpenReading: () => {
      if (reading !== null) void cancelImport(reading.importId).catch(() => {})
      setReading(null)
    },
  }
}

/** What main last reported of the reading `importId` (undefined before its first report). */
export function useReadingProgress(importId: string | null): ReadingProgress | undefined {
  const [heard, setHeard] = useState<{ importId: string; progress: ReadingProgress } | null>(null)
  useEffect(
    () =>
      onImportProgress(({ importId: id, done, total, unit }) => {
        if (id === importId)
          setHeard({ importId: id, progress: { done, total, unit: unit ?? 'page' } })
      }),
    [importId],
  )
  return heard !== null && heard.importId === importId ? heard.progress : undefined
}
