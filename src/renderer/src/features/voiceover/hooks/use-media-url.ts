import { useEffect, useState } from 'react'
import { loadMedia } from '../api/voiceover-api'

/**
 * A blob: URL of the project's rendered track or video, read from main when `version` changes
 * (a new render, another video), and revoked when it is replaced or the workspace closes.
 */
export function useMediaUrl(
  projectId: string,
  file: 'track' | 'video',
  source: { bytes: number; version: string; type: string } | null,
): string | null {
  const [loaded, setLoaded] = useState<{ key: string; url: string } | null>(null)
  const bytes = source?.bytes ?? 0
  const version = source?.version ?? null
  const type = source?.type ?? ''
  const key = `${projectId}|${file}|${version ?? ''}`
  useEffect(() => {
    if (version === null) return
    const controller = new AbortController()
    let made: string | null = null
    loadMedia(projectId, file, bytes, type, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return
        made = URL.createObjectURL(blob)
        setLoaded({ key: `${projectId}|${file}|${version}`, url: made })
      },
      () => undefined,
    )
    return () => {
      controller.abort()
      if (made !== null) URL.revokeObjectURL(made)
    }
  }, [projectId, file, bytes, version, type])
  return version !== null && loaded?.key === key ? loaded.url : null
}
