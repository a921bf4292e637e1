import { readFile } from 'node:fs/promises'
import type { Project } from '../../../shared/domain/script'
import { toDiskError } from '../files/atomic-write'
import { importScriptOffMain } from '../narration/plan-offload'
import { loadProjectFile } from '../narration/project-file'
import { scriptKindOf } from './script-text'

/** Largest script file the workspace imports (a 100,000-word book is about 600 KB). */
export const MAX_SCRIPT_BYTES = 20 * 1024 * 1024

/**
 * Opens a file chosen in the open dialog: a project as saved, a script as a new import (read off
 * main's event loop when it is large: a book-length `.txt` is split into blocks there).
 */
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
  return { project: await importScriptOffMain(path, text), isProject: false }
}
