import type { RenderProgress, RenderResult } from '../../../../../shared/domain/narration'
import { formatClock } from '../../../lib/format'

/**
 * What a finished render used, in characters a person can hold against Account's usage: all it
 * spoke, and the part rendered before (kept on this computer, not paid again). Null when it spoke
 * nothing.
 */
export function usageSentence(result: RenderResult): string | null {
  const used = result.billableCharacters + result.cachedCharacters
  if (used === 0) return null
  const cached = result.cachedCharacters
  const from =
    cached > 0 ? `, ${cached.toLocaleString()} of them rendered before and not paid again` : ''
  return `This render used ${used.toLocaleString()} ${used === 1 ? 'character' : 'characters'}${from}.`
}

/**
 * Where a running render is, as a person follows it: the block of the script it is at (a block
 * is what Script shows; the pieces the service is asked for are not), then the time left.
 */
export function progressWords(progress: RenderProgress): string {
  if (progress.phase === 'encoding') return 'Writing the file…'
  if (progress.phase !== 'synthesizing') return 'Checking the file…'
  if (progress.blocksTotal === 0) return 'Getting ready…'
  const block = Math.min(progress.blocksDone + 1, progress.blocksTotal)
  return `Block ${block.toLocaleString()} of ${progress.blocksTotal.toLocaleString()}`
}

/** The time left of a running render, once there is a pace to estimate it from. */
export function timeLeftWords(progress: RenderProgress): string | null {
  if (progress.phase !== 'synthesizing' || progress.etaSeconds === null) return null
  return `about ${formatClock(progress.etaSeconds, Math.round)} left`
}

/** How far a stopped render got: "about 40% of the way". */
export function stoppedShare(finished: number, total: number): string {
  if (total <= 0 || finished <= 0) return 'before its first block was done'
  return `about ${Math.min(99, Math.floor((finished / total) * 100))}% of the way`
}

/**
 * What the checks of a finished render found, in one line; `warn` when any found a problem.
 * `changedSince` is the number of blocks edited after it: then the audio no longer says what the
 * script says, and the note says so instead of the render's own verdict.
 */
export function checkNotes(
  result: RenderResult,
  changedSince = 0,
): { notes: string[]; warn: boolean } {
  const failedFiles = result.compliance?.files.filter((f) => !f.pass).length ?? 0
  const notes = [
    result.compliance === null
      ? ''
      : result.compliance.pass
        ? result.compliance.unchecked !== undefined
          ? `${result.compliance.files.length} chapter ${result.compliance.files.length === 1 ? 'file' : 'files'} ready for ${result.compliance.presetName}.`
          : `Ready for ${result.compliance.presetName}.`
        : `${failedFiles} of ${result.compliance.files.length} files would be turned down by ${result.compliance.presetName}.`,
    changedSince > 0
      ? `${changedSince.toLocaleString()} ${changedSince === 1 ? 'block has' : 'blocks have'} changed since this render: render again to hear ${changedSince === 1 ? 'it' : 'them'}.`
      : result.checks.length === 0
        ? 'The audio says what the script says.'
        : `${result.checks.length} ${result.checks.length === 1 ? 'block differs' : 'blocks differ'} from the script.`,
  ].filter(Boolean)
  return { notes, warn: failedFiles > 0 || result.checks.length > 0 }
}
