import { lstat } from 'node:fs/promises'
import { basename, dirname, extname, join } from 'node:path'
import { AppError } from '../../../shared/errors'
import type { DialogFilter, PlatformPorts } from '../platform-ports'

/** What a save dialog's answer must end in, and how a name that does not is handled. */
export interface SaveExtension {
  /** The extension main adds (without the dot). */
  extension: string
  /** True when a chosen name's extension (lower case, no dot) may be written as it is. */
  accepts(ext: string): boolean
  /** Extensions that say another kind of file: a name ending in one is asked for again. */
  replaces?: readonly string[]
}

/** How many times the dialog is shown for one save before main gives up. */
const MAX_ASKS = 3

async function isFree(path: string): Promise<boolean> {
  try {
    await lstat(path)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT'
  }
}

/**
 * Shows main's save dialog and answers the path to write, or null when cancelled. The path is
 * the one the user confirmed, or that name with `extension` added when it had none and nothing
 * is there yet. Why ask again otherwise: the dialog's confirmation (and its "replace?" question)
 * covers only the name the user saw, so main never writes another name over an existing file, and
 * never swaps an extension the user typed (book.mp3 written as book.wav) without showing it.
 */
export async function chooseSavePath(
  dialogs: Pick<PlatformPorts, 'showSaveDialog'>,
  ownerId: number,
  first: { title: string; defaultName: string; filters: DialogFilter[] },
  wanted: SaveExtension,
): Promise<string | null> {
  let dialog = first
  let defaultName = first.defaultName
  for (let ask = 1; ask <= MAX_ASKS; ask += 1) {
    const chosen = await dialogs.showSaveDialog(ownerId, { ...dialog, defaultName })
    if (chosen === null) return null
    const ext = extname(chosen).slice(1).toLowerCase()
    if (ext !== '' && wanted.accepts(ext)) return chosen
    const swapped = ext !== '' && (wanted.replaces ?? []).includes(ext)
    const stem = swapped ? basename(chosen, extname(chosen)) : basename(chosen)
    const renamed = join(dirname(chosen), `${stem}.${wanted.extension}`)
    if (!swapped && (await isFree(renamed))) return renamed
    defaultName = basename(renamed)
    dialog = { ...dialog, title: `${dialog.title} (a name ending in .${wanted.extension})` }
  }
  throw new AppError(
    'VALIDATION_FAILED',
    `The file name must end in .${wanted.extension}, so nothing was saved. Try again and keep the name the dialog suggests.`,
  )
}
