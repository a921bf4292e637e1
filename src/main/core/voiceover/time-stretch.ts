import { FifoSampleBuffer, Stretch } from '@soundtouchjs/core'
import { PCM_SAMPLE_RATE } from '../../../shared/domain/speech'

/** Samples handed to the stretcher at once (1 s): memory stays flat for a long line. */
const CHUNK = PCM_SAMPLE_RATE

/** The length a line of `samples` has at `tempo` (exact: the stretcher's output is cut to it). */
export function stretchedLength(samples: number, tempo: number): number {
  return Math.round(samples / tempo)
}

/**
 * Plays mono 24 kHz speech `tempo` times faster with its pitch kept (SoundTouch's WSOLA, the
 * `Stretch` stage; its `SoundTouch` wrapper in this version sets pitch only). The result is
 * exactly {@link stretchedLength} samples: the stretcher's latency is flushed with silence and
 * what it adds past the end is cut. CPU-bound: callers run it off main's event loop.
 */
export function stretchSpeech(samples: Int16Array, tempo: number): Int16Array {
  const outLength = stretchedLength(samples.length, tempo)
  if (tempo === 1) return samples.slice()
  const stretch = new Stretch({
    sampleRate: PCM_SAMPLE_RATE,
    createBuffers: true,
    sampleBufferFactory: () => new FifoSampleBuffer(),
  })
  stretch.tempo = tempo
  const input = stretch.inputBuffer
  const output = stretch.outputBuffer
  if (!input || !output) throw new Error('the stretcher made no buffers')
  const out = new Int16Array(outLength)
  let written = 0
  const drain = (): void => {
    const frames = Math.min(output.frameCount, outLength - written)
    if (frames <= 0) {
      output.receive(output.frameCount)
      return
    }
    const stereo = new Float32Array(frames * 2)
    output.extract(stereo, 0, frames)
    for (let i = 0; i < frames; i++) {
      const v = Math.round((stereo[2 * i] ?? 0) * 32768)
      out[written + i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v
    }
    written += frames
    output.receive(output.frameCount)
  }
  // The stretcher works on interleaved stereo: the mono line is fed on both channels.
  const feed = (from: number, to: number, silent: boolean): void => {
    const stereo = new Float32Array((to - from) * 2)
    if (!silent) {
      for (let i = from; i < to; i++) {
        const v = (samples[i] ?? 0) / 32768
        stereo[2 * (i - from)] = v
        stereo[2 * (i - from) + 1] = v
      }
    }
    input.putSamples(stereo, 0, to - from)
    stretch.process()
    drain()
  }
  for (let from = 0; from < samples.length; from += CHUNK) {
    feed(from, Math.min(samples.length, from + CHUNK), false)
  }
  // Silence pushes the last windows through; a few rounds cover the stretcher's latency.
  for (let round = 0; round < 8 && written < outLength; round++) feed(0, CHUNK / 4, true)
  return out
}
