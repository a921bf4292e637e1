import { constants } from 'node:fs'
import { open } from 'node:fs/promises'
import type { Project } from '../../../../shared/domain/script'
import type { PreflightProblem } from '../../../../shared/errors'
import { AppError } from '../../../../shared/errors'
import type { AudioTags, CoverImage } from '../../audio/audio-tags'
import { sniffCoverMime } from '../../audio/audio-tags'

/** The largest cover image taken: stores ask for a few megabytes at most (ACX: 2400x2400 JPEG). */
export const MAX_COVER_BYTES = 20 * 1024 * 1024

/**
 * Reads the cover image at `path`, or says in a whole sentence why it cannot be used (missing,
 * unreadable, too large, neither JPEG nor PNG). The file's bytes decide its type, not its name.
 */
export async function readCover(path: string): Promise<CoverImage | PreflightProblem> {
  const problem = (why: string): PreflightProblem => ({
    kind: 'cover',
    message: `The cover image ${path} ${why} Choose another image under Publishing, or remove the cover.`,
  })
  // Why these refusals: the path can come from a project file someone shared. A network path
  // would make Windows connect (and authenticate) to that host; a device or pipe never ends.
  if (/^[\\/]{2}/.test(path)) {
    return problem('is on a network share. Copy it to this computer and choose the copy.')
  }
  let data: Uint8Array
  try {
    // Non-blocking where the system has it: opening a named pipe must not wait for a writer.
    const file = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
    try {
      const info = await file.stat()
      if (!info.isFile()) return problem('is not an image file.')
      if (info.size > MAX_COVER_BYTES) {
        return problem(`is ${Math.ceil(info.size / 1024 / 1024)} MB; covers can be at most 20 MB.`)
      }
      // Its size and one byte at most, whatever comes: a file that grows meanwhile is refused.
      const buffer = new Uint8Array(info.size + 1)
      let length = 0
      for (;;) {
        const { bytesRead } = await file.read(buffer, length, buffer.byteLength - length, length)
        if (bytesRead === 0) break
        length += bytesRead
        if (length > info.size) return problem('changed while it was read.')
      }
      data = buffer.subarray(0, length)
    } finally {
      await file.close()
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return problem('was not found.')
    if (code === 'EISDIR') return problem('is a folder, not an image.')
    return problem(`could not be read (${code ?? 'unknown error'}).`)
  }
  const mime = sniffCoverMime(data)
  if (mime === null) return problem('is not a JPEG or PNG image.')
  return { mime, data }
}

function isProblem(value: CoverImage | PreflightProblem): value is PreflightProblem {
  return 'kind' in value
}

/** The cover's problem before a render, if any (nothing when no cover is set). */
export async function checkCover(project: Project): Promise<PreflightProblem[]> {
  const path = project.publishing.coverPath
  if (path === undefined) return []
  const cover = await readCover(path)
  return isProblem(cover) ? [cover] : []
}

/**
 * The tags a render writes, from the project's title and publishing details, the cover read from
 * its file; null when the project sets none. Throws VALIDATION_FAILED when the cover went bad
 * since the checks.
 */
export async function publishingTags(project: Project): Promise<AudioTags | null> {
  const { author, narrator, album, genre, year, comment, coverPath } = project.publishing
  const tags: AudioTags = {
    ...(project.title.trim() ? { title: project.title.trim() } : {}),
    ...(author ? { author } : {}),
    ...(narrator ? { narrator } : {}),
    ...(album ? { album } : {}),
    ...(genre ? { genre } : {}),
    ...(year !== undefined ? { year } : {}),
    ...(comment ? { comment } : {}),
  }
  if (coverPath !== undefined) {
    const cover = await readCover(coverPath)
    if (isProblem(cover)) throw new AppError('VALIDATION_FAILED', cover.message)
    tags.cover = cover
  }
  return Object.keys(tags).length > 0 ? tags : null
}
