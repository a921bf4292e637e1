import type { ImportProgress, ImportUnit } from './import-pdf'

/**
 * How many progress reports one long import sends at most per phase (besides its first and last).
 * Why a bound: each report crosses from the planning thread to main and on to the window, which
 * draws it; a book of 9,000 short sections reported all 9,000, and the window spent minutes drawing
 * them (nothing showed until the reading was nearly over). 200 steps move the number every 0.5%.
 */
export const PROGRESS_STEPS = 200

/**
 * `progress` with its reports thinned to at most {@link PROGRESS_STEPS} per phase: the first
 * report of a phase (a new unit or total) always passes, as does the last part, and in between a
 * report passes only when it reaches the next step. Counting, not timing, decides, so what the
 * window hears does not depend on how busy the machine is. The cancel signal passes unchanged.
 */
export function steppedProgress(progress: ImportProgress): ImportProgress {
  const report = progress.onProgress
  if (report === undefined) return progress
  let phase = ''
  let lastStep = -1
  return {
    ...progress,
    onProgress: (done: number, total: number, unit?: ImportUnit) => {
      const key = `${unit ?? 'page'}/${total}`
      const step = total > 0 ? Math.floor((done * PROGRESS_STEPS) / total) : 0
      if (key !== phase || step > lastStep || done === total) {
        phase = key
        lastStep = step
        report(done, total, unit)
      }
    },
  }
}
