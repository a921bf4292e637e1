import { describe, expect, it } from 'vitest'
import { analyzePiece, analyzePieceHere } from './piece-analysis'
import { samplesToBytes } from './pcm-edges'
import { speechLikeSignal } from './test-audio'

describe('piece analysis on a worker thread', () => {
  it('gives exactly what the engine computes on the main thread', async () => {
    for (const seconds of [0.0004, 1.3337, 4.2]) {
      const audio = samplesToBytes(speechLikeSignal(seconds, 24_000, 0.4, 7))
      const copy = Uint8Array.from(audio)
      const [threaded, here] = [await analyzePiece(audio, true), analyzePieceHere(copy, true)]
      expect(threaded.sha256).toBe(here.sha256)
      expect(threaded.loudness?.samples).toBe(here.loudness?.samples)
      expect(threaded.loudness?.peak).toBe(here.loudness?.peak)
      expect(Array.from(threaded.loudness!.cells)).toEqual(Array.from(here.loudness!.cells))
    }
    const adts = Uint8Array.from([1, 2, 3])
    expect(await analyzePiece(adts, false)).toEqual(analyzePieceHere(adts, false))
  })
})
