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

/**
 * The primary button's words for a blocked render with blocks to fix: where the click goes (the
 * first block named), never a count of "blocks" when a problem is a cast voice, not a block's.
 */
export function fixBlocksLabel(blocks: number[]): string {
  return blocks.length === 1
    ? `Go to block ${blocks[0]} to fix it`
    : `Go to block ${blocks[0]}, the first to fix`
}

/** The cast entries a blocked render asks to fix: speakers, and whether the default voice is one. */
export interface CastToFix {
  speakers: string[]
  defaultVoice: boolean
}

/**
 * The cast entries to fix when every problem is a voice the cast (or the default voice) names
 * and the voice list lacks: the button then opens Cast on them. Null when any problem is
 * elsewhere (a block's own voice, a language, the folder).
 */
export function castToFix(problems: PreflightProblem[]): CastToFix | null {
  if (problems.length === 0) return null
  const fix: CastToFix = { speakers: [], defaultVoice: false }
  for (const p of problems) {
    if (p.kind !== 'voice') return null
    if (p.defaultVoice === true) fix.defaultVoice = true
    else if (p.speaker !== undefined) {
      if (!fix.speakers.includes(p.speaker)) fix.speakers.push(p.speaker)
    } else return null
  }
  return fix
}

/** The primary button's words for a render blocked by the cast: what the click will do. */
export function fixCastLabel(fix: CastToFix): string {
  const count = fix.speakers.length + (fix.defaultVoice ? 1 : 0)
  if (count > 1) return `Choose ${count} voices in Cast`
  if (fix.defaultVoice) return 'Choose a default voice in Cast'
  return `Choose a voice for ${fix.speakers[0]} in Cast`
}
