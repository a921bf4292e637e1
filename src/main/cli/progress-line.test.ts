import { describe, expect, it } from 'vitest'
import { startingProgress } from '../../shared/domain/narration'
import { progressLine } from './render-report'

describe('the CLI progress line', () => {
  it('counts a busy wait down to when it ends, not from when it began', () => {
    const busy = { ...startingProgress({ piecesDone: 2, piecesTotal: 7 }), busyWaitMs: 30_000 }
    const line = (now: number): string =>
      progressLine({ ...busy, busyUntil: 1_000_000 + 30_000 }, 80, now)
    expect(line(1_000_000)).toContain('the service is busy, waiting 30 s')
    expect(line(1_012_000)).toContain('the service is busy, waiting 18 s')
    expect(line(1_031_000)).toContain('the service is busy, waiting 1 s')
  })
})
