import type { LoudnessReport } from '../../../../shared/domain/narration'
import type { Project } from '../../../../shared/domain/script'
import type { SpeechFormat } from '../../../../shared/domain/speech'
import { isAacContainer, PCM_SAMPLE_RATE } from '../../../../shared/domain/speech'
import type { DeliveryPreset, PresetLevel } from '../../../../shared/domain/delivery'
import { DELIVERY_PRESETS, ROOM_TONE_S } from '../../../../shared/domain/delivery'
import type { AudioTags } from '../../audio/audio-tags'
import type { ProgramSink } from './assemble-program'
import { assembleProgram, loudnessOfPlaced } from './assemble-program'
import type { ReadyPiece } from '../fetch/piece-fetcher'
import { normalizationGain } from '../pcm/loudness'
import type { PieceLoudness } from '../pcm/loudness-cells'
import { loadPieceLoudness, measurePiece, ProgramLoudness } from '../pcm/loudness-cells'
import { ownedBytesToSamples, FADE_SAMPLES, fadeLoudEdges, pauseSamples } from '../pcm/pcm-edges'
import { readOutputLayout, writeOutputLayout } from './output-layout'
import type { PieceCache } from '../fetch/piece-cache'
import type { MeasuredFile, SplitOutput } from './render-outputs'
import { RenderOutputs, splitPartCount } from './render-outputs'
import type { RenderPlan } from '../plan/render-plan'
import { renderBySplice } from './splice-output'
import { WAV_HEADER_BYTES } from '../../../../shared/domain/wav-header'

/** What a WAV/PCM/MP3/Ogg render needs from the render around it. */
export interface PcmRenderInput {
  project: Project
  plan: RenderPlan
  outputPath: string
  split: SplitOutput | null
  cache: PieceCache
  ready: (pieceIndex: number) => Promise<ReadyPiece>
  /** Every piece is in the cache (or the render failed). */
  allFetched: Promise<void>
  readAudio: (pieceIndex: number, piece: ReadyPiece) => Promise<Uint8Array>
  onMeasured: (piece: ReadyPiece, loudness: PieceLoudness) => void
  piecePlaced?: ProgramSink['piecePlaced']
  onAudio: (samples: number) => void
  onEncoding: () => void
  /** Timing marks for the debug log. */
  onStage?: (name: string) => void
  /** CPU work that may run while the output's final fsync is under way. */
  whileSyncing?: () => void
  /** The files' tags (null: none set); chapters come from the plan's headings either way. */
  tags?: AudioTags | null
  signal: AbortSignal
}

/** How the output was produced, for the result and the benchmark. */
export interface PcmRenderResult {
  samples: number
  extraFiles: string[]
  loudness: LoudnessReport
  /** `splice` when unchanged stretches were copied from the previous file. */
  method: 'assembled' | 'splice'
  /** Each file's measures, main file first (with a delivery preset only). */
  measured?: MeasuredFile[]
  /**
   * The main file's waveform peaks, measured from the samples as they were written (assembled
   * renders only: a splice copies most of its audio without reading it).
   */
  peaks?: number[]
}

/**
 * Below a preset's true-peak bound, by this much: the MP3 or Vorbis encoder's own overshoot,
 * and the quarter-rate reading error of four-times oversampling (0.17 dB), stay inside it.
 */
export const LIMITER_MARGIN_DB = 0.5

function report(loudness: ProgramLoudness, gainDb: number, peakLimited: boolean): LoudnessReport {
  const measured = loudness.integrated()
  const peak = loudness.samplePeak
  return {
    measuredLufs: measured,
    outputLufs: measured === null ? null : measured + gainDb,
    gainDb,
    samplePeakDbfs: peak > 0 ? 20 * Math.log10(peak) + gainDb : null,
    peakLimited,
  }
}

/** The layout of a program for the next splice: pieces and non-zero pauses, in order. */
async function layoutSegments(
  plan: RenderPlan,
  ready: (i: number) => Promise<ReadyPiece>,
): Promise<[string, number][]> {
  const segments: [string, number][] = []
  for (const block of plan.blocks) {
    for (const i of block.pieceIndexes) {
      const piece = await ready(i)
      segments.push([piece.hash, piece.bytes / 2])
    }
    const pause = pauseSamples(block.pauseAfterMs, PCM_SAMPLE_RATE)
    if (pause > 0) segments.push(['', pause])
  }
  return segments
}

/** The level a render aims at: a delivery preset's, else the project's loudness target, else none. */
function levelTarget(project: Project): {
  preset: DeliveryPreset | null
  target: PresetLevel | null
} {
  const preset = project.defaults.preset ? DELIVERY_PRESETS[project.defaults.preset] : null
  // A preset's level replaces the project's loudness setting.
  const target: PresetLevel | null = preset
    ? preset.level
    : project.defaults.loudness.mode === 'target'
      ? { kind: 'lufs', targetLufs: project.defaults.loudness.targetLufs, toleranceLu: 0 }
      : null
  return { preset, target }
}

/** Keeps a WAV or PCM file's layout in the cache, for the next render to splice. */
function saveLayout(
  input: PcmRenderInput,
  format: 'wav' | 'pcm',
  segments: [string, number][],
): Promise<void> {
  return writeOutputLayout(input.cache, input.outputPath, {
    audioFormat: format,
    sampleRate: PCM_SAMPLE_RATE,
    dataOffset: format === 'wav' ? WAV_HEADER_BYTES : 0,
    segments,
  })
}

/**
 * Renders to WAV, PCM, MP3 or Ogg from PCM pieces. Three ways, the cheapest that is exact:
 * - WAV/PCM at 24 kHz with no gain, when the previous file at the same path is known and
 *   untouched: splice (copy unchanged stretches, place only new pieces);
 * - no loudness target: assemble while synthesizing, straight into the encoder(s);
 * - a loudness target: wait for every piece, measure the program from the pieces' stored
 *   statistics (no audio read), then one pass with one gain.
 */
export async function renderPcmFormats(input: PcmRenderInput): Promise<PcmRenderResult> {
  const { project } = input
  const asked = project.defaults.format
  const format = isAacContainer(asked) ? 'wav' : asked
  const { preset, target } = levelTarget(project)
  const spliceFormat =
    (format === 'wav' || format === 'pcm') &&
    project.defaults.sampleRate === PCM_SAMPLE_RATE &&
    target === null &&
    preset === null
      ? format
      : null
  const loudness = new ProgramLoudness()
  if (spliceFormat !== null && input.split === null) {
    const spliced = await trySplice(input, spliceFormat, loudness)
    if (spliced !== null) return spliced
  }
  let gain = { gainDb: 0, peakLimited: false }
  if (target !== null) {
    await input.allFetched
    await measureProgram(input, target, loudness)
    gain = gainFor(target, preset !== null, loudness)
  }
  return assembleOutputs(input, { format, preset, target, spliceFormat, loudness, ...gain })
}

/**
 * Splices the previous file at the output path, when the cache knows its layout and it is
 * untouched; null when it cannot (the render then assembles the program instead).
 */
async function trySplice(
  input: PcmRenderInput,
  format: 'wav' | 'pcm',
  loudness: ProgramLoudness,
): Promise<PcmRenderResult | null> {
  const previous = await readOutputLayout(input.cache, input.outputPath)
  if (!previous || previous.audioFormat !== format) return null
  // Why the report is made while the output syncs: gating a book's worth of 400 ms blocks is
  // tens of milliseconds of CPU, and every piece is placed by then (see renderBySplice).
  let measured: LoudnessReport | null = null
  const spliced = await renderBySplice({
    plan: input.plan,
    outputPath: input.outputPath,
    format,
    previous,
    ready: input.ready,
    readAudio: input.readAudio,
    loudness,
    onMeasured: input.onMeasured,
    piecePlaced: (i, at, piece) => {
      input.piecePlaced?.(i, at, piece)
      input.onAudio(piece.bytes / 2)
    },
    signal: input.signal,
    ...(input.onStage ? { onStage: input.onStage } : {}),
    whileSyncing: () => {
      measured = report(loudness, 0, false)
      input.whileSyncing?.()
    },
  })
  if (!spliced) return null
  await input.allFetched
  await saveLayout(input, format, spliced.segments)
  return {
    samples: spliced.samples,
    extraFiles: [],
    loudness: measured ?? report(loudness, 0, false),
    method: 'splice',
  }
}

/** Adds every piece's loudness and every pause to `loudness`, measuring pieces not yet measured. */
async function measureProgram(
  input: PcmRenderInput,
  target: PresetLevel,
  loudness: ProgramLoudness,
): Promise<void> {
  for (const block of input.plan.blocks) {
    for (const i of block.pieceIndexes) {
      const piece = await input.ready(i)
      let stats = piece.loudness ?? loadPieceLoudness(piece.storedLoudness, piece.bytes / 2)
      // An RMS level needs each piece's unweighted energy, which older caches did not keep.
      if (!stats || (target.kind === 'rms' && stats.energy === null)) {
        const samples = ownedBytesToSamples(await input.readAudio(i, piece))
        fadeLoudEdges(samples, FADE_SAMPLES)
        // Measured afresh when the stored statistics lack the energy (they would be returned
        // as they are otherwise), and stored again with it.
        if (stats) {
          stats = measurePiece(samples)
          input.onMeasured(piece, stats)
        } else stats = loudnessOfPlaced(piece, samples, input.onMeasured)
      }
      loudness.addPiece(stats)
    }
    loudness.addSilence(pauseSamples(block.pauseAfterMs, PCM_SAMPLE_RATE))
  }
}

/** The one gain that brings the measured program to the target. */
function gainFor(
  target: PresetLevel,
  limited: boolean,
  loudness: ProgramLoudness,
): { gainDb: number; peakLimited: boolean } {
  if (limited) {
    // The limiter keeps the peaks under the ceiling, so the gain reaches the level asked.
    const measured = target.kind === 'rms' ? loudness.rmsDb() : loudness.integrated()
    const wanted = target.kind === 'rms' ? target.targetDb : target.targetLufs
    return { gainDb: measured === null ? 0 : wanted - measured, peakLimited: false }
  }
  const measured = target.kind === 'lufs' ? loudness.integrated() : null
  if (target.kind !== 'lufs' || measured === null) return { gainDb: 0, peakLimited: false }
  return normalizationGain(measured, target.targetLufs, loudness.samplePeak)
}

/** One pass over the program into the main file (and per-block or per-chapter files). */
async function assembleOutputs(
  input: PcmRenderInput,
  pass: {
    format: Exclude<SpeechFormat, 'aac'>
    preset: DeliveryPreset | null
    target: PresetLevel | null
    spliceFormat: 'wav' | 'pcm' | null
    loudness: ProgramLoudness
    gainDb: number
    peakLimited: boolean
  },
): Promise<PcmRenderResult> {
  const { project, plan, signal } = input
  const { preset, loudness, gainDb } = pass
  // Room tone at the head shifts the main file's timeline (subtitles, chapters) by its length.
  const roomTone = preset?.headSilenceS ? ROOM_TONE_S : null
  const headSamples = roomTone ? Math.round(roomTone.head * PCM_SAMPLE_RATE) : 0
  const toneSamples = roomTone ? headSamples + Math.round(roomTone.tail * PCM_SAMPLE_RATE) : 0

  const outputs = new RenderOutputs(
    input.outputPath,
    pass.format,
    project.defaults.sampleRate,
    10 ** (gainDb / 20),
    input.split,
    signal,
    input.split ? splitPartCount(plan.blocks, input.split.mode) : 0,
    project.defaults.mp3,
    { tags: input.tags ?? null, blocks: plan.blocks },
    preset
      ? {
          limiterCeiling: 10 ** ((preset.truePeakMaxDb - LIMITER_MARGIN_DB) / 20),
          roomTone,
          measure: true,
        }
      : undefined,
  )
  try {
    await outputs.start()
    const samples = await assembleProgram(
      plan,
      input.ready,
      {
        ...(input.piecePlaced
          ? {
              piecePlaced: (i: number, at: number, piece: ReadyPiece) =>
                input.piecePlaced?.(i, at + headSamples, piece),
            }
          : {}),
        startBlock: (b) => outputs.startBlock(b),
        write: async (s) => {
          input.onAudio(s.length)
          await outputs.write(s)
        },
      },
      signal,
      {
        readAudio: input.readAudio,
        onMeasured: input.onMeasured,
        ...(pass.target === null ? { loudness } : {}),
      },
    )
    await input.allFetched
    input.onEncoding()
    await outputs.commit()
    if (pass.spliceFormat !== null) {
      await saveLayout(input, pass.spliceFormat, await layoutSegments(plan, input.ready))
    }
    return {
      samples: samples + toneSamples,
      extraFiles: outputs.extraFiles,
      loudness: report(loudness, gainDb, pass.peakLimited || outputs.limiterMinGain < 1),
      method: 'assembled',
      measured: outputs.measured,
      peaks: outputs.waveform,
    }
  } catch (error) {
    await outputs.abort()
    throw error
  }
}
