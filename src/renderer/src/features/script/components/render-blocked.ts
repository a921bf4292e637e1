import { AppError } from '../../../../../shared/errors'
import type { PreflightProblem } from '../../../../../shared/errors'

/** What a render's checks found before anything was sent, or none when `error` is not that. */
export function preflightProblems(error: unknown): PreflightProblem[] {
  return error instanceof AppError ? (error.details?.preflight ?? []) : []
}

/**
 * The blocks a blocked render asks to fix, 1-based and in script order, when every problem is a
 * block's (a voice, a language): the button then offers to go to them. Empty when any problem is
 * elsewhere (the folder, the disk), which another file choice can solve.
 */
export function blocksToFix(problems: PreflightProblem[]): number[] {
  if (problems.length === 0 || problems.some((p) => p.block === undefined)) return []
  return [...new Set(problems.map((p) => p.block as number))].sort((a, b) => a - b)
}

/** The primary button's words for a blocked render with blocks to fix. */
export function fixBlocksLabel(blocks: number[]): string {
  return blocks.length === 1
    ? `Go to block ${blocks[0]} to fix it`
    : `Fix ${blocks.length} blocks first`
}
