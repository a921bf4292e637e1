import { readFile } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import type { Project } from '../../../shared/domain/script'
import { createProject } from '../../../shared/domain/script'
import { AppError } from '../../../shared/errors'
import { toDiskError } from '../files/atomic-write'
import { importMarkdown } from '../narration/import-markdown'
import { importPlainText } from '../narration/import-text'
import { loadProjectFile } from '../narration/project-file'
import { detectSpeakers } from './detect-speakers'

/** Largest script file the workspace imports (a 100,000-word book is about 600 KB). */
export const MAX_SCRIPT_BYTES = 20 * 1024 * 1024

/** The kind of file by its extension: a project, Markdown or plain text. */
export function scriptKindOf(fileName: string): 'project' | 'markdown' | 'text' {
  const ext = extname(fileName).toLowerCase()
  if (ext === '.voicedesk' || ext === '.json') return 'project'
  if (ext === '.md' || ext === '.markdown') return 'markdown'
  return 'text'
}

/** The file name without its extension: the title of an imported script. */
export function titleOf(fileName: string): string {
  const name = basename(fileName)
  const ext = extname(name)
  return (ext ? name.slice(0, -ext.length) : name).slice(0, 200)
}

/**
 * A new project from the text of a `.txt` or Markdown script. Dialogue speakers (`ALICE: line`)
 * are detected so each line becomes its own block with that speaker, waiting for a cast voice.
 */
export function projectFromScriptText(fileName: string, text: string): Project {
  const kind = scriptKindOf(fileName)
  const speakers = kind === 'markdown' ? detectSpeakers(text) : []
  const blocks = kind === 'markdown' ? importMarkdown(text, speakers) : importPlainText(text)
  if (blocks.length === 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${basename(fileName)} has no text to narrate. Open a .txt or Markdown file with some paragraphs.`,
    )
  }
  return createProject({ title: titleOf(fileName), blocks })
}

/** Opens a file chosen in the open dialog: a project as saved, a script as a new import. */
export async function readScriptFile(
  path: string,
): Promise<{ project: Project; isProject: boolean }> {
  if (scriptKindOf(path) === 'project')
    return { project: await loadProjectFile(path), isProject: true }
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw toDiskError(error, path)
  }
  return { project: projectFromScriptText(path, text), isProject: false }
}
