import { basename } from 'node:path'
import type { Project, Publishing } from '../../../shared/domain/script'
import { AppError } from '../../../shared/errors'
import { readCover } from '../narration/assemble/publishing-tags'
import type { PlatformPorts } from '../platform-ports'

const COVER_FILTERS = [{ name: 'Cover image (JPEG or PNG)', extensions: ['jpg', 'jpeg', 'png'] }]

/**
 * The cover images main may read for each open document: the ones the user chose in main's
 * dialog for it, and the one a project file the user opened (or main's own recovery draft)
 * names. Why a registry: the cover's path travels with the project through `script:saveDraft`,
 * and a render reads whatever path main's copy holds; a path main did not grant would let the
 * page choose a file for main to read (and learn from the errors whether it exists).
 */
export class CoverGrants {
  readonly #granted = new Map<string, Set<string>>()

  /** Remembers `path` as a cover main may read for `docId`. */
  grant(docId: string, path: string | undefined): void {
    if (path === undefined) return
    const paths = this.#granted.get(docId) ?? new Set<string>()
    paths.add(path)
    this.#granted.set(docId, paths)
  }

  /** Forgets a closed document's covers. */
  forget(docId: string): void {
    this.#granted.delete(docId)
  }

  /**
   * Refuses publishing details whose cover main did not grant for `docId`. Why the message says
   * nothing of the path: whether it exists, is a folder or an image must not reach the page.
   */
  check(docId: string, publishing: Publishing | undefined): void {
    const path = publishing?.coverPath
    if (path === undefined || this.#granted.get(docId)?.has(path) === true) return
    throw new AppError(
      'VALIDATION_FAILED',
      'That cover image was not chosen in VoiceDesk, so it was not used. Choose the cover again under Book details (Choose…).',
    )
  }
}

/**
 * Shows main's open dialog for a cover image and checks the file chosen (JPEG or PNG, at most
 * 20 MB); null when cancelled, VALIDATION_FAILED with the reason for a bad image.
 */
export async function pickCover(
  dialogs: Pick<PlatformPorts, 'showOpenDialog'>,
  ownerId: number,
): Promise<{ path: string; name: string } | null> {
  const chosen = await dialogs.showOpenDialog(ownerId, {
    title: 'Choose a cover image',
    filters: COVER_FILTERS,
  })
  const path = chosen?.[0]
  if (path === undefined) return null
  const cover = await readCover(path)
  if ('kind' in cover) throw new AppError('VALIDATION_FAILED', cover.message)
  return { path, name: basename(path) }
}

/** The project without a cover image (a script the page sent names none main may read). */
export function withoutCover(project: Project): Project {
  if (project.publishing.coverPath === undefined) return project
  const { coverPath: _dropped, ...publishing } = project.publishing
  return { ...project, publishing }
}
