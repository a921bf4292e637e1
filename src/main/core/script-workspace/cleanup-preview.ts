import type {
  CleanupPreview,
  CleanupSettings,
  CleanupTrial,
} from '../../../shared/domain/cleanup-rules'
import type { Project, ScriptBlock } from '../../../shared/domain/script'
import type { OpenedDocument } from '../../../shared/domain/script-workspace'
import type { ScriptDocuments } from './script-documents'
import { runCleanup } from '../narration/cleanup/run-cleanup'

/**
 * What the clean-up would change in a script's blocks: each rule's report and the new text of
 * each block it changes (a block it empties gets ""), nothing applied. Runs on the clean-up thread.
 */
export async function cleanupPreview(
  blocks: readonly ScriptBlock[],
  settings: CleanupSettings,
  signal: AbortSignal,
): Promise<CleanupPreview> {
  const result = await runCleanup(blocks, settings, { signal })
  const cleaned = new Map(result.blocks.map((block) => [block.id, block]))
  const changes: CleanupPreview['changes'] = []
  for (const block of blocks) {
    const after = cleaned.get(block.id)
    const text = after?.text ?? ''
    const chapter = after?.chapter !== block.chapter ? after?.chapter : undefined
    if (text !== block.text || chapter !== undefined) {
      changes.push({
        id: block.id,
        text,
        ...(after?.marks !== undefined && after.marks !== block.marks
          ? { marks: after.marks }
          : {}),
        ...(chapter !== undefined ? { chapter } : {}),
      })
    }
  }
  return { reports: result.reports, changes }
}

/** A sample text after the clean-up (the rules' test field), on the clean-up thread. */
export async function cleanupTrial(
  sample: string,
  settings: CleanupSettings,
): Promise<CleanupTrial> {
  const result = await runCleanup([{ text: sample }], settings)
  return { text: result.blocks[0]?.text ?? '', reports: result.reports }
}

/**
 * Finishes a manuscript import with the clean-up the user accepted in its review: the rules run
 * (on the clean-up thread) over main's copy as imported, and the cleaned blocks with the rules
 * become the project under the same id, which the page then opens. Refused (CONFLICT) once the
 * page has edited the import; nothing reaches the service.
 */
export async function finishReviewedImport(
  script: {
    documents: Pick<ScriptDocuments, 'projectAt' | 'restartImport'>
    cleanupPreview(docId: string, revision: number, s: CleanupSettings): Promise<CleanupPreview>
  },
  docId: string,
  settings: CleanupSettings,
): Promise<OpenedDocument> {
  const project = script.documents.projectAt(docId, 0)
  const preview = await script.cleanupPreview(docId, 0, settings)
  const cleaned = new Map(preview.changes.map((change) => [change.id, change]))
  const blocks = project.blocks.map((block) => {
    const change = cleaned.get(block.id)
    if (change === undefined) return block
    return {
      ...block,
      text: change.text,
      ...(change.marks !== undefined ? { marks: change.marks } : {}),
      ...(change.chapter !== undefined ? { chapter: change.chapter } : {}),
    }
  })
  const finished: Project = { ...project, blocks, cleanup: settings }
  script.documents.restartImport(docId, finished)
  return {
    docId,
    project: finished,
    fileName: null,
    location: null,
    unsaved: true,
    manuscript: true,
  }
}
