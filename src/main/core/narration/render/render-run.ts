import { readFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type {
  BlockCheck,
  LoudnessReport,
  RenderProgress,
} from '../../../../shared/domain/narration'
import type { Project } from '../../../../shared/domain/script'
import { isAacContainer, PCM_SAMPLE_RATE } from '../../../../shared/domain/speech'
import { AppError } from '../../../../shared/errors'
import { systemClock } from '../../clock'
import { toDiskError, writeFileAtomic } from '../../files/atomic-write'
import type { Logger } from '../../log/logger'
import type { PauseRounding } from '../../../../shared/domain/narration'
import { renderAac } from '../assemble/aac-render'
import type { ReadyPiece } from '../fetch/piece-fetcher'
import { cancelledRender } from '../assemble/assemble-program'
import { removeLeftoverPartials } from '../fetch/cache-files'
import { storePieceLoudness } from '../pcm/loudness-cells'
import { renderPcmFormats } from '../assemble/pcm-render'
import { publishingTags } from '../assemble/publishing-tags'
import { evaluateFile, removeComplianceReport, writeComplianceReport } from '../assemble/compliance'
import { OUTPUT_CHANNELS } from './render-preflight'
import type { ComplianceReport } from '../../../../shared/domain/delivery'
import { DELIVERY_PRESETS } from '../../../../shared/domain/delivery'
import { startPieceFetcher } from '../fetch/piece-fetcher'
import { startRenderEta } from './render-eta'
import { journalPathFor, JournalWriter, readJournal } from '../fetch/render-journal'
import type { RenderPlan } from '../plan/render-plan'
import type { CheckedPiece } from '../assemble/script-check'
import { checkScript } from '../assemble/script-check'
import type { TimedWord } from '../assemble/spoken-words'
import { timedWordsOfPiece } from '../assemble/spoken-words'
import type { SubtitleCue } from '../assemble/subtitle-cues'
import { buildCues, withPunctuation } from '../assemble/subtitle-cues'
import { formatSrt, formatVtt } from '../assemble/subtitle-format'
import type { NarrationRenderResult, RenderOptions } from './render-options'
import { buildRenderTimeline } from '../assemble/render-timeline'

/** The subtitle file beside an output: same name, `.srt` or `.vtt`. */
export function subtitlesPathFor(outputPath: string, kind: 'srt' | 'vtt'): string {
  const name = basename(outputPath)
  const dot = name.lastIndexOf('.')
  return join(dirname(outputPath), `${dot > 0 ? name.slice(0, dot) : name}.${kind}`)
}

/**
 * Removes what a killed render of this output left beside it: `.NAME.<hex>.partial` temp files
 * of the output itself, of its journal and of the subtitles this render writes. Why all three: a
 * kill -9 can land while any of them is being replaced (the journal is rewritten every second),
 * and a temp file nobody removes stays in the user's folder for good. Safe only under the
 * render's lock on these names (see startRender): no other live render writes them then. The
 * other subtitle kind is left alone: another output (`book.mp3` beside `book.wav`) may hold it.
 */
async function removeStalePartials(
  outputPath: string,
  subtitles: 'srt' | 'vtt' | null,
): Promise<void> {
  const owned = new Set([
    basename(outputPath),
    basename(journalPathFor(outputPath)),
    ...(subtitles ? [basename(subtitlesPathFor(outputPath, subtitles))] : []),
  ])
  await removeLeftoverPartials(dirname(outputPath), (name) => owned.has(name))
}

/** Settings the engine cannot honour for AAC and M4B, refused before anything is planned or sent. */
export function refuseUnsupported(project: Project): void {
  const format = project.defaults.format
  if (!isAacContainer(format)) return
  const name = format.toUpperCase()
  if (project.defaults.loudness.mode === 'target') {
    throw new AppError(
      'VALIDATION_FAILED',
      `${name} output cannot be normalized to a loudness target: VoiceDesk joins the AAC frames the service sends and has no AAC encoder to apply a gain. Use the service loudness normalization (-14 LUFS per request) instead, or render WAV and convert it.`,
    )
  }
  if (project.defaults.sampleRate !== PCM_SAMPLE_RATE) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${name} output is 24000 Hz only: the frames come from the service at its own rate and are not re-encoded. Choose 24000 Hz, or another format.`,
    )
  }
}

/**
 * Runs one render of `plan` to the end (see startRender): fetch, write, subtitles, check. The
 * caller planned it, checked it before anything is sent, and holds the render's lock on its
 * outputs.
 */
export async function runRender(
  options: RenderOptions,
  plan: RenderPlan,
  signal: AbortSignal,
  state: RenderProgress,
  emit: (force?: boolean) => void,
  logger: Logger,
): Promise<NarrationRenderResult> {
  const { project, outputPath, cache, source } = options
  const format = project.defaults.format
  const t0 = performance.now()
  const stage = (name: string): void =>
    logger.debug('render stage', { stage: name, ms: Math.round(performance.now() - t0) })
  state.piecesTotal = plan.pieces.length
  // Read before anything is fetched: a cover gone bad since the checks costs nothing.
  const tags = await publishingTags(project)
  const hashes = plan.pieces.map((p) => p.hash)
  cache.pin(hashes)
  const journalPath = journalPathFor(outputPath)
  const previous = await readJournal(journalPath)
  if (previous?.planHash === plan.planHash) {
    logger.info('resuming render', {
      finished: previous.finished.length,
      total: plan.pieces.length,
    })
  }
  await removeStalePartials(outputPath, options.subtitles ?? null)
  const journal = new JournalWriter(
    journalPath,
    {
      format: 'voicedesk-render-journal',
      version: 1,
      planHash: plan.planHash,
      startedAt: new Date().toISOString(),
      piecesTotal: plan.pieces.length,
    },
    previous?.planHash === plan.planHash ? previous.finished : [],
  )
  await journal.flush()
  stage('planned')

  const clock = options.clock ?? systemClock
  const eta = startRenderEta(() => clock.now())
  // A busy service (429) pauses every request: say so, and keep the wait out of the estimate.
  const stopBusy = source.onServiceBusy?.((waitMs) => {
    eta.serviceWait(waitMs)
    state.busyWaitMs = waitMs
    state.busyUntil = waitMs === null ? null : clock.now() + waitMs
    emit(true)
  })
  let fetchedThisRun = 0
  const toFetch = new Set(plan.pieces.filter((p) => !cache.has(p.hash)).map((p) => p.hash)).size
  const fetcher = startPieceFetcher(plan, cache, source, {
    signal,
    parallelism: options.parallelism ?? source.maxInFlight + 5,
    events: {
      onPiece(piece, how, billable) {
        if (how === 'repaired') {
          fetchedThisRun += 1
          state.billableCharacters += billable
          return
        }
        state.piecesDone += 1
        if (how === 'requested') fetchedThisRun += 1
        else state.cachedPieces += 1
        state.billableCharacters += billable
        journal.add(piece.hash)
        state.etaSeconds = eta.secondsLeft(fetchedThisRun, toFetch - fetchedThisRun)
        emit()
      },
    },
  })

  const words: TimedWord[] = []
  const checked: CheckedPiece[] = []
  // Where each block's audio starts, for the chapter marks of the app's player.
  const blockStartMs = new Map<number, number>()
  const piecePlaced = (pieceIndex: number, startSample: number, piece: ReadyPiece): void => {
    const planned = plan.pieces[pieceIndex]
    const block = planned ? plan.blocks[planned.blockIndex] : undefined
    if (!planned || !block) return
    const startMs = (startSample * 1000) / PCM_SAMPLE_RATE
    blockStartMs.set(block.index, Math.min(blockStartMs.get(block.index) ?? startMs, startMs))
    const pieceWords = timedWordsOfPiece(
      piece.speechMarks,
      { blockIndex: block.index, spans: planned.spans, blockText: block.text },
      (startSample * 1000) / PCM_SAMPLE_RATE,
    )
    words.push(...pieceWords)
    checked.push({
      blockIndex: block.index,
      srcStart: Math.min(...planned.spans.map((s) => s.srcStart)),
      srcEnd: Math.max(...planned.spans.map((s) => s.srcEnd)),
      words: pieceWords,
    })
  }
  // Why a digest check here: cache entries are written without fsync, so after a power loss one
  // can hold zeros at the right length. A damaged piece is requested again, never used.
  const readAudio = async (pieceIndex: number, piece: ReadyPiece): Promise<Uint8Array> => {
    if (!piece.trusted) {
      const checked = await cache.readAudio(piece.hash)
      if (checked) return checked
      logger.warn('damaged cache entry, requesting it again', { piece: pieceIndex })
      return readFileOrDiskError((await fetcher.repair(pieceIndex)).audioPath)
    }
    return readFileOrDiskError(piece.audioPath)
  }
  let totalSamples = 0
  const onAudio = (n: number): void => {
    totalSamples += n
    state.audioSeconds = totalSamples / PCM_SAMPLE_RATE
  }
  const onEncoding = (): void => {
    state.phase = 'encoding'
    emit(true)
  }
  const ready = (i: number): Promise<ReadyPiece> => fetcher.ready(i)
  // Subtitle cues and the script check need every piece placed, nothing else: they can run while
  // the output's final fsync is under way.
  let text: { cues: SubtitleCue[] | null; checks: BlockCheck[] } | null = null
  const textWork = (): { cues: SubtitleCue[] | null; checks: BlockCheck[] } =>
    (text ??= {
      cues: options.subtitles
        ? buildCues(withPunctuation(words, (i) => plan.blocks[i]?.text ?? ''))
        : null,
      checks: checkScript(plan.blocks, checked).filter((c) => c.issues.length > 0),
    })

  try {
    let samples: number
    let extraFiles: string[]
    let loudness: LoudnessReport
    let pauseRounding: PauseRounding | null = null
    let method: NarrationRenderResult['method'] = 'assembled'
    let compliance: ComplianceReport | null = null
    if (isAacContainer(format)) {
      const aac = await renderAac({
        container: format,
        tags,
        plan,
        outputPath,
        split: options.split ?? null,
        ready,
        readAudio,
        piecePlaced,
        onAudio,
        signal,
      })
      await fetcher.finished
      onEncoding()
      samples = aac.samples
      extraFiles = aac.extraFiles
      pauseRounding = aac.pauseRounding
      // No PCM is decoded here, so nothing is measured (and no gain can be applied).
      loudness = {
        measuredLufs: null,
        outputLufs: null,
        gainDb: 0,
        samplePeakDbfs: null,
        peakLimited: false,
      }
    } else {
      const pcm = await renderPcmFormats({
        project,
        plan,
        outputPath,
        split: options.split ?? null,
        cache,
        ready,
        allFetched: fetcher.finished,
        readAudio,
        onMeasured: (piece, stats) => void cache.annotate(piece.hash, storePieceLoudness(stats)),
        piecePlaced,
        onAudio,
        onEncoding,
        onStage: stage,
        whileSyncing: () => void textWork(),
        tags,
        signal,
      })
      samples = pcm.samples
      extraFiles = pcm.extraFiles
      loudness = pcm.loudness
      method = pcm.method
      const preset = project.defaults.preset ? DELIVERY_PRESETS[project.defaults.preset] : null
      if (preset && pcm.measured) {
        const facts = {
          format,
          sampleRate: project.defaults.sampleRate,
          channels: OUTPUT_CHANNELS,
          ...(project.defaults.mp3 ? { mp3: project.defaults.mp3 } : {}),
        }
        // A preset that takes chapter files checks those when they were written.
        const onlyParts = preset.chapterFiles === true && pcm.extraFiles.length > 0
        const checked = onlyParts ? pcm.measured.filter((m) => m.path !== outputPath) : pcm.measured
        compliance = await writeComplianceReport(
          outputPath,
          preset,
          checked.map((m) => evaluateFile(m.path, preset, m.measures, facts)),
          onlyParts
            ? `${preset.name} takes the chapter files: the whole-book file beside them is not checked.`
            : null,
        )
      } else await removeComplianceReport(outputPath)
    }

    stage('output written')
    state.phase = 'checking'
    emit(true)
    const { cues, checks } = textWork()
    let subtitlesPath: string | null = null
    if (options.subtitles && cues) {
      subtitlesPath = subtitlesPathFor(outputPath, options.subtitles)
      await writeFileAtomic(
        subtitlesPath,
        options.subtitles === 'srt' ? formatSrt(cues) : formatVtt(cues),
      )
    }
    stage('subtitles written')
    await journal.remove()
    await cache.flush()
    options.onTimeline?.(buildRenderTimeline(plan.blocks, words, blockStartMs))
    stage('done')
    state.phase = 'done'
    state.etaSeconds = 0
    emit(true)
    return {
      outputPath,
      format,
      sampleRate: project.defaults.sampleRate,
      durationSeconds: samples / PCM_SAMPLE_RATE,
      extraFiles,
      subtitlesPath,
      loudness,
      requests: fetchedThisRun,
      cachedPieces: state.cachedPieces,
      billableCharacters: state.billableCharacters,
      checks,
      pauseRounding,
      method,
      compliance,
    }
  } catch (error) {
    // Let requests already sent finish into the cache: that is the work a resume will not redo.
    await fetcher.finished.catch(() => undefined)
    await journal.close()
    await cache.flush().catch(() => undefined)
    throw resumable(error, signal)
  } finally {
    stopBusy?.()
    cache.unpin(hashes)
  }
}

async function readFileOrDiskError(path: string): Promise<Uint8Array> {
  try {
    return await readFile(path)
  } catch (error) {
    throw toDiskError(error, path)
  }
}

function resumable(error: unknown, signal: AbortSignal): AppError {
  if (signal.aborted) return cancelledRender()
  if (error instanceof AppError) {
    if (error.code === 'VALIDATION_FAILED' || error.code === 'DISK') return error
    return new AppError(
      error.code,
      `${error.message} Finished pieces are kept: run the render again to continue where it stopped.`,
      { retryable: true, ...(error.details ? { details: error.details } : {}), cause: error },
    )
  }
  return new AppError(
    'INTERNAL',
    'The render failed unexpectedly. Run it again to continue where it stopped.',
    {
      retryable: true,
      cause: error,
    },
  )
}
