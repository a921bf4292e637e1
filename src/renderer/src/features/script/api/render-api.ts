import { useQuery } from '@tanstack/react-query'
import type { PlaybackWord, RenderPlayback } from '../../../../../shared/domain/render-playback'
import { MAX_AUDIO_CHUNK_BYTES } from '../../../../../shared/domain/render-playback'
import { call } from '../../../lib/ipc'

/** The in-app player's view of a document's last finished render (keyed by when it finished). */
export function useRenderPlayback(docId: string, finishedAt: string) {
  return useQuery<RenderPlayback>({
    queryKey: ['script', 'render-playback', docId, finishedAt],
    queryFn: () => call((api) => api.script.renderPlayback({ docId })),
    staleTime: Infinity,
    retry: false,
  })
}

/** A 44-byte WAV header for raw 16-bit mono PCM, so the audio element can play a .pcm render. */
function wavHeader(dataBytes: number, sampleRate: number): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(44)
  const view = new DataView(header.buffer)
  const tag = (at: number, text: string): void => {
    for (let i = 0; i < 4; i += 1) header[at + i] = text.charCodeAt(i)
  }
  tag(0, 'RIFF')
  view.setUint32(4, 36 + dataBytes, true)
  tag(8, 'WAVE')
  tag(12, 'fmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true)
  view.setUint16(22, 1, true)
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate * 2, true)
  view.setUint16(32, 2, true)
  view.setUint16(34, 16, true)
  tag(36, 'data')
  view.setUint32(40, dataBytes, true)
  return header
}

/**
 * The finished render as a Blob the audio element can play, read from main chunk by chunk
 * (`onProgress` gets the fraction read). Chromium keeps a large Blob on disk, not in memory.
 */
export async function loadRenderAudio(
  docId: string,
  playback: RenderPlayback,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<Blob> {
  const parts: Uint8Array<ArrayBuffer>[] = []
  if (playback.rawPcmRate !== null) parts.push(wavHeader(playback.bytes, playback.rawPcmRate))
  let offset = 0
  while (offset < playback.bytes) {
    if (signal.aborted) throw new DOMException('The player was closed.', 'AbortError')
    const length = Math.min(MAX_AUDIO_CHUNK_BYTES, playback.bytes - offset)
    const chunk = await call((api) => api.script.renderAudioChunk({ docId, offset, length }))
    if (chunk.byteLength === 0) break
    parts.push(new Uint8Array(chunk))
    offset += chunk.byteLength
    onProgress(offset / playback.bytes)
  }
  return new Blob(parts, { type: playback.mimeType })
}

/** The words heard between two times of the last finished render. */
export function fetchRenderWords(
  docId: string,
  fromMs: number,
  toMs: number,
): Promise<PlaybackWord[]> {
  return call((api) => api.script.renderWords({ docId, fromMs, toMs }))
}

/** Shows the last finished render in the file manager. */
export function revealRenderOutput(docId: string): Promise<void> {
  return call((api) => api.script.revealOutput({ docId }))
}

/** Opens the last finished render in the system's default player. */
export function openRenderOutput(docId: string): Promise<void> {
  return call((api) => api.script.openOutput({ docId }))
}
