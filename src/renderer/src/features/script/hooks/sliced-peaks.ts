// The waveform of an AAC or M4B render, which main cannot decode: the window asks main for the
// render's frames a few minutes at a time (ADTS slices), decodes each with Web Audio at a low rate,
// keeps only its levels and lets the samples go. A ten-hour book costs one slice of memory.

import type { RenderPlayback, WaveSlice } from '../../../../../shared/domain/render-playback'
import { MAX_WAVEFORM_PEAKS } from '../../../../../shared/domain/render-playback'

/** The rate slices are decoded at: enough for a waveform's levels, an eighth of the memory of 48 kHz. */
const DECODE_RATE = 6000

/** Where a slice's decoded samples sit on the render's timeline, and which of them count. */
export type SliceSpan = Pick<WaveSlice, 'startSeconds' | 'fromSeconds' | 'toSeconds'>

/**
 * Raises `peaks` (equal slices of `durationSeconds`) to the highest absolute level of the samples
 * heard in each, for the samples of one slice between its `fromSeconds` and `toSeconds` (its
 * warm-up frames before are left out).
 */
export function addSliceLevels(
  peaks: number[],
  samples: Float32Array,
  sampleRate: number,
  span: SliceSpan,
  durationSeconds: number,
): void {
  if (peaks.length === 0 || durationSeconds <= 0) return
  const first = Math.max(0, Math.ceil((span.fromSeconds - span.startSeconds) * sampleRate))
  const end = Math.min(samples.length, Math.ceil((span.toSeconds - span.startSeconds) * sampleRate))
  const perPeak = (durationSeconds / peaks.length) * sampleRate // samples in one peak
  const offset = span.startSeconds * sampleRate // the slice's first sample, on the timeline
  let i = first
  while (i < end) {
    const peak = Math.min(peaks.length - 1, Math.floor((offset + i) / perPeak))
    // The first sample of the next peak, or the end of the slice.
    const stop = Math.min(end, Math.max(i + 1, Math.ceil((peak + 1) * perPeak - offset)))
    let loudest = peaks[peak]!
    for (let j = i; j < stop; j += 1) {
      const level = Math.abs(samples[j]!)
      if (level > loudest) loudest = level
    }
    peaks[peak] = Math.min(1, loudest)
    i = stop
  }
}

/** Decodes an ADTS slice with Web Audio at {@link DECODE_RATE}, one channel. */
async function decodeSlice(adts: Uint8Array): Promise<{ samples: Float32Array; rate: number }> {
  const context = new OfflineAudioContext(1, 1, DECODE_RATE)
  // decodeAudioData takes the buffer over, so it gets a copy of its own.
  const audio = await context.decodeAudioData(adts.slice().buffer)
  return { samples: audio.getChannelData(0), rate: audio.sampleRate }
}

/** What {@link measureSlicedPeaks} needs: main's slices, and where its progress goes. */
export interface SlicedPeaksJob {
  durationSeconds: number
  fetchSlice: (fromSeconds: number) => Promise<WaveSlice>
  /** After each slice: the levels so far (unmeasured ones 0) and how much is measured, 0 to 1. */
  onProgress: (peaks: number[], fraction: number) => void
  signal: AbortSignal
  /** Decodes one slice; Web Audio at {@link DECODE_RATE} unless a test gives its own. */
  decode?: (adts: Uint8Array) => Promise<{ samples: Float32Array; rate: number }>
}

/**
 * The render's waveform, measured slice by slice from its start; stops when `signal` aborts.
 * `complete` is false when a slice stopped short of the end without being the last (main found no
 * more frames), so what was measured is shown but not taken for the whole wave.
 */
export async function measureSlicedPeaks(
  job: SlicedPeaksJob,
): Promise<{ peaks: number[]; complete: boolean }> {
  const peaks = new Array<number>(MAX_WAVEFORM_PEAKS).fill(0)
  let from = 0
  for (;;) {
    if (job.signal.aborted) throw new DOMException('The player was closed.', 'AbortError')
    const slice = await job.fetchSlice(from)
    const decoded = await (job.decode ?? decodeSlice)(slice.adts).catch(() => {
      throw new Error(
        'The waveform of this render could not be drawn: its AAC audio did not decode in the app. Use “Open in player app” in the render’s Details to hear it, or render it as MP3 or WAV to see its waveform here.',
      )
    })
    addSliceLevels(peaks, decoded.samples, decoded.rate, slice, job.durationSeconds)
    job.onProgress(peaks.slice(), Math.min(1, slice.toSeconds / job.durationSeconds))
    if (slice.last) return { peaks, complete: true }
    if (slice.toSeconds <= from) return { peaks, complete: false }
    from = slice.toSeconds
  }
}

/** How many renders' measured levels the window keeps (each {@link MAX_WAVEFORM_PEAKS} numbers). */
const REMEMBERED_RENDERS = 8

/**
 * Levels measured in this window, by render: reopening the player on a long book draws its wave
 * at once instead of decoding every slice again. A render is known by its finish time, size and
 * length, so a new render to the same file is measured anew. The oldest is forgotten past a few.
 */
export class MeasuredPeaks {
  private readonly byRender = new Map<string, number[]>()

  constructor(private readonly capacity = REMEMBERED_RENDERS) {}

  private static key(render: RenderIdentity): string {
    return `${render.finishedAt}|${render.bytes}|${render.durationSeconds}`
  }

  get(render: RenderIdentity): number[] | undefined {
    const key = MeasuredPeaks.key(render)
    const peaks = this.byRender.get(key)
    if (peaks === undefined) return undefined
    // Most recently used last, so the oldest is the first to go.
    this.byRender.delete(key)
    this.byRender.set(key, peaks)
    return peaks
  }

  remember(render: RenderIdentity, peaks: number[]): void {
    const key = MeasuredPeaks.key(render)
    this.byRender.delete(key)
    this.byRender.set(key, peaks)
    for (const oldest of this.byRender.keys()) {
      if (this.byRender.size <= this.capacity) break
      this.byRender.delete(oldest)
    }
  }
}

/** What tells one finished render from another. */
export type RenderIdentity = Pick<RenderPlayback, 'finishedAt' | 'bytes' | 'durationSeconds'>
