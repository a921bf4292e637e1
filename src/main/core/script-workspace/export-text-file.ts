import { basename, dirname } from 'node:path'
import type { Project } from '../../../shared/domain/script'
import { writeFileAtomic } from '../files/atomic-write'
import { chooseSavePath } from '../files/save-target'
import { exportKindOf, exportScript } from '../narration/export/script-export'
import type { PlatformPorts } from '../platform-ports'
import { anyExtension, EXPORT_FILTERS, suggestedFileName } from './document-dialogs'

/**
 * File > Export Script…: `project` written as Markdown or plain text (by the extension chosen
 * in the native dialog), atomically. `path` is the project's own file, for the name offered.
 * Null when cancelled.
 */
export async function exportTextFile(
  dialogs: Pick<PlatformPorts, 'showSaveDialog'>,
  ownerId: number,
  project: Project,
  path: string | null,
): Promise<{ fileName: string; location: string } | null> {
  const target = await chooseSavePath(
    dialogs,
    ownerId,
    {
      title: 'Export the script as text',
      defaultName: suggestedFileName(project, path, '.md'),
      filters: EXPORT_FILTERS,
    },
    anyExtension('md'),
  )
  if (target === null) return null
  await writeFileAtomic(target, exportScript(project, exportKindOf(target)))
  return { fileName: basename(target), location: dirname(target) }
}
