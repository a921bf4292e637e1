// The in-app player of the last finished render: its waveform and timeline, its audio read from
// main a chunk at a time, and the words heard in a stretch of it.

import { useQuery } from '@tanstack/react-query'
import type {
  PlaybackWord,
  RenderPlayback,
  WaveSlice,
} from '../../../../../shared/domain/render-playback'
import { MAX_AUDIO_CHUNK_BYTES } from '../../../../../shared/domain/render-playback'
import { wavHeader } from '../../../../../shared/domain/wav-header'
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
  if (playback.rawPcmRate !== null)
    parts.push(new Uint8Array(wavHeader(playback.rawPcmRate, 1, playback.bytes)))
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

/**
 * About 3 minutes of the last finished render (AAC or M4B) from `fromSeconds`, as ADTS frames the
 * window decodes for the waveform.
 */
export function fetchWaveSlice(docId: string, fromSeconds: number): Promise<WaveSlice> {
  return call((api) => api.script.renderWaveSlice({ docId, fromSeconds }))
}

/** The words heard between two times of the last finished render. */
export function fetchRenderWords(
  docId: string,
  fromMs: number,
  toMs: number,
): Promise<PlaybackWord[]> {
  return call((api) => api.script.renderWords({ docId, fromMs, toMs }))
}
