import { useEffect, useState } from 'react'
import { loadRecording } from '../api/recording-api'

export type RecordingState =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'ready'; url: string; bytes: number }
  | { kind: 'error'; error: unknown }

/**
 * The recording of a conversation as a blob: URL. Main downloads it (the page makes no network
 * requests) and hands the bytes over in chunks; the URL is revoked when the view goes.
 * `attempt` changes to try again after a failure.
 */
export function useRecording(
  id: string,
  recordingUrl: string | null,
  attempt: number,
): RecordingState {
  const key = recordingUrl === null ? null : `${id}|${attempt}|${recordingUrl}`
  const [result, setResult] = useState<{ key: string; state: RecordingState } | null>(null)
  useEffect(() => {
    if (key === null) return
    let cancelled = false
    let url: string | null = null
    loadRecording(id).then(
      ({ blob, bytes }) => {
        if (cancelled) return
        url = URL.createObjectURL(blob)
        setResult({ key, state: { kind: 'ready', url, bytes } })
      },
      (error: unknown) => {
        if (!cancelled) setResult({ key, state: { kind: 'error', error } })
      },
    )
    return () => {
      cancelled = true
      if (url !== null) URL.revokeObjectURL(url)
    }
  }, [id, key])
  if (key === null) return { kind: 'none' }
  if (result?.key !== key) return { kind: 'loading' }
  return result.state
}
