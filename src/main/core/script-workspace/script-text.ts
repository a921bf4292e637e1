import { basename, extname } from 'node:path'
import type { Project } from '../../../shared/domain/script'
import { createProject } from '../../../shared/domain/script'
import { AppError } from '../../../shared/errors'
import { importMarkdown } from '../narration/import/import-markdown'
import { importPlainText } from '../narration/import/import-text'
import { detectSpeakers } from './detect-speakers'

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
