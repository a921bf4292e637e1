import { call } from '../../../lib/ipc'

/**
 * A conversation's recording, whole: main downloads it (the page makes no network requests) and
 * hands the bytes over in chunks, read here in order until the size main announced.
 */
export async function loadRecording(id: string): Promise<{ blob: Blob; bytes: number }> {
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
