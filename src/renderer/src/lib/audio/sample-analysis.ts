import { secondsInWords } from '../format'

/** How serious a finding about a voice sample is. */
export type FindingSeverity = 'ok' | 'warning' | 'error'

/** One thing the local check found about a sample, in the user's words. */
export interface SampleFinding {
  id: 'decode' | 'duration' | 'silence' | 'clipping' | 'level'
  severity: FindingSeverity
  title: string
  detail: string
}

/** The measured facts behind the findings. */
export interface SampleMeasures {
  durationSec: number
  sampleRate: number
  channels: number
  /** RMS over the whole sample, in dBFS. */
  rmsDb: number
  /** Highest absolute sample, in dBFS. */
  peakDb: number
  /** Share of samples at or above full scale (0..1). */
  clippedShare: number
}

/** The recommended window for a cloning sample (the service's advice: 10-30 s). */
export const RECOMMENDED_MIN_SEC = 10
export const RECOMMENDED_MAX_SEC = 30

const CLIP_LEVEL = 0.999
const SILENT_RMS_DB = -50
const QUIET_RMS_DB = -35
const CLIPPED_WARN_SHARE = 0.0005
const CLIPPED_ERROR_SHARE = 0.01

function db(value: number): number {
  return value <= 0 ? -Infinity : 20 * Math.log10(value)
}

/** Measures decoded channels: RMS, peak and clipped share over all channels. Plain loops: fast on minutes of audio. */
export function measureChannels(
  channels: readonly Float32Array[],
  sampleRate: number,
): SampleMeasures {
  let sumSquares = 0
  let peak = 0
  let clipped = 0
  let count = 0
  for (const data of channels) {
    for (let i = 0; i < data.length; i++) {
      const v = data[i] ?? 0
      const a = v < 0 ? -v : v
      sumSquares += v * v
      if (a > peak) peak = a
      if (a >= CLIP_LEVEL) clipped++
    }
    count += data.length
  }
  const frames = channels[0]?.length ?? 0
  return {
    durationSec: sampleRate > 0 ? frames / sampleRate : 0,
    sampleRate,
    channels: channels.length,
    rmsDb: count === 0 ? -Infinity : db(Math.sqrt(sumSquares / count)),
    peakDb: db(peak),
    clippedShare: count === 0 ? 0 : clipped / count,
  }
}

const seconds = secondsInWords

/** Turns measures into findings: duration window, silence, level and clipping. */
export function findingsFor(m: SampleMeasures): SampleFinding[] {
  const findings: SampleFinding[] = []
  // Why duration is never an error here: the recommended window is advice, and the service is
  // the judge of what it accepts; its own answer is shown next to the sample.
  if (m.durationSec < 1) {
    findings.push({
      id: 'duration',
      severity: 'warning',
      title: 'Far too short',
      detail: `The sample lasts ${seconds(m.durationSec)}; the service will probably refuse it. Record at least ${RECOMMENDED_MIN_SEC} seconds of one person speaking.`,
    })
  } else if (m.durationSec < RECOMMENDED_MIN_SEC) {
    findings.push({
      id: 'duration',
      severity: 'warning',
      title: 'Shorter than recommended',
      detail: `The sample lasts ${seconds(m.durationSec)}; ${RECOMMENDED_MIN_SEC} to ${RECOMMENDED_MAX_SEC} seconds gives a closer clone.`,
    })
  } else if (m.durationSec > RECOMMENDED_MAX_SEC) {
    findings.push({
      id: 'duration',
      severity: 'warning',
      title: 'Longer than recommended',
      detail: `The sample lasts ${seconds(m.durationSec)}; the service recommends ${RECOMMENDED_MIN_SEC} to ${RECOMMENDED_MAX_SEC} seconds. Trim it to the clearest part.`,
    })
  } else {
    findings.push({
      id: 'duration',
      severity: 'ok',
      title: 'Good length',
      detail: `${seconds(m.durationSec)}, within the recommended ${RECOMMENDED_MIN_SEC} to ${RECOMMENDED_MAX_SEC} seconds.`,
    })
  }
  if (m.rmsDb < SILENT_RMS_DB) {
    findings.push({
      id: 'silence',
      severity: 'error',
      title: 'Silent',
      detail: 'The sample is almost silent. Check the microphone or choose another file.',
    })
  } else if (m.rmsDb < QUIET_RMS_DB) {
    findings.push({
      id: 'level',
      severity: 'warning',
      title: 'Very quiet',
      detail: 'The voice is hard to hear. Speak closer to the microphone or raise its gain.',
    })
  } else {
    findings.push({
      id: 'level',
      severity: 'ok',
      title: 'Good level',
      detail: 'Loud enough, and not too loud.',
    })
  }
  if (m.clippedShare >= CLIPPED_ERROR_SHARE) {
    findings.push({
      id: 'clipping',
      severity: 'error',
      title: 'Clipped',
      detail: 'Parts of the sample are too loud and sound distorted. Record again with lower gain.',
    })
  } else if (m.clippedShare >= CLIPPED_WARN_SHARE) {
    findings.push({
      id: 'clipping',
      severity: 'warning',
      title: 'A little clipped',
      detail: 'A few moments are too loud. Lower the gain if you can.',
    })
  }
  return findings
}

/**
 * The measured numbers, for Details (the findings say the same in words): "44,100 Hz, mono ·
 * average −18.8 dBFS, peak −1.0 dBFS · 0.00% clipped".
 */
export function measuresText(m: SampleMeasures): string {
  const channels =
    m.channels === 1 ? 'mono' : m.channels === 2 ? 'stereo' : `${m.channels} channels`
  return [
    `${m.sampleRate.toLocaleString('en')} Hz, ${channels}`,
    `average ${formatDb(m.rmsDb)}, peak ${formatDb(m.peakDb)}`,
    `${formatShare(m.clippedShare)} clipped`,
  ].join(' · ')
}

function formatDb(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(1)} dBFS` : 'silence'
}

function formatShare(share: number): string {
  return `${(share * 100).toFixed(share < 0.01 ? 2 : 1)}%`
}

/** The worst severity among findings. */
export function worstSeverity(findings: readonly SampleFinding[]): FindingSeverity {
  if (findings.some((f) => f.severity === 'error')) return 'error'
  if (findings.some((f) => f.severity === 'warning')) return 'warning'
  return 'ok'
}

/** The result of checking a sample in the page. */
export interface SampleCheck {
  measures: SampleMeasures | null
  findings: SampleFinding[]
}

/**
 * Decodes a sample with the browser's own decoders (Web Audio) and measures it. A file that does
 * not decode gets one error finding instead of measures.
 */
export async function checkSample(bytes: Uint8Array): Promise<SampleCheck> {
  const context = new OfflineAudioContext(1, 1, 44_100)
  let decoded: AudioBuffer
  try {
    // decodeAudioData detaches its buffer: give it a copy so the caller's bytes stay usable.
    decoded = await context.decodeAudioData(bytes.slice().buffer)
  } catch {
    return {
      measures: null,
      findings: [
        {
          id: 'decode',
          severity: 'error',
          title: 'Not playable audio',
          detail:
            'This file could not be decoded as audio. Use a WAV, MP3, Ogg, FLAC or M4A recording.',
        },
      ],
    }
  }
  const channels: Float32Array[] = []
  for (let c = 0; c < decoded.numberOfChannels; c++) channels.push(decoded.getChannelData(c))
  const measures = measureChannels(channels, decoded.sampleRate)
  return { measures, findings: findingsFor(measures) }
}
