import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type { Project } from '../../../../shared/domain/script'
import {
  PROJECT_FILE_FORMAT,
  PROJECT_FILE_VERSION,
  projectSchema,
} from '../../../../shared/domain/script'
import { AppError } from '../../../../shared/errors'
import { toDiskError, writeFileAtomic } from '../../files/atomic-write'

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `${basename(path)} ${message}`, {
    details: { fields: { file: message } },
  })
}

/**
 * Reads and validates a project from its JSON text. A newer version, another kind of file or a
 * damaged one gives a VALIDATION_FAILED error that says which; nothing is ever written here.
 */
export function parseProjectFile(path: string, text: string): Project {
  let data: unknown
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (error) {
    throw invalid(
      path,
      `is damaged: it is not valid JSON (${error instanceof Error ? error.message : 'parse error'}). The file was left as it is; restore it from a backup or fix the JSON.`,
    )
  }
  if (
    typeof data !== 'object' ||
    data === null ||
    (data as { format?: unknown }).format !== PROJECT_FILE_FORMAT
  ) {
    throw invalid(path, `is not a VoiceDesk project file (no "format": "${PROJECT_FILE_FORMAT}").`)
  }
  const version = (data as { version?: unknown }).version
  if (typeof version === 'number' && version > PROJECT_FILE_VERSION) {
    throw invalid(
      path,
      `was saved by a newer VoiceDesk (project version ${version}; this version reads up to ${PROJECT_FILE_VERSION}). Update VoiceDesk to open it; the file was not changed.`,
    )
  }
  const parsed = projectSchema.safeParse(data)
  if (!parsed.success) {
    const first = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ')
    throw invalid(path, `is damaged: ${first}. The file was left as it is.`)
  }
  return parsed.data
}

/** Loads a project file (see {@link parseProjectFile} for the errors). */
export async function loadProjectFile(path: string): Promise<Project> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw toDiskError(error, path)
  }
  return parseProjectFile(path, text)
}

/** Saves a project atomically; the new file is re-read and validated before it replaces the old. */
export async function saveProjectFile(path: string, project: Project): Promise<void> {
  const body = `${JSON.stringify(projectSchema.parse(project), null, 2)}\n`
  await writeFileAtomic(path, body, {
    verify: async (tempPath) => {
      parseProjectFile(path, await readFile(tempPath, 'utf8'))
    },
  })
}
