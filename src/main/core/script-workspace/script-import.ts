import { readFile } from 'node:fs/promises'
import type { Project } from '../../../shared/domain/script'
import { toDiskError } from '../files/atomic-write'
import { importScriptOffMain, parseProjectFileOffMain } from '../narration/plan-offload'
import { scriptKindOf } from './script-text'

/** Largest script file the workspace imports (a 100,000-word book is about 600 KB). */
export const MAX_SCRIPT_BYTES = 20 * 1024 * 1024

/**
 * Opens a file chosen in the open dialog: a project as saved, a script as a new import. A large
 * file is parsed off main's event loop: a project's JSON and its validation, a book-length `.txt`
 * split into blocks.
 */
export async function readScriptFile(
  path: string,
): Promise<{ project: Project; isProject: boolean }> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw toDiskError(error, path)
  }
  if (scriptKindOf(path) === 'project') {
    return { project: await parseProjectFileOffMain(path, text), isProject: true }
  }
  return { project: await importScriptOffMain(path, text), isProject: false }
}
