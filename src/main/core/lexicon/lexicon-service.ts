import { basename, dirname } from 'node:path'
import type { LexiconImportResult, LexiconSource } from '../../../shared/domain/lexicon-layers'
import { mergeLexicons } from '../../../shared/domain/lexicon-layers'
import type { LexiconEntry, Project } from '../../../shared/domain/script'
import { MAX_LEXICON_ENTRIES } from '../../../shared/domain/script'
import { AppError } from '../../../shared/errors'
import { chooseSavePath } from '../files/save-target'
import type { Logger } from '../log/logger'
import type { PlatformPorts } from '../platform-ports'
import { readLexiconFile, writeLexiconFile } from './lexicon-files'
import type { UserLexiconStore } from './user-lexicon-store'

/** What the import dialog offers. */
const IMPORT_FILTERS = [
  { name: 'Pronunciation lists (PLS or CSV)', extensions: ['pls', 'xml', 'csv'] },
  { name: 'All files', extensions: ['*'] },
]
const EXPORT_FILTERS = [
  { name: 'Pronunciation file (PLS)', extensions: ['pls'] },
  { name: 'Spreadsheet (CSV)', extensions: ['csv'] },
]

/**
 * Pronunciation lists in and out of the app: the user dictionary every project shares (saved by
 * main), and PLS or CSV files chosen in native dialogs (the page never names a path).
 */
export class LexiconService {
  constructor(
    private readonly options: {
      store: UserLexiconStore
      dialogs: Pick<PlatformPorts, 'showOpenDialog' | 'showSaveDialog'>
      projectAt: (docId: string, revision: number) => Project
      logger: Logger
    },
  ) {}

  /** The user dictionary's entries. */
  userEntries(): LexiconEntry[] {
    return [...this.options.store.get()]
  }

  /** Replaces the user dictionary (validated, saved atomically); answers its entries. */
  async setUserEntries(entries: readonly LexiconEntry[]): Promise<LexiconEntry[]> {
    return [...(await this.options.store.replace(entries))]
  }

  /**
   * Reads a PLS or CSV file the user chooses. For the user dictionary the entries are merged in
   * (the file's win for the same word) and saved; for the project they are answered for the page
   * to add. A refused file changes nothing. Null when the dialog is cancelled.
   */
  async importFile(ownerId: number, target: LexiconSource): Promise<LexiconImportResult | null> {
    const paths = await this.options.dialogs.showOpenDialog(ownerId, {
      title:
        target === 'user'
          ? 'Import pronunciations for all your projects'
          : 'Import pronunciations for this project',
      filters: IMPORT_FILTERS,
    })
    const path = paths?.[0]
    if (path === undefined) return null
    const read = await readLexiconFile(path)
    const fileName = basename(path)
    const kept = target === 'user' ? this.options.store.get() : []
    const merged = mergeLexicons(kept, read.entries)
    if (merged.length > MAX_LEXICON_ENTRIES) {
      throw new AppError(
        'VALIDATION_FAILED',
        `“${fileName}” was not used: it would make ${merged.length.toLocaleString('en-US')} pronunciations, and a list holds at most ${MAX_LEXICON_ENTRIES.toLocaleString('en-US')}. Nothing was changed. Remove some words first, or split the file.`,
        { details: { limit: { maximum: MAX_LEXICON_ENTRIES } } },
      )
    }
    this.options.logger.info('pronunciations imported', {
      target,
      entries: read.entries.length,
      skipped: read.skipped.count,
    })
    if (target === 'project') return { fileName, ...read }
    const userEntries = await this.setUserEntries(merged)
    return { fileName, ...read, userEntries }
  }

  /**
   * Writes a dictionary (the open project's, as of `revision`, or the user's) to a PLS or CSV
   * file chosen in the save dialog, by its extension. Null when cancelled.
   */
  async exportFile(
    ownerId: number,
    source: LexiconSource,
    document: { docId: string; revision: number } | null,
  ): Promise<{ fileName: string; location: string; count: number } | null> {
    let entries: readonly LexiconEntry[]
    let language = 'en-US'
    if (source === 'user') {
      entries = this.options.store.get()
    } else {
      if (document === null) {
        throw new AppError('VALIDATION_FAILED', 'Open a script to export its pronunciations.')
      }
      const project = this.options.projectAt(document.docId, document.revision)
      entries = project.lexicon
      language = project.defaults.language ?? language
    }
    const target = await chooseSavePath(
      this.options.dialogs,
      ownerId,
      {
        title: 'Export pronunciations',
        defaultName: source === 'user' ? 'My pronunciations.pls' : 'Pronunciations.pls',
        filters: EXPORT_FILTERS,
      },
      { extension: 'pls', accepts: (ext) => ['pls', 'xml', 'csv'].includes(ext) },
    )
    if (target === null) return null
    await writeLexiconFile(target, entries, language)
    return { fileName: basename(target), location: dirname(target), count: entries.length }
  }
}
