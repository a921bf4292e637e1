import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'
import type {
  BlockCheck,
  LoudnessReport,
  PauseRounding,
  RenderProgress,
} from '../../../../shared/domain/narration'
import type { ComplianceReport } from '../../../../shared/domain/delivery'
import { DELIVERY_PRESETS } from '../../../../shared/domain/delivery'
import type { Project } from '../../../../shared/domain/script'
import { isAacContainer, PCM_SAMPLE_RATE } from '../../../../shared/domain/speech'
import type { AudioTags } from '../../audio/audio-tags'
import { toDiskError } from '../../files/atomic-write'
import type { Logger } from '../../log/logger'
import { renderAac } from '../assemble/aac-render'
import { evaluateFile, removeComplianceReport, writeComplianceReport } from '../assemble/compliance'
import type { PcmRenderResult } from '../assemble/pcm-render'
import { renderPcmFormats } from '../assemble/pcm-render'
import type { SplitOutput } from '../assemble/render-outputs'
import type { CheckedPiece } from '../assemble/script-check'
import { checkScript } from '../assemble/script-check'
import type { TimedWord } from '../assemble/spoken-words'
import type { RenderTimeline } from '../assemble/render-timeline'
import { buildRenderTimeline } from '../assemble/render-timeline'
import { timedWordsOfPiece } from '../assemble/spoken-words'
import type { SubtitleCue } from '../assemble/subtitle-cues'
import { buildCues, withPunctuation } from '../assemble/subtitle-cues'
import type { PieceCache } from '../fetch/piece-cache'
import type { PieceFetcher, ReadyPiece } from '../fetch/piece-fetcher'
import { storePieceLoudness } from '../pcm/loudness-cells'
import type { RenderPlan } from '../plan/render-plan'
import type { NarrationRenderResult } from './render-options'
import { OUTPUT_CHANNELS } from './render-preflight'

/** What the words heard in the placed pieces give: subtitle cues and the script check. */
export interface HeardText {
  cues: SubtitleCue[] | null
  checks: BlockCheck[]
}

/**
 * Collects each piece's timed words as it is placed in the program. The cues and the script check
 * need every piece placed, nothing else, so `heard()` can run while the output's final fsync is
 * under way; it is computed once.
 */
export function trackHeardWords(plan: RenderPlan, subtitles: boolean) {
  const words: TimedWord[] = []
  const checked: CheckedPiece[] = []
  // Where each block's audio starts, for the chapter marks of the app's player.
  const blockStartMs = new Map<number, number>()
  let heard: HeardText | null = null
  return {
    piecePlaced: (pieceIndex: number, startSample: number, piece: ReadyPiece): void => {
      const planned = plan.pieces[pieceIndex]
      const block = planned ? plan.blocks[planned.blockIndex] : undefined
      if (!planned || !block) return
      const startMs = (startSample * 1000) / PCM_SAMPLE_RATE
      blockStartMs.set(block.index, Math.min(blockStartMs.get(block.index) ?? startMs, startMs))
      const pieceWords = timedWordsOfPiece(
        piece.speechMarks,
        { blockIndex: block.index, spans: planned.spans, blockText: block.text },
        startMs,
      )
      words.push(...pieceWords)
      checked.push({
        blockIndex: block.index,
        srcStart: Math.min(...planned.spans.map((s) => s.srcStart)),
        srcEnd: Math.max(...planned.spans.map((s) => s.srcEnd)),
        words: pieceWords,
      })
    },
    heard: (): HeardText => {
      heard ??= {
        cues: subtitles
          ? buildCues(withPunctuation(words, (i) => plan.blocks[i]?.text ?? ''))
          : null,
        checks: checkScript(plan.blocks, checked).filter((c) => c.issues.length > 0),
      }
      return heard
    },
    /** The program's words and chapter starts, for the app's player. */
    timeline: (): RenderTimeline => buildRenderTimeline(plan.blocks, words, blockStartMs),
  }
}

/**
 * Reads a fetched piece's audio. Why a digest check for pieces read from the cache: entries are
 * written without fsync, so after a power loss one can hold zeros at the right length. A damaged
 * piece is requested again, never used.
 */
export function pieceReader(cache: PieceCache, fetcher: PieceFetcher, logger: Logger) {
  return async (pieceIndex: number, piece: ReadyPiece): Promise<Uint8Array> => {
    if (!piece.trusted) {
      const checked = await cache.readAudio(piece.hash)
      if (checked) return checked
      logger.warn('damaged cache entry, requesting it again', { piece: pieceIndex })
      return readFileOrDiskError((await fetcher.repair(pieceIndex)).audioPath)
    }
    return readFileOrDiskError(piece.audioPath)
  }
}

async function readFileOrDiskError(path: string): Promise<Uint8Array> {
  try {
    return await readFile(path)
  } catch (error) {
    throw toDiskError(error, path)
  }
}

/** What writing the output gave, before subtitles and checks. */
export interface WrittenOutput {
  samples: number
  extraFiles: string[]
  loudness: LoudnessReport
  pauseRounding: PauseRounding | null
  method: NarrationRenderResult['method']
  compliance: ComplianceReport | null
  /** The main file's waveform peaks when they were measured as it was written. */
  peaks: number[] | null
}

/** Everything writing the output reads: the plan, where it goes, and how pieces arrive. */
export interface OutputInput {
  project: Project
  plan: RenderPlan
  outputPath: string
  split: SplitOutput | null
  cache: PieceCache
  fetcher: PieceFetcher
  tags: AudioTags | null
  readAudio: (pieceIndex: number, piece: ReadyPiece) => Promise<Uint8Array>
  piecePlaced: (pieceIndex: number, startSample: number, piece: ReadyPiece) => void
  whileSyncing: () => void
  state: RenderProgress
  emit: (force?: boolean) => void
  stage: (name: string) => void
  signal: AbortSignal
}

/** No PCM is decoded for AAC and M4B, so nothing is measured (and no gain can be applied). */
const UNMEASURED: LoudnessReport = {
  measuredLufs: null,
  outputLufs: null,
  gainDb: 0,
  samplePeakDbfs: null,
  peakLimited: false,
}

/**
 * Writes the output (and its per-chapter or per-block files) in script order as pieces arrive:
 * AAC and M4B from the service's frames, every other format from PCM (two passes with a
 * loudness target), then a delivery preset's compliance report.
 */
export async function writeRenderOutput(input: OutputInput): Promise<WrittenOutput> {
  const { project, plan, outputPath, state, emit, signal } = input
  const format = project.defaults.format
  const ready = (i: number): Promise<ReadyPiece> => input.fetcher.ready(i)
  let totalSamples = 0
  const onAudio = (n: number): void => {
    totalSamples += n
    state.audioSeconds = totalSamples / PCM_SAMPLE_RATE
  }
  const onEncoding = (): void => {
    state.phase = 'encoding'
    emit(true)
  }
  if (isAacContainer(format)) {
    const aac = await renderAac({
      container: format,
      tags: input.tags,
      plan,
      outputPath,
      split: input.split,
      ready,
      readAudio: input.readAudio,
      piecePlaced: input.piecePlaced,
      onAudio,
      signal,
    })
    await input.fetcher.finished
    onEncoding()
    return {
      samples: aac.samples,
      extraFiles: aac.extraFiles,
      loudness: UNMEASURED,
      pauseRounding: aac.pauseRounding,
      method: 'assembled',
      compliance: null,
      peaks: null,
    }
  }
  const pcm = await renderPcmFormats({
    project,
    plan,
    outputPath,
    split: input.split,
    cache: input.cache,
    ready,
    allFetched: input.fetcher.finished,
    readAudio: input.readAudio,
    onMeasured: (piece, stats) => void input.cache.annotate(piece.hash, storePieceLoudness(stats)),
    piecePlaced: input.piecePlaced,
    onAudio,
    onEncoding,
    onStage: input.stage,
    whileSyncing: input.whileSyncing,
    tags: input.tags,
    signal,
  })
  return {
    samples: pcm.samples,
    extraFiles: pcm.extraFiles,
    loudness: pcm.loudness,
    pauseRounding: null,
    method: pcm.method,
    compliance: await checkCompliance(project, outputPath, pcm),
    peaks: pcm.peaks ?? null,
  }
}

/**
 * A delivery preset's verdict on the files just written, as a report beside them (a preset that
 * takes chapter files checks those when they were written); without a preset, a report left by
 * an earlier render of this output is removed.
 */
async function checkCompliance(
  project: Project,
  outputPath: string,
  pcm: PcmRenderResult,
): Promise<ComplianceReport | null> {
  const preset = project.defaults.preset ? DELIVERY_PRESETS[project.defaults.preset] : null
  if (!preset || !pcm.measured) {
    await removeComplianceReport(outputPath)
    return null
  }
  const facts = {
    format: project.defaults.format,
    sampleRate: project.defaults.sampleRate,
    channels: OUTPUT_CHANNELS,
    ...(project.defaults.mp3 ? { mp3: project.defaults.mp3 } : {}),
  }
  const onlyParts = preset.chapterFiles === true && pcm.extraFiles.length > 0
  const checked = onlyParts ? pcm.measured.filter((m) => m.path !== outputPath) : pcm.measured
  return writeComplianceReport(
    outputPath,
    preset,
    checked.map((m) => evaluateFile(m.path, preset, m.measures, facts)),
    onlyParts
      ? {
          note: `${preset.name} takes the chapter files, and those are the files checked. ${basename(outputPath)} is the whole book in one file, for listening: it is not checked.`,
          path: outputPath,
        }
      : null,
  )
}
