import { describe, expect, it } from 'vitest'
import { analyzePiece, analyzePieceHere } from './piece-analysis'
import { samplesToBytes } from '../pcm/pcm-edges'
import { speechLikeSignal } from '../../../testing/test-audio'

describe('piece analysis on a worker thread', () => {
  it('gives exactly what the engine computes on the main thread, and the bytes back unchanged', async () => {
    for (const seconds of [0.0004, 1.3337, 4.2]) {
      const audio = samplesToBytes(speechLikeSignal(seconds, 24_000, 0.4, 7))
      const copy = Uint8Array.from(audio)
      const threaded = await analyzePiece(audio, true)
      const here = analyzePieceHere(Uint8Array.from(copy), true)
      expect(threaded.sha256).toBe(here.sha256)
      expect(threaded.loudness?.samples).toBe(here.loudness?.samples)
      expect(threaded.loudness?.peak).toBe(here.loudness?.peak)
      expect(Array.from(threaded.loudness!.cells)).toEqual(Array.from(here.loudness!.cells))
      // Lent to the thread (large pieces) and handed back: same bytes, the edges not faded.
      expect(Buffer.from(threaded.audio).equals(Buffer.from(copy))).toBe(true)
      if (copy.byteLength >= 64 * 1024) expect(audio.byteLength).toBe(0)
    }
    const adts = Uint8Array.from([1, 2, 3])
    const { audio, ...analysis } = await analyzePiece(adts, false)
    expect(analysis).toEqual(analyzePieceHere(adts, false))
    expect(audio).toBe(adts)
  })

  it('copies a view into a larger buffer instead of lending it (the rest is not its own)', async () => {
    const samples = speechLikeSignal(2, 24_000, 0.5, 3)
    const whole = new Uint8Array(samples.byteLength + 3)
    whole.set(samplesToBytes(samples), 1)
    const view = whole.subarray(1, 1 + samples.byteLength)
    const threaded = await analyzePiece(view, true)
    expect(whole.byteLength).toBe(samples.byteLength + 3)
    expect(threaded.audio).toBe(view)
    expect(threaded.sha256).toBe(analyzePieceHere(Uint8Array.from(view), true).sha256)
    expect(Array.from(threaded.loudness!.cells)).toEqual(
      Array.from(analyzePieceHere(Uint8Array.from(view), true).loudness!.cells),
    )
  })
})
