import { useCallback, useEffect, useState } from 'react'
import { cancelImport, onImportProgress } from '../api/document-files'

/** A manuscript being read after the open dialog: its id (for Cancel) and what is read so far. */
export interface OpenReading {
  importId: string
  progress?: { done: number; total: number; unit: 'page' | 'section' }
}

/**
 * The reading of a file chosen in the open dialog (an EPUB book, a Word document): shown once
 * main reports its first part, with a Cancel that stops it and opens nothing.
 */
export function useOpenProgress() {
  const [reading, setReading] = useState<OpenReading | null>(null)
  useEffect(
    () =>
      onImportProgress(({ importId, done, total, unit }) =>
        setReading((current) =>
          current?.importId === importId
            ? { importId, progress: { done, total, unit: unit ?? 'page' } }
            : current,
        ),
      ),
    [],
  )
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
