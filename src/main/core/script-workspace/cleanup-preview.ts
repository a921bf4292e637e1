import type {
  CleanupPreview,
  CleanupSettings,
  CleanupTrial,
} from '../../../shared/domain/cleanup-rules'
import type { ScriptBlock } from '../../../shared/domain/script'
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
