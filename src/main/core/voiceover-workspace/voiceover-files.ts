import { open, readFile, stat } from 'node:fs/promises'
import { AppError } from '../../../shared/errors'
import { toDiskError } from '../files/atomic-write'
import type { DialogFilter } from '../platform-ports'

/** Largest subtitle file read: 20 MB (a feature film's subtitles are well under 1 MB). */
export const MAX_SUBTITLE_BYTES = 20 * 1024 * 1024

/** The subtitle formats the open dialog offers. */
export const SUBTITLE_FILTERS: DialogFilter[] = [
  { name: 'Subtitles', extensions: ['srt', 'vtt', 'ass', 'ssa'] },
]

/** The video formats a voice-over can be written into. */
export const VIDEO_FILTERS: DialogFilter[] = [
  { name: 'Video', extensions: ['mp4', 'mov', 'mkv', 'webm'] },
]

/** A subtitle file's bytes, refused with a plain message when it is too large to be subtitles. */
export async function readSubtitleFile(path: string): Promise<Uint8Array> {
  try {
    const { size } = await stat(path)
    if (size > MAX_SUBTITLE_BYTES) {
      throw new AppError(
        'VALIDATION_FAILED',
        'This file is too large to be subtitles (more than 20 MB). Choose an SRT, WebVTT or ASS file.',
      )
    }
    return await readFile(path)
  } catch (error) {
    if (error instanceof AppError) throw error
    throw toDiskError(error, path)
  }
}

/** Up to `length` bytes of a file from `offset` (fewer at its end). */
export async function readFileSlice(
  path: string,
  offset: number,
  length: number,
): Promise<Uint8Array> {
  let handle
  try {
    handle = await open(path, 'r')
    const buffer = Buffer.alloc(length)
    const { bytesRead } = await handle.read(buffer, 0, length, offset)
    return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead)
  } catch (error) {
    throw toDiskError(error, path)
  } finally {
    await handle?.close()
  }
}
