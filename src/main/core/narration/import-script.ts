import { readFile } from 'node:fs/promises'
import { extname } from 'node:path'
import type { Project, ProjectDefaults } from '../../../shared/domain/script'
import { createProject } from '../../../shared/domain/script'
import { AppError } from '../../../shared/errors'
import { toDiskError } from '../files/atomic-write'
import { importMarkdown } from './import-markdown'
import { importPlainText } from './import-text'
import { parseProjectFile } from './project-file'

/** What a script import may add: a cast (speaker -> voice) and default overrides. */
export interface ImportOptions {
  cast?: Record<string, string>
  defaults?: Partial<ProjectDefaults>
}

/**
 * Opens a script by its extension: `.json`/`.voicedesk` project files as they are (with `cast`
 * and `defaults` layered on top), `.md`/`.markdown` as Markdown, anything else as plain text.
 */
export async function importScript(path: string, options: ImportOptions = {}): Promise<Project> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    // Why not toDiskError: that one speaks of writing (a missing folder); here the script
    // itself is missing, which is NOT_FOUND and names the file.
    const code = (error as { code?: unknown }).code
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new AppError('NOT_FOUND', `The script file ${path} does not exist. Check the path.`, {
        cause: error,
      })
    }
    throw toDiskError(error, path)
  }
  const ext = extname(path).toLowerCase()
  const cast = options.cast ?? {}
  const defaults = Object.fromEntries(
    Object.entries(options.defaults ?? {}).filter(([, v]) => v !== undefined),
  )
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
