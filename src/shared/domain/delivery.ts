import type { Mp3Encoding } from './mp3-encoding'
import type { RenderFormat } from './speech'
import { spokenLength } from './spoken-length'

/**
 * Delivery presets: what an audiobook store, a podcast host, a broadcaster or a streaming service
 * asks of a file, applied when rendering and checked on every file written.
 */
export const DELIVERY_PRESET_IDS = ['acx', 'podcast', 'broadcast', 'streaming'] as const
export type DeliveryPresetId = (typeof DELIVERY_PRESET_IDS)[number]

/** The level a preset sets: an unweighted RMS (ACX) or an integrated loudness (BS.1770). */
export type PresetLevel =
  | { kind: 'rms'; targetDb: number; minDb: number; maxDb: number }
  | { kind: 'lufs'; targetLufs: number; toleranceLu: number }

export interface DeliveryPreset {
  id: DeliveryPresetId
  /** As people know it: "ACX/Audible". */
  name: string
  /** One sentence on what it is for. */
  purpose: string
  level: PresetLevel
  /** The highest true peak allowed, dBTP. */
  truePeakMaxDb: number
  /** ACX: the quietest half second (room tone) at or under this, dBFS RMS. */
  noiseFloorMaxDb?: number
  /** ACX: room tone at the head and the tail of each file, seconds (at least, at most). */
  headSilenceS?: [number, number]
  tailSilenceS?: [number, number]
  /** ACX: the longest file it takes, minutes. */
  maxFileMinutes?: number
  /** ACX takes one file per chapter: when they are written, they are what is checked. */
  chapterFiles?: true
  /** The settings the preset requires; a render with others is refused before it starts. */
  format?: RenderFormat
  sampleRate?: 24_000 | 44_100 | 48_000
  mp3?: Mp3Encoding
}

export const DELIVERY_PRESETS: Record<DeliveryPresetId, DeliveryPreset> = {
  acx: {
    id: 'acx',
    name: 'ACX/Audible',
    purpose: 'Audiobooks for Audible, Amazon and iTunes through ACX: one MP3 per chapter.',
    level: { kind: 'rms', targetDb: -20, minDb: -23, maxDb: -18 },
    truePeakMaxDb: -3,
    noiseFloorMaxDb: -60,
    headSilenceS: [0.5, 1],
    tailSilenceS: [1, 5],
    maxFileMinutes: 120,
    chapterFiles: true,
    format: 'mp3',
    sampleRate: 44_100,
    mp3: { mode: 'cbr', bitrateKbps: 192 },
  },
  podcast: {
    id: 'podcast',
    name: 'Podcast',
    purpose: 'Podcast hosts and apps: -16 LUFS, peaks at or under -1 dBTP.',
    level: { kind: 'lufs', targetLufs: -16, toleranceLu: 1 },
    truePeakMaxDb: -1,
  },
  broadcast: {
    id: 'broadcast',
    name: 'Broadcast (EBU R128)',
    purpose: 'Radio and television in Europe: -23 LUFS, peaks at or under -1 dBTP.',
    level: { kind: 'lufs', targetLufs: -23, toleranceLu: 0.5 },
    truePeakMaxDb: -1,
  },
  streaming: {
    id: 'streaming',
    name: 'Streaming and video',
    purpose: 'Video platforms and music streaming: -14 LUFS, peaks at or under -1 dBTP.',
    level: { kind: 'lufs', targetLufs: -14, toleranceLu: 1 },
    truePeakMaxDb: -1,
  },
}

/** Room tone a preset's render puts at each file's head and tail, seconds (inside its range). */
export const ROOM_TONE_S = { head: 0.6, tail: 1.5 }

/** What one criterion asked, what was measured, and whether it passed. */
export interface ComplianceCriterion {
  /** Stable key: `level`, `true-peak`, `noise-floor`, `head`, `tail`, `sample-rate`, `bitrate`, `channels`. */
  id: string
  /** Plain words: "Loudness (RMS)". */
  label: string
  /** "between -23 and -18 dBFS". */
  requirement: string
  /** "-20.1 dBFS", or "digital silence". */
  measured: string
  /** The number measured, when there is one. */
  value: number | null
  pass: boolean
  /** What to do about a failure, in plain words, when the label and figures do not say it. */
  advice?: string
}

/** One file's results. */
export interface FileCompliance {
  path: string
  pass: boolean
  criteria: ComplianceCriterion[]
}

/** A preset's check of every file a render wrote, as written beside them. */
export interface ComplianceReport {
  format: 'voicedesk-compliance-report'
  version: 1
  preset: DeliveryPresetId
  presetName: string
  createdAt: string
  pass: boolean
  files: FileCompliance[]
  /** What was left out of the check, in a sentence ("The whole-book file is not checked..."). */
  note?: string
  /**
   * The file written but not checked: the whole book in one file, beside the chapter files a
   * store takes (those are the files checked).
   */
  unchecked?: string
  /** The JSON and readable reports written beside the output. */
  jsonPath: string
  textPath: string
  /** Set when the report files could not be written: why (the verdict above still holds). */
  unsaved?: string
}

/** The criteria of a preset in plain words, for before a render ("what will be checked"). */
export function presetCriteria(preset: DeliveryPreset): { label: string; requirement: string }[] {
  const out: { label: string; requirement: string }[] = []
  const level = preset.level
  out.push(
    level.kind === 'rms'
      ? { label: 'Loudness (RMS)', requirement: `between ${level.minDb} and ${level.maxDb} dBFS` }
      : {
          label: 'Loudness (integrated)',
          requirement: `${level.targetLufs} LUFS, within ${level.toleranceLu} LU`,
        },
  )
  out.push({
    label: 'True peak',
    requirement: `at or under ${preset.truePeakMaxDb} dBTP`,
  })
  if (preset.noiseFloorMaxDb !== undefined) {
    out.push({
      label: 'Noise floor',
      requirement: `room tone at or under ${preset.noiseFloorMaxDb} dBFS, not digital silence`,
    })
  }
  if (preset.headSilenceS) {
    const [min, max] = preset.headSilenceS
    out.push({ label: 'Room tone at the start', requirement: `${min} to ${max} s` })
  }
  if (preset.tailSilenceS) {
    const [min, max] = preset.tailSilenceS
    out.push({ label: 'Room tone at the end', requirement: `${min} to ${max} s` })
  }
  if (preset.maxFileMinutes !== undefined) {
    out.push({
      label: 'Length',
      requirement: `at most ${spokenLength(preset.maxFileMinutes * 60)} a file`,
    })
  }
  if (preset.sampleRate) {
    out.push({ label: 'Sample rate', requirement: `${preset.sampleRate / 1000} kHz` })
  }
  if (preset.mp3?.mode === 'cbr') {
    out.push({ label: 'Bitrate', requirement: `${preset.mp3.bitrateKbps} kbps constant (MP3)` })
  }
  out.push({ label: 'Channels', requirement: 'the same in every file (mono)' })
  return out
}
