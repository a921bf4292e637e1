import { randomUUID } from 'node:crypto'
import { basename, dirname } from 'node:path'
import type { FootnoteMode, PdfChoices } from '../../../shared/domain/manuscript'
import { isDocumentFileName } from '../../../shared/domain/manuscript'
import type { LexiconEntry, Project } from '../../../shared/domain/script'
import { withSharedLexicon } from './shared-lexicon'
import type {
  ChoosePdfPages,
  DocumentChanges,
  OpenedDocument,
  RecentProject,
  RecoveryOffer,
  SavedDocument,
} from '../../../shared/domain/script-workspace'
import { AppError } from '../../../shared/errors'
import type { Logger } from '../log/logger'
import { saveProjectFile } from '../narration/import/project-file'
import { chooseSavePath } from '../files/save-target'
import { removeLeftoverPartials } from '../narration/fetch/cache-files'
import type { PlatformPorts } from '../platform-ports'
import { CoverGrants, pickCover, withoutCover } from './cover-grants'
import {
  anyExtension,
  IMPORT_FILTERS,
  OPEN_FILTERS,
  SAVE_FILTERS,
  suggestedFileName,
} from './document-dialogs'
import { OpenDocument, emptyProject } from './open-document'
import { RecentProjects } from './recent-projects'
import { RecoveryJournal } from './recovery-journal'
import { importDocumentOffMain } from '../narration/offload/document-offload'
import { isPasswordRefusal, isPdfPath, pdfPagesQuestion } from './pdf-pages-question'
import { exportTextFile } from './export-text-file'
import type { ImportProgress } from '../narration/import/import-pdf'
import { importScriptOffMain } from '../narration/offload/plan-offload'
import { readScriptFile } from './script-import'
import { checkDecodedText } from '../narration/import/manuscript-sniff'

/**
 * How old a project's temporary file must be to count as left by a killed save. Why an age:
 * another window may be saving the same project right now (a large one on a slow disk).
 */
const LEFTOVER_SAVE_AGE_MS = 5 * 60_000

/**
 * The file side of the Script workspace: which file each open document belongs to (main keeps
 * the path; the page only gets a name to show), open/save/save-as through native dialogs, recent
 * projects, and the crash-recovery journal.
 */
export class ScriptDocuments {
  readonly #paths = new Map<string, string | null>()
  readonly #open = new Map<string, OpenDocument>()
  #sharedLexicon: () => readonly LexiconEntry[] = () => []
  /**
   * Per window, the file its open dialog last chose that waits: a PDF whose pages are to be
   * chosen, or one whose import failed (a locked PDF, a page range it refused). Imported with
   * the pages or the password without the page naming a path.
   */
  readonly #failedChoice = new Map<number, string>()
  /** The cover images main may read for each open document (see CoverGrants). */
  readonly #covers = new CoverGrants()
  readonly recents: RecentProjects
  readonly recovery: RecoveryJournal

  constructor(
    userDataDir: string,
    private readonly dialogs: Pick<PlatformPorts, 'showOpenDialog' | 'showSaveDialog'>,
    private readonly logger: Logger,
  ) {
    this.recents = new RecentProjects(userDataDir)
    this.recovery = new RecoveryJournal(userDataDir)
  }

  /** The file of a document, or null while it is unsaved. Unknown ids are refused. */
  pathOf(docId: string): string | null {
    const path = this.#paths.get(docId)
    if (path === undefined) {
      throw new AppError('NOT_FOUND', 'That script is not open any more. Open it again.')
    }
    return path
  }

  /** Where a document's render records are kept: its file, or its id before it has one. */
  keyOf(docId: string): string {
    return this.pathOf(docId) ?? docId
  }

  /** The current content of an open document (as the page last reported it). */
  projectOf(docId: string): Project {
    return this.#documentOf(docId).project()
  }

  /**
   * An open document's content when the page has seen `revision` (the one its last saveDraft
   * was answered with); CONFLICT when edits arrived since, so nothing acts on an older script.
   */
  projectAt(docId: string, revision: number): Project {
    return this.#documentOf(docId).projectAt(revision)
  }

  /** Uses `source` for the pronunciations all projects share; plans read them (plannedAt). */
  shareLexicon(source: () => readonly LexiconEntry[]): void {
    this.#sharedLexicon = source
  }

  /** An open document as plans read it (at `revision`, else the latest): shared words under its own. */
  plannedAt(docId: string, revision?: number): Project {
    const project = revision === undefined ? this.projectOf(docId) : this.projectAt(docId, revision)
    return withSharedLexicon(project, this.#sharedLexicon())
  }

  #documentOf(docId: string): OpenDocument {
    const document = this.#open.get(docId)
    if (document === undefined) {
      throw new AppError('NOT_FOUND', 'That script is not open any more. Open it again.')
    }
    return document
  }

  /**
   * Opens a document in main. `fromUser`: its content came from a file the user chose in main's
   * dialog (or main's recent list), so the cover it names may be read; a script the page sent
   * keeps no cover path.
   */
  #register(
    read: Project,
    path: string | null,
    unsaved: boolean,
    fromUser: boolean,
    notices: string[] = [],
    manuscript = false,
  ): OpenedDocument {
    const docId = randomUUID()
    const project = fromUser ? read : withoutCover(read)
    this.#covers.grant(docId, project.publishing.coverPath)
    this.#paths.set(docId, path)
    this.#open.set(docId, new OpenDocument(project))
    return {
      docId,
      project,
      fileName: path === null ? null : basename(path),
      location: path === null ? null : dirname(path),
      unsaved,
      ...(notices.length > 0 ? { notices } : {}),
      ...(manuscript ? { manuscript: true as const } : {}),
    }
  }

  create(): OpenedDocument {
    return this.#register(emptyProject(), null, false, false)
  }

  /**
   * The open dialog: a project opens as saved; a .txt/.md script, a Word document or an EPUB
   * book as a new unsaved import (`footnotes` says what becomes of a manuscript's notes). A PDF
   * chosen without a page range is only counted: the window asks which pages, then retryOpen
   * reads just those. `importOnly` offers only the files that import (File > Import).
   */
  async open(
    ownerId: number,
    footnotes: FootnoteMode = 'omit',
    importOnly = false,
    pdf: PdfChoices & ImportProgress = {},
  ): Promise<OpenedDocument | ChoosePdfPages | null> {
    const paths = await this.dialogs.showOpenDialog(
      ownerId,
      importOnly
        ? { title: 'Import a script, document, PDF or EPUB book', filters: IMPORT_FILTERS }
        : { title: 'Open a script, manuscript or project', filters: OPEN_FILTERS },
    )
    const path = paths?.[0]
    this.#failedChoice.delete(ownerId)
    if (path === undefined) return null
    if (pdf.pages === undefined && isPdfPath(path)) {
      this.#failedChoice.set(ownerId, path)
      // A locked PDF stays waiting for its password; any other refusal ends the choice.
      return pdfPagesQuestion(path, pdf.password).catch((error: unknown) => {
        if (!isPasswordRefusal(error)) this.#failedChoice.delete(ownerId)
        throw error
      })
    }
    return this.#openChosen(ownerId, path, footnotes, pdf)
  }

  /**
   * The file this window's open dialog last chose, whose import failed, imported again with a
   * password or a page range (the user does not choose the file again).
   */
  async retryOpen(
    ownerId: number,
    footnotes: FootnoteMode = 'omit',
    pdf: PdfChoices & ImportProgress = {},
  ): Promise<OpenedDocument> {
    // Why only a remembered path: main reads no path the page names, only what its own dialog
    // showed the user, and only until that file opens or another is chosen.
    const path = this.#failedChoice.get(ownerId)
    if (path === undefined)
      throw new AppError(
        'NOT_FOUND',
        'There is no file waiting to be opened again. Choose it with File > Open.',
      )
    return this.#openChosen(ownerId, path, footnotes, pdf)
  }

  async #openChosen(
    ownerId: number,
    path: string,
    footnotes: FootnoteMode,
    pdf: PdfChoices & ImportProgress,
  ): Promise<OpenedDocument> {
    try {
      const opened = await this.openPath(path, footnotes, pdf)
      this.#failedChoice.delete(ownerId)
      return opened
    } catch (error) {
      this.#failedChoice.set(ownerId, path)
      throw error
    }
  }

  async openPath(
    path: string,
    footnotes: FootnoteMode = 'omit',
    pdf: PdfChoices & ImportProgress = {},
  ): Promise<OpenedDocument> {
    const { project, isProject, notices } = await readScriptFile(path, footnotes, pdf)
    if (!isProject)
      return this.#register(project, null, true, true, notices, isDocumentFileName(path))
    await this.recents.touch(path)
    return this.#register(project, path, false, true)
  }

  /** A recent project by its id (the page never names the path). */
  async openRecent(id: string): Promise<OpenedDocument> {
    const path = await this.recents.pathOf(id)
    if (path === null)
      throw new AppError('NOT_FOUND', 'That project is no longer in the recent list.')
    return this.openPath(path)
  }

  listRecent(): Promise<RecentProject[]> {
    return this.recents.list()
  }

  /** A script dropped on the window: its text was read by the page, nothing is read from disk. */
  async importDropped(fileName: string, text: string): Promise<OpenedDocument> {
    // The page reads any dropped file as text: a PDF or a picture is refused here, as in Import.
    checkDecodedText(fileName, text)
    return this.#register(await importScriptOffMain(fileName, text), null, true, false)
  }

  /**
   * A Word document or EPUB book dropped on the window: its bytes were read by the page (main
   * never reads a path the page names) and are unpacked on the planning thread.
   */
  async importDroppedDocument(
    fileName: string,
    bytes: Uint8Array,
    footnotes: FootnoteMode = 'omit',
    pdf: PdfChoices = {},
    progress: ImportProgress = {},
  ): Promise<OpenedDocument> {
    const { project, notices } = await importDocumentOffMain(fileName, bytes, footnotes, {
      ...pdf,
      ...progress,
    })
    return this.#register(project, null, true, false, notices, true)
  }

  /**
   * Saves main's copy of the document (as of `revision`, see projectAt) to its file, or asks
   * where when it has none (or `as` is set).
   */
  async save(
    ownerId: number,
    docId: string,
    revision: number,
    as: boolean,
  ): Promise<SavedDocument | null> {
    const project = this.projectAt(docId, revision)
    let path = this.pathOf(docId)
    if (path === null || as) {
      const chosen = await chooseSavePath(
        this.dialogs,
        ownerId,
        {
          title: as ? 'Save the script as' : 'Save the script',
          defaultName: suggestedFileName(project, path, '.voicedesk'),
          filters: SAVE_FILTERS,
        },
        anyExtension('voicedesk'),
      )
      if (chosen === null) return null
      path = chosen
    }
    await saveProjectFile(path, project)
    await removeLeftoverPartials(
      dirname(path),
      (name) => name === basename(path),
      LEFTOVER_SAVE_AGE_MS,
    ).catch(() => [])
    this.#paths.set(docId, path)
    await this.recovery.clear(docId)
    await this.recents.touch(path)
    this.logger.info('script saved', { blocks: project.blocks.length })
    return {
      docId,
      fileName: basename(path),
      location: dirname(path),
      savedAt: new Date().toISOString(),
    }
  }

  /**
   * File > Export Script…: main's copy of the document (as of `revision`) written as Markdown or
   * plain text (by the extension chosen in the native dialog), atomically. Null when cancelled.
   */
  async exportText(
    ownerId: number,
    docId: string,
    revision: number,
  ): Promise<{ fileName: string; location: string } | null> {
    const project = this.projectAt(docId, revision)
    const written = await exportTextFile(this.dialogs, ownerId, project, this.pathOf(docId))
    if (written !== null) this.logger.info('script exported', { blocks: project.blocks.length })
    return written
  }

  /**
   * Applies the page's block-level changes to the open document and writes its crash-recovery
   * draft (the whole document, atomically). Answers with the revision main's copy is now at,
   * which the page names in its next operation.
   */
  async saveDraft(docId: string, changes: DocumentChanges): Promise<{ revision: number }> {
    const path = this.pathOf(docId)
    const document = this.#documentOf(docId)
    this.#covers.check(docId, changes.meta?.publishing)
    document.apply(changes)
    const revision = document.revision
    await this.recovery.write(docId, document.project(), path)
    return { revision }
  }

  /** A clean close: the draft is discarded (the user chose to close without saving, or had saved). */
  async close(docId: string): Promise<void> {
    if (!this.#paths.has(docId)) return
    await this.recovery.clear(docId)
    this.#paths.delete(docId)
    this.#open.delete(docId)
    this.#covers.forget(docId)
  }

  /** An import not opened yet, started again from `project` (see OpenDocument.restart). */
  restartImport(docId: string, project: Project): void {
    this.#documentOf(docId).restart(project, this.pathOf(docId) === null)
  }

  recoveryOffers(): Promise<RecoveryOffer[]> {
    return this.recovery.offers()
  }

  /** Reopens a recovered draft under its old id (so its render records and resume still match). */
  async restore(docId: string): Promise<OpenedDocument> {
    const draft = await this.recovery.read(docId)
    if (draft === null)
      throw new AppError('NOT_FOUND', 'That recovered script is no longer available.')
    this.#paths.set(docId, draft.filePath)
    this.#open.set(docId, new OpenDocument(draft.project))
    // Main wrote the draft from its own copy, which held only covers it had granted.
    this.#covers.grant(docId, draft.project.publishing.coverPath)
    return {
      docId,
      project: draft.project,
      fileName: draft.filePath === null ? null : basename(draft.filePath),
      location: draft.filePath === null ? null : dirname(draft.filePath),
      unsaved: true,
    }
  }

  /**
   * Main's open dialog for a cover image of an open document, checked and remembered as one main
   * may read for it; the page then names it in the document's publishing details.
   */
  async chooseCover(
    ownerId: number,
    docId: string,
  ): Promise<{ path: string; name: string } | null> {
    this.#documentOf(docId)
    const chosen = await pickCover(this.dialogs, ownerId)
    if (chosen !== null) this.#covers.grant(docId, chosen.path)
    return chosen
  }

  discardRecovery(docId: string): Promise<void> {
    return this.recovery.clear(docId)
  }
}
