import { describe, expect, it } from 'vitest'
import { startingProgress } from '../../shared/domain/narration'
import { estimateLine, progressLine } from './render-report'

describe('the CLI progress line', () => {
  it('counts a busy wait down to when it ends, not from when it began', () => {
    const busy = { ...startingProgress({ piecesDone: 2, piecesTotal: 7 }), busyWaitMs: 30_000 }
    const line = (now: number): string =>
      progressLine({ ...busy, busyUntil: 1_000_000 + 30_000 }, 80, now)
    expect(line(1_000_000)).toContain('the service is busy, waiting 30 s')
    expect(line(1_012_000)).toContain('the service is busy, waiting 18 s')
    expect(line(1_031_000)).toContain('the service is busy, waiting 1 s')
  })

  it('follows the blocks and the time left in plain words, never pieces or requests', () => {
    const running = {
      ...startingProgress({ piecesDone: 3, piecesTotal: 90 }),
      blocksDone: 4,
      blocksTotal: 40,
      audioSeconds: 31.5,
      billableCharacters: 1234,
      etaSeconds: 51,
    }
    expect(progressLine(running, 80, 0)).toMatch(
      /\] block 5 of 40 {2}31\.5 s of audio {2}1,234 characters {2}about 51 s left {2}speaking$/,
    )
    expect(progressLine(running, 80, 0)).not.toMatch(/pieces|requests|cache|ETA/)
  })

  it('says what a render will use as a creator counts it', () => {
    expect(
      estimateLine({
        totalPieces: 12,
        cachedPieces: 2,
        requests: 10,
        billableCharacters: 12_300,
        cachedCharacters: 1_100,
        spokenCharacters: 13_400,
      }),
    ).toBe(
      'about 12,300 characters · about 15 min of audio · 1,100 characters already rendered, not paid again',
    )
  })
})
