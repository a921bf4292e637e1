import { readFile, stat } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import type { FootnoteMode, PageRange } from '../../../../shared/domain/manuscript'
import { isDocumentFileName, MAX_DOCUMENT_BYTES } from '../../../../shared/domain/manuscript'
import type { Project, ProjectDefaults, Publishing } from '../../../../shared/domain/script'
import { createProject } from '../../../../shared/domain/script'
import { AppError } from '../../../../shared/errors'
import { sizeSentence } from '../../../../shared/limits'
import { toDiskError } from '../../files/atomic-write'
import { importMarkdown } from './import-markdown'
import { importPlainText } from './import-text'
import { importDocumentOffMain } from '../offload/document-offload'
import { parseProjectFile } from './project-file'
import { manuscriptText } from './manuscript-sniff'
import type { CleanupRuleReport, CleanupSettings } from '../../../../shared/domain/cleanup-rules'
import { runCleanup } from '../cleanup/run-cleanup'

/** What a script import may add: a cast (speaker -> voice) and default overrides. */
export interface ImportOptions {
  cast?: Record<string, string>
  defaults?: Partial<ProjectDefaults>
  /** A Word document's or EPUB book's footnotes and endnotes: left out (default) or read. */
  footnotes?: FootnoteMode
  /** A PDF's pages to read (all by default); refused for any other file. */
  pages?: PageRange
  /** A password-protected PDF's password. */
  password?: string
  /** Stops a long document import between two pages. */
  signal?: AbortSignal
  /** Told a long document import's progress (pages read of all). */
  onProgress?: (done: number, total: number) => void
  /** Told what a DOCX or EPUB import left out ("2 pictures were skipped…"). */
  onNotice?: (notice: string) => void
  /** A title over the one the file gives (an EPUB's, a project file's). */
  title?: string
  /** Publishing details over the file's own. */
  publishing?: Partial<Publishing>
  /** Clean-up rules run on the text before anything is paid for (see runCleanup). */
  cleanup?: CleanupSettings
  /** Told what each clean-up rule changed. */
  onCleanup?: (reports: CleanupRuleReport[]) => void
}

/**
 * Opens a script by its extension: `.json`/`.voicedesk` project files as they are (with `cast`
 * and `defaults` layered on top), `.md`/`.markdown` as Markdown, `.docx` and `.epub` as
 * manuscripts (read on the planning thread; see importDocument), anything else as plain text.
 */
export async function importScript(path: string, options: ImportOptions = {}): Promise<Project> {
  const read = await importScriptFile(path, options)
  const project = options.cleanup ? await cleanUp(read, options.cleanup, options) : read
  if (options.title === undefined && options.publishing === undefined) return project
  return createProject({
    ...project,
    ...(options.title !== undefined ? { title: options.title } : {}),
    publishing: { ...project.publishing, ...options.publishing },
  })
}

/** The project with its blocks cleaned by the rules; each rule's changes told to `onCleanup`. */
async function cleanUp(
  project: Project,
  cleanup: CleanupSettings,
  options: ImportOptions,
): Promise<Project> {
  const { blocks, reports } = await runCleanup(project.blocks, cleanup, {
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
  })
  options.onCleanup?.(reports)
  return createProject({ ...project, blocks })
}

async function importScriptFile(path: string, options: ImportOptions): Promise<Project> {
  const ext = extname(path).toLowerCase()
  const cast = options.cast ?? {}
  const defaults = Object.fromEntries(
    Object.entries(options.defaults ?? {}).filter(([, v]) => v !== undefined),
  )
  if (options.pages !== undefined && ext !== '.pdf') {
    throw new AppError(
      'VALIDATION_FAILED',
      `${basename(path)} is not a PDF; a page range is for PDF files only. Leave out the page range.`,
    )
  }
  if (isDocumentFileName(path)) {
    const bytes = await readDocumentBytes(path)
    const { project, notices } = await importDocumentOffMain(path, bytes, options.footnotes, {
      ...(options.pages !== undefined ? { pages: options.pages } : {}),
      ...(options.password !== undefined ? { password: options.password } : {}),
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
      ...(options.onProgress !== undefined ? { onProgress: options.onProgress } : {}),
    })
    for (const notice of notices) options.onNotice?.(notice)
    return createProject({ ...project, cast, defaults })
  }
  let bytes: Buffer
  try {
    bytes = await readFile(path)
  } catch (error) {
    throw missingOr(error, path)
  }
  // Judged by content, not name: a PDF or a picture read as text would be priced and spoken.
  const text = manuscriptText(path, bytes)
  if (ext === '.json' || ext === '.voicedesk') {
    const project = parseProjectFile(path, text)
    return createProject({
      ...project,
      cast: { ...project.cast, ...cast },
      defaults: { ...project.defaults, ...defaults },
    })
  }
  const blocks =
    ext === '.md' || ext === '.markdown'
      ? importMarkdown(text, Object.keys(cast))
      : importPlainText(text)
  return createProject({ blocks, cast, defaults })
}

/**
 * Why not toDiskError alone: that one speaks of writing (a missing folder); here the script
 * itself is missing, which is NOT_FOUND and names the file.
 */
function missingOr(error: unknown, path: string): AppError {
  const code = (error as { code?: unknown }).code
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return new AppError('NOT_FOUND', `The script file ${path} does not exist. Check the path.`, {
      cause: error,
    })
  }
  return toDiskError(error, path)
}

/**
 * A DOCX or EPUB file's bytes. Refused unread (VALIDATION_FAILED) when it is over
 * {@link MAX_DOCUMENT_BYTES}, so a huge file never fills memory; NOT_FOUND when it is missing.
 */
export async function readDocumentBytes(path: string): Promise<Buffer> {
  try {
    const { size } = await stat(path)
    if (size > MAX_DOCUMENT_BYTES) {
      throw new AppError(
        'VALIDATION_FAILED',
        `${basename(path)} is too large to open. ${sizeSentence('A document', MAX_DOCUMENT_BYTES, size)} Save a copy without large pictures and open that.`,
        { details: { limit: { maximum: MAX_DOCUMENT_BYTES } } },
      )
    }
    return await readFile(path)
  } catch (error) {
    if (error instanceof AppError) throw error
    throw missingOr(error, path)
  }
}
