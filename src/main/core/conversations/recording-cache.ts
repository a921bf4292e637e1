import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { RecordingInfo } from '../../../shared/domain/conversation-watch'
import { AppError } from '../../../shared/errors'
import { recordingCap } from '../upstream/download-limits'
import type { UpstreamClient } from '../upstream/upstream-client'

const MIME: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  webm: 'audio/webm',
  flac: 'audio/flac',
}

/** Largest piece handed to the window in one call (keeps each IPC message small). */
export const RECORDING_CHUNK_BYTES = 2 * 1024 * 1024

/** A file-name stem for a conversation id (ids are checked at the IPC boundary; this is belt and braces). */
function stemOf(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 120)
}

/**
 * Conversation recordings in `<userData>/cache/recordings/`, downloaded by main (never by the page:
 * the page makes no network requests) and read back in chunks for a blob: URL.
 */
export class RecordingCache {
  readonly dir: string
  readonly #inFlight = new Map<string, Promise<{ path: string; info: RecordingInfo }>>()

  constructor(userDataDir: string) {
    this.dir = join(userDataDir, 'cache', 'recordings')
  }

  async #cached(id: string): Promise<{ path: string; info: RecordingInfo } | null> {
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch {
      return null
    }
    const stem = stemOf(id)
    for (const name of names) {
      const dot = name.lastIndexOf('.')
      if (dot < 0 || name.slice(0, dot) !== stem) continue
      const extension = name.slice(dot + 1)
      const mimeType = MIME[extension]
      if (mimeType === undefined) continue
      const path = join(this.dir, name)
      const { size } = await stat(path)
      return { path, info: { totalBytes: size, mimeType } }
    }
    return null
  }

  /**
   * Downloads the recording once (shared by concurrent callers) and says how big it is. At most
   * what a recording of `durationMs` can be (a fixed cap when the duration is unknown).
   */
  prepare(
    id: string,
    recordingUrl: string,
    client: UpstreamClient,
    signal?: AbortSignal,
    durationMs?: number | null,
  ): Promise<RecordingInfo> {
    let pending = this.#inFlight.get(id)
    if (pending === undefined) {
      const maxBytes = recordingCap(durationMs)
      pending = this.#download(id, recordingUrl, client, maxBytes, signal).finally(() =>
        this.#inFlight.delete(id),
      )
      this.#inFlight.set(id, pending)
    }
    return pending.then((r) => r.info)
  }

  async #download(
    id: string,
    recordingUrl: string,
    client: UpstreamClient,
    maxBytes: number,
    signal?: AbortSignal,
  ): Promise<{ path: string; info: RecordingInfo }> {
    const cached = await this.#cached(id)
    if (cached !== null) return cached
    await mkdir(this.dir, { recursive: true })
    const temp = join(this.dir, `${stemOf(id)}.download`)
    // Why bounded while it arrives: an endless body must not fill the disk (the temp file is
    // removed when the bound is passed).
    const file = await client.downloadRecording(recordingUrl, temp, {
      maxBytes,
      ...(signal ? { signal } : {}),
    })
    const mimeType = MIME[file.extension]
    if (mimeType === undefined) {
      await rm(temp, { force: true })
      throw new AppError(
        'UPSTREAM',
        'The service sent a recording in a format VoiceDesk cannot play.',
      )
    }
    const path = join(this.dir, `${stemOf(id)}.${file.extension}`)
    await rename(temp, path)
    return { path, info: { totalBytes: file.bytes, mimeType } }
  }

  /**
   * Deletes every cached recording (the key was forgotten). Why after the downloads under way:
   * one finishing later would leave a call's audio on disk after the user signed out.
   */
  async clear(): Promise<void> {
    await Promise.allSettled([...this.#inFlight.values()])
    await rm(this.dir, { recursive: true, force: true })
  }

  /** One chunk of a prepared recording. */
  async read(id: string, offset: number): Promise<Uint8Array> {
    const cached = await this.#cached(id)
    if (cached === null) {
      throw new AppError(
        'NOT_FOUND',
        'The recording is no longer in the cache. Open the conversation again to reload it.',
      )
    }
    const length = Math.max(0, Math.min(RECORDING_CHUNK_BYTES, cached.info.totalBytes - offset))
    const handle = await open(cached.path, 'r')
    try {
      const buffer = new Uint8Array(length)
      let read = 0
      while (read < length) {
        const { bytesRead } = await handle.read(buffer, read, length - read, offset + read)
        if (bytesRead === 0) break
        read += bytesRead
      }
      return buffer.subarray(0, read)
    } finally {
      await handle.close()
    }
  }
}
