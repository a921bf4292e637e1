import { useEffect, useState } from 'react'
import { call } from '../../../lib/ipc'

export type RecordingState =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'ready'; url: string; bytes: number }
  | { kind: 'error'; error: unknown }

async function loadRecording(id: string): Promise<{ blob: Blob; bytes: number }> {
  const info = await call((api) => api.conversations.prepareRecording({ id }))
  const parts: Uint8Array<ArrayBuffer>[] = []
  let offset = 0
  while (offset < info.totalBytes) {
    const chunk = await call((api) => api.conversations.readRecording({ id, offset }))
    if (chunk.byteLength === 0) break
    parts.push(new Uint8Array(chunk))
    offset += chunk.byteLength
  }
  return { blob: new Blob(parts, { type: info.mimeType }), bytes: offset }
}

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
