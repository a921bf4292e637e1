import { AppError } from '../../../shared/errors'

/**
 * The files main wrote for each window's conversation exports: the only paths that window's
 * "Show in folder" reveals. Why: the page names the path it wants shown, and main shows nothing it
 * did not write for that window.
 */
export class ExportedFiles {
  readonly #byOwner = new Map<number, Set<string>>()

  /** Records a file an export wrote for a window. */
  remember(ownerId: number, path: string): void {
    const saved = this.#byOwner.get(ownerId) ?? new Set<string>()
    saved.add(path)
    this.#byOwner.set(ownerId, saved)
  }

  /** The path, when this window's export wrote it; otherwise a NOT_FOUND in plain words. */
  revealable(ownerId: number, path: string): string {
    if (this.#byOwner.get(ownerId)?.has(path) !== true) {
      throw new AppError(
        'NOT_FOUND',
        'VoiceDesk did not export that file from this window. Export the calls again to show it.',
      )
    }
    return path
  }
}
