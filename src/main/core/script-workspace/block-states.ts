import type { Project } from '../../../shared/domain/script'
import type { BlockAudioState } from '../../../shared/domain/script-workspace'
import { AppError } from '../../../shared/errors'
import type { PieceCache } from '../narration/piece-cache'
import type { RenderPlan } from '../narration/render-plan'
import { planRender } from '../narration/render-plan'

/**
 * Plans one block alone (same defaults, cast and lexicon). A block's pieces do not depend on its
 * neighbours, so this gives the same hashes as the whole plan at a fraction of the cost; a block
 * without a voice gives null instead of failing the whole document.
 */
export function planBlock(project: Project, blockId: string): RenderPlan | null {
  const block = project.blocks.find((b) => b.id === blockId)
  if (block === undefined) {
    throw new AppError('NOT_FOUND', 'That block is no longer in the script.')
  }
  try {
    return planRender({ ...project, blocks: [block] })
  } catch (error) {
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED') return null
    throw error
  }
}

/** Piece hashes of every block (blocks without a voice are left out). */
export function blockHashes(project: Project, blockIds?: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>()
  const wanted = blockIds === undefined ? null : new Set(blockIds)
  for (const block of project.blocks) {
    if (wanted !== null && !wanted.has(block.id)) continue
    const plan = planBlock(project, block.id)
    if (plan !== null)
      out.set(
        block.id,
        plan.pieces.map((p) => p.hash),
      )
  }
  return out
}

/**
 * The audio state of blocks (all, or the listed ones): cached when every piece is in the cache,
 * stale when it was rendered before with other pieces, new otherwise.
 */
export function blockStates(
  project: Project,
  cache: Pick<PieceCache, 'has'>,
  rendered: Readonly<Record<string, readonly string[]>>,
  blockIds?: readonly string[],
): Record<string, BlockAudioState> {
  const states: Record<string, BlockAudioState> = {}
  const wanted = blockIds === undefined ? null : new Set(blockIds)
  for (const block of project.blocks) {
    if (wanted !== null && !wanted.has(block.id)) continue
    const plan = planBlock(project, block.id)
    if (plan === null) {
      states[block.id] = 'no-voice'
      continue
    }
    if (plan.pieces.length === 0) {
      states[block.id] = 'empty'
      continue
    }
    const hashes = plan.pieces.map((p) => p.hash)
    if (hashes.every((h) => cache.has(h))) {
      states[block.id] = 'cached'
      continue
    }
    const before = rendered[block.id]
    states[block.id] = before !== undefined && before.length > 0 ? 'stale' : 'new'
  }
  return states
}
