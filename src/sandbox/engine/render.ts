import type { AudioFormat } from '../audio/audio-formats.js'
import { encodeAudio } from '../audio/encode.js'
import { normalizeLoudness } from '../audio/loudness.js'
import { applyGain, concatSamples, OUTPUT_SAMPLE_RATE, silence } from '../audio/pcm.js'
import { resample } from '../audio/resample.js'
import type { PlanItem, PlannedWord } from '../audio/speech-plan.js'
import {
  ESPEAK_SAMPLE_RATE,
  synthesizeMarkup,
  type EngineVoice,
  type EspeakEvent,
} from './espeak.js'

/** Everything needed to render one synthesis request; plain data so it can cross a worker boundary. */
export interface RenderJob {
  items: PlanItem[]
  voice: EngineVoice
  format: AudioFormat
  loudnessNormalization: boolean
}

/** The rendered file and the timing of every planned word, in milliseconds from the start of the audio. */
export interface RenderResult {
  audio: Uint8Array
  durationMs: number
  /** `[start_time, end_time]` per planned word, in reading order. */
  wordTimes: Array<[number, number]>
}

function escapeMarkup(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

function markup(words: readonly PlannedWord[], firstIndex: number): string {
  return words
    .map((word, offset) => {
      const index = firstIndex + offset
      // Punctuation stays outside the marks so a clause pause counts as a gap, not as part of the word.
      return `${escapeMarkup(word.lead)}<mark name="s-${index}"/>${escapeMarkup(word.spoken)}<mark name="e-${index}"/>${escapeMarkup(word.trail)}`
    })
    .join(' ')
}

// The engine drops a start mark that falls on a sentence boundary; the word then starts where the
// previous clause ended. Missing end marks fall back to the next start or the end of the segment.
function wordTimesFromEvents(
  events: readonly EspeakEvent[],
  firstIndex: number,
  count: number,
  totalMs: number,
): Array<[number, number]> {
  const starts = new Map<number, number>()
  const ends = new Map<number, number>()
  let boundary = 0
  for (const event of events) {
    if (event.type === 'end') boundary = event.audio_position
    if (event.type !== 'mark' || typeof event.id !== 'string') continue
    const index = Number(event.id.slice(2))
    if (event.id.startsWith('s-')) starts.set(index, event.audio_position)
    if (event.id.startsWith('e-')) {
      if (!starts.has(index)) starts.set(index, boundary)
      ends.set(index, event.audio_position)
      boundary = event.audio_position
    }
  }
  const times: Array<[number, number]> = []
  let previousEnd = 0
  for (let i = firstIndex; i < firstIndex + count; i++) {
    const start = starts.get(i) ?? previousEnd
    const end = Math.max(start, ends.get(i) ?? starts.get(i + 1) ?? totalMs)
    times.push([start, end])
    previousEnd = end
  }
  return times
}

/** Synthesizes the planned words and pauses with one voice, then encodes the result as `format` at 24 kHz. */
export async function renderSpeech(job: RenderJob): Promise<RenderResult> {
  const parts: Float32Array[] = []
  const wordTimes: Array<[number, number]> = []
  let elapsedMs = 0
  let wordIndex = 0
  for (const item of job.items) {
    if (item.kind === 'break') {
      const pause = silence(item.ms, ESPEAK_SAMPLE_RATE)
      parts.push(pause)
      elapsedMs += (pause.length / ESPEAK_SAMPLE_RATE) * 1000
      continue
    }
    const { samples, events } = await synthesizeMarkup(markup(item.words, wordIndex), {
      espeakVoice: job.voice.espeakVoice,
      pitch: job.voice.pitch * item.prosody.pitch,
      range: job.voice.range,
      rate: job.voice.rate * item.prosody.rate,
    })
    applyGain(samples, job.voice.gain * item.prosody.volume)
    const segmentMs = (samples.length / ESPEAK_SAMPLE_RATE) * 1000
    for (const [start, end] of wordTimesFromEvents(
      events,
      wordIndex,
      item.words.length,
      segmentMs,
    )) {
      wordTimes.push([round(elapsedMs + start), round(elapsedMs + end)])
    }
    parts.push(samples)
    elapsedMs += segmentMs
    wordIndex += item.words.length
  }
  if (parts.length === 0) parts.push(silence(200, ESPEAK_SAMPLE_RATE))
  const pcm = resample(
    { samples: concatSamples(parts), sampleRate: ESPEAK_SAMPLE_RATE },
    OUTPUT_SAMPLE_RATE,
  )
  if (job.loudnessNormalization) normalizeLoudness(pcm.samples, pcm.sampleRate)
  const audio = await encodeAudio(job.format, pcm.samples, pcm.sampleRate)
  return { audio, durationMs: round((pcm.samples.length / pcm.sampleRate) * 1000), wordTimes }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10
}

const WARM_UP_TEXT =
  'Warming up the engine: one, two, three. The quick brown fox jumps over the lazy dog.'

/**
 * Renders a few throwaway sentences so the engine's and encoders' WASM code is optimized before real
 * requests arrive (the first renders are up to ten times slower than later ones).
 */
export async function warmUpEngine(): Promise<void> {
  for (const format of ['mp3', 'ogg', 'pcm', 'mp3'] as const) {
    const words = WARM_UP_TEXT.split(' ').map((word, index) => ({
      start: index,
      end: index + 1,
      lead: '',
      spoken: word,
      trail: '',
      value: word,
    }))
    await renderSpeech({
      items: [{ kind: 'words', prosody: { rate: 1, pitch: 1, volume: 1 }, words }],
      voice: { espeakVoice: 'gmw/en-US', pitch: 50, range: 50, rate: 175, gain: 1 },
      format,
      loudnessNormalization: false,
    })
  }
}
