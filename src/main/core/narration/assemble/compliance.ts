import { rm } from 'node:fs/promises'
import { basename, dirname, extname, join } from 'node:path'
import type {
  ComplianceCriterion,
  ComplianceReport,
  DeliveryPreset,
  FileCompliance,
  PresetLevel,
} from '../../../../shared/domain/delivery'
import type { Mp3Encoding } from '../../../../shared/domain/mp3-encoding'
import { PCM_SAMPLE_RATE } from '../../../../shared/domain/speech'
import { TruePeakMeter, toDb } from '../../audio/true-peak'
import { writeFileAtomic } from '../../files/atomic-write'
import { LoudnessMeter } from '../pcm/loudness'
import { spokenLength } from '../../../../shared/domain/spoken-length'

/** Under this a sample counts as silence (room tone): -60 dBFS, ACX's noise-floor bound. */
const SILENCE = Math.ceil(32768 * 10 ** (-60 / 20))
/** The noise floor is the RMS of the quietest half second (ACX measures room tone so). */
const FLOOR_WINDOW = PCM_SAMPLE_RATE / 2
/** Windows advance by a tenth of a second. */
const FLOOR_STEP = PCM_SAMPLE_RATE / 10

/** What was measured on one file's audio. */
export interface FileMeasures {
  seconds: number
  integratedLufs: number | null
  rmsDb: number
  samplePeakDb: number
  truePeakDb: number
  /** -Infinity for digital silence; null when the file is shorter than half a second. */
  noiseFloorDb: number | null
  headSeconds: number
  tailSeconds: number
}

/**
 * Measures one file's audio as it is written (24 kHz, after gain and limiter, before the
 * encoder): integrated loudness, RMS, sample and true peak, the quietest half second, and the
 * silence at the head and the tail. Memory: a number per tenth of a second.
 */
export class FileMeter {
  private readonly loudness = new LoudnessMeter(PCM_SAMPLE_RATE)
  private readonly truePeak = new TruePeakMeter()
  private energy = 0
  private count = 0
  private peak = 0
  private lead = -1
  private trail = 0
  private stepEnergy = 0
  private stepCount = 0
  private readonly steps: number[] = []

  push(samples: Int16Array): void {
    this.loudness.push(samples)
    this.truePeak.push(samples)
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i]!
      const a = s < 0 ? -s : s
      const x = s / 32768
      this.energy += x * x
      this.stepEnergy += x * x
      if (a > this.peak) this.peak = a
      if (a >= SILENCE) {
        if (this.lead < 0) this.lead = this.count
        this.trail = 0
      } else this.trail += 1
      this.count += 1
      if (++this.stepCount === FLOOR_STEP) {
        this.steps.push(this.stepEnergy)
        this.stepEnergy = 0
        this.stepCount = 0
      }
    }
  }

  finish(): FileMeasures {
    const per = FLOOR_WINDOW / FLOOR_STEP
    let floor: number | null = null
    for (let i = 0; i + per <= this.steps.length; i++) {
      let sum = 0
      for (let k = i; k < i + per; k++) sum += this.steps[k]!
      const db = toDb(Math.sqrt(sum / FLOOR_WINDOW))
      if (floor === null || db < floor) floor = db
    }
    const silentThroughout = this.lead < 0
    return {
      seconds: this.count / PCM_SAMPLE_RATE,
      integratedLufs: this.loudness.integrated(),
      rmsDb:
        this.count === 0 ? Number.NEGATIVE_INFINITY : toDb(Math.sqrt(this.energy / this.count)),
      samplePeakDb: toDb(this.peak / 32768),
      truePeakDb: toDb(this.truePeak.finish()),
      noiseFloorDb: floor,
      headSeconds: (silentThroughout ? this.count : this.lead) / PCM_SAMPLE_RATE,
      tailSeconds: (silentThroughout ? this.count : this.trail) / PCM_SAMPLE_RATE,
    }
  }
}

/** What a file is besides its audio: the settings it was written with. */
export interface FileFacts {
  sampleRate: number
  mp3?: Mp3Encoding
  format: string
  channels: number
}

function db(value: number, unit: string): string {
  if (value === Number.NEGATIVE_INFINITY) return 'digital silence'
  return `${value.toFixed(1)} ${unit}`
}

/** A measure rounded to 0.1, as the report shows it. */
function round(v: number): number {
  return Math.round(v * 10) / 10
}

/**
 * One file against a preset, criterion by criterion. The measured values are rounded to 0.1 as
 * shown, and a value passes when its rounded figure meets the bound (as a store's checker shows it).
 */
export function evaluateFile(
  path: string,
  preset: DeliveryPreset,
  measured: FileMeasures,
  facts: FileFacts,
): FileCompliance {
  const criteria = [
    ...signalCriteria(preset, measured),
    ...timeCriteria(preset, measured),
    ...formatCriteria(preset, facts),
  ]
  return { path, pass: criteria.every((c) => c.pass), criteria }
}

/** The level (RMS or integrated loudness), the true peak and the noise floor. */
function signalCriteria(preset: DeliveryPreset, measured: FileMeasures): ComplianceCriterion[] {
  const criteria: ComplianceCriterion[] = [levelCriterion(preset.level, measured)]
  const tp = round(measured.truePeakDb)
  criteria.push({
    id: 'true-peak',
    label: 'True peak',
    requirement: `at or under ${preset.truePeakMaxDb} dBTP`,
    measured: db(measured.truePeakDb, 'dBTP'),
    value: Number.isFinite(tp) ? tp : null,
    pass: tp <= preset.truePeakMaxDb,
  })
  if (preset.noiseFloorMaxDb !== undefined) {
    const floor = measured.noiseFloorDb
    // Why digital silence fails: a store hears it as a recording cut to nothing (ACX asks for
    // room tone in every quiet part), though its level is under any bound.
    const silent = floor === Number.NEGATIVE_INFINITY
    criteria.push({
      id: 'noise-floor',
      label: 'Noise floor',
      requirement: `room tone at or under ${preset.noiseFloorMaxDb} dBFS, not digital silence`,
      measured: floor === null ? 'file shorter than half a second' : db(floor, 'dBFS'),
      value: floor !== null && Number.isFinite(floor) ? round(floor) : null,
      pass: floor !== null && !silent && round(floor) <= preset.noiseFloorMaxDb,
      ...(silent
        ? {
            advice:
              'Its quiet parts are digital silence, which ACX turns down. Render it again with “Made for” set to ACX/Audible (VoiceDesk lays quiet room tone under the audio), or add room tone where it is silent if you edited it elsewhere.',
          }
        : {}),
    })
  }
  return criteria
}

function levelCriterion(level: PresetLevel, measured: FileMeasures): ComplianceCriterion {
  if (level.kind === 'rms') {
    const v = round(measured.rmsDb)
    return {
      id: 'level',
      label: 'Loudness (RMS)',
      requirement: `between ${level.minDb} and ${level.maxDb} dBFS`,
      measured: db(measured.rmsDb, 'dBFS'),
      value: Number.isFinite(v) ? v : null,
      pass: v >= level.minDb && v <= level.maxDb,
    }
  }
  const lufs = measured.integratedLufs
  const v = lufs === null ? null : round(lufs)
  return {
    id: 'level',
    label: 'Loudness (integrated)',
    requirement: `${level.targetLufs} LUFS, within ${level.toleranceLu} LU`,
    measured: v === null ? 'too short or silent to measure' : `${v.toFixed(1)} LUFS`,
    value: v,
    pass: v !== null && Math.abs(v - level.targetLufs) <= level.toleranceLu,
  }
}

/** Room tone at the head and the tail, and the file's length. */
function timeCriteria(preset: DeliveryPreset, measured: FileMeasures): ComplianceCriterion[] {
  const criteria: ComplianceCriterion[] = []
  const span = (id: string, label: string, range: [number, number], seconds: number): void => {
    const v = round(seconds)
    criteria.push({
      id,
      label,
      requirement: `${range[0]} to ${range[1]} s`,
      measured: `${v.toFixed(1)} s`,
      value: v,
      pass: v >= range[0] && v <= range[1],
    })
  }
  if (preset.headSilenceS)
    span('head', 'Room tone at the start', preset.headSilenceS, measured.headSeconds)
  if (preset.tailSilenceS)
    span('tail', 'Room tone at the end', preset.tailSilenceS, measured.tailSeconds)
  if (preset.maxFileMinutes !== undefined) {
    const minutes = measured.seconds / 60
    criteria.push({
      id: 'length',
      label: 'Length',
      requirement: `at most ${spokenLength(preset.maxFileMinutes * 60)} a file`,
      // "18 seconds", "1 min 12 s": never a fraction of a minute a reader has to work out.
      measured: spokenLength(measured.seconds),
      value: round(minutes),
      pass: minutes <= preset.maxFileMinutes,
    })
  }
  return criteria
}

/** The sample rate, the MP3 bitrate and the channels. */
function formatCriteria(preset: DeliveryPreset, facts: FileFacts): ComplianceCriterion[] {
  const criteria: ComplianceCriterion[] = []
  if (preset.sampleRate) {
    criteria.push({
      id: 'sample-rate',
      label: 'Sample rate',
      requirement: `${preset.sampleRate / 1000} kHz`,
      measured: `${facts.sampleRate / 1000} kHz`,
      value: facts.sampleRate,
      pass: facts.sampleRate === preset.sampleRate,
    })
  }
  if (preset.mp3?.mode === 'cbr') {
    const wanted = preset.mp3.bitrateKbps
    const got = facts.format === 'mp3' && facts.mp3?.mode === 'cbr' ? facts.mp3.bitrateKbps : null
    criteria.push({
      id: 'bitrate',
      label: 'Bitrate',
      requirement: `${wanted} kbps constant (MP3)`,
      measured:
        got !== null
          ? `${got} kbps constant`
          : facts.format === 'mp3'
            ? 'variable bitrate'
            : facts.format.toUpperCase(),
      value: got,
      pass: got === wanted,
    })
  }
  criteria.push({
    id: 'channels',
    label: 'Channels',
    requirement: 'the same in every file (mono)',
    measured: facts.channels === 1 ? 'mono' : `${facts.channels} channels`,
    value: facts.channels,
    pass: facts.channels === 1,
  })
  return criteria
}

/** Where a render's reports go: `book.compliance.json` and `book.compliance.txt` beside `book.mp3`. */
export function compliancePaths(outputPath: string): { jsonPath: string; textPath: string } {
  const stem = basename(outputPath, extname(outputPath))
  const dir = dirname(outputPath)
  return {
    jsonPath: join(dir, `${stem}.compliance.json`),
    textPath: join(dir, `${stem}.compliance.txt`),
  }
}

/** The readable report: one line per criterion, files in order, the verdict first. */
export function complianceText(report: ComplianceReport): string {
  const failed = report.files.filter((f) => !f.pass).length
  const lines = [
    `${report.presetName} check, ${report.createdAt}`,
    report.pass
      ? `All ${report.files.length} file${report.files.length === 1 ? '' : 's'} meet ${report.presetName}.`
      : `${failed} of ${report.files.length} file${report.files.length === 1 ? '' : 's'} do not meet ${report.presetName}.`,
    'Measured on the audio as it went into the encoder (24 kHz, after gain and limiter).',
    ...(report.note ? [report.note] : []),
  ]
  for (const file of report.files) {
    lines.push('', `${file.pass ? 'PASS' : 'FAIL'}  ${basename(file.path)}`)
    for (const c of file.criteria) {
      lines.push(
        `  ${c.pass ? 'pass' : 'FAIL'}  ${c.label}: ${c.measured} (needs ${c.requirement})`,
      )
    }
  }
  return `${lines.join('\n')}\n`
}

/** Removes the reports of an earlier render with a preset (a render without one leaves none). */
export async function removeComplianceReport(outputPath: string): Promise<void> {
  const { jsonPath, textPath } = compliancePaths(outputPath)
  await Promise.all([rm(jsonPath, { force: true }), rm(textPath, { force: true })])
}

/**
 * Builds the report of a render's files and writes it beside the output, JSON and text; `leftOut`
 * names the file written but not checked (the whole book beside the chapter files), and why.
 */
export async function writeComplianceReport(
  outputPath: string,
  preset: DeliveryPreset,
  files: FileCompliance[],
  leftOut: { note: string; path: string } | null = null,
  now: Date = new Date(),
): Promise<ComplianceReport> {
  const report: ComplianceReport = {
    format: 'voicedesk-compliance-report',
    version: 1,
    preset: preset.id,
    presetName: preset.name,
    createdAt: now.toISOString(),
    pass: files.every((f) => f.pass),
    files,
    ...(leftOut ? { note: leftOut.note, unchecked: leftOut.path } : {}),
    ...compliancePaths(outputPath),
  }
  // Why a failure here does not fail the render: the audio is already checked and in place, and
  // the verdict is still shown; only the files beside it are missing, and the result says why.
  try {
    await writeFileAtomic(report.jsonPath, `${JSON.stringify(report, null, 2)}\n`)
    await writeFileAtomic(report.textPath, complianceText(report))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return { ...report, unsaved: reason }
  }
  return report
}
