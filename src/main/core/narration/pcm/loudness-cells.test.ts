import { describe, expect, it } from 'vitest'
import { LoudnessMeter } from './loudness'
import {
  loadPieceLoudness,
  measurePiece,
  ProgramLoudness,
  storePieceLoudness,
} from './loudness-cells'
import { fadeLoudEdges } from './pcm-edges'
import { speechLikeSignal } from '../../../testing/test-audio'

describe('program loudness from per-piece cells', () => {
  it('agrees with metering the assembled program sample by sample', () => {
    // Pieces of odd lengths and pauses of whole milliseconds, so cells straddle sub-blocks.
    const pieces = [3.217, 5.5031, 1.9, 7.0007, 2.4449].map((s, i) => {
      const p = speechLikeSignal(s, 24_000, 0.1 + 0.1 * i, i + 3)
      fadeLoudEdges(p, 120)
      return p
    })
    const pauses = [350, 0, 1200, 17, 0]
    const meter = new LoudnessMeter(24_000)
    const program = new ProgramLoudness()
    pieces.forEach((piece, i) => {
      meter.push(piece)
      program.addPiece(measurePiece(piece))
      const pause = new Int16Array(pauses[i]! * 24)
      meter.push(pause)
      program.addSilence(pause.length)
    })
    expect(Math.abs(program.integrated()! - meter.integrated()!)).toBeLessThan(0.05)
    expect(program.samplePeak).toBeCloseTo(meter.samplePeak, 9)
  })

  it('round-trips through the stored form and refuses statistics of another length', () => {
    const piece = speechLikeSignal(1.01, 24_000)
    const stats = measurePiece(piece)
    const stored = storePieceLoudness(stats)
    const loaded = loadPieceLoudness(stored, piece.length)
    expect(loaded?.cells).toEqual(stats.cells)
    expect(loadPieceLoudness(stored, piece.length + 1)).toBeNull()
  })

  it('gives null for a program that is too short or silent', () => {
    const program = new ProgramLoudness()
    program.addSilence(24_000)
    expect(program.integrated()).toBeNull()
  })
})
