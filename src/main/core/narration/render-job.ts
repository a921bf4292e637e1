import { randomUUID } from 'node:crypto'
import { setMaxListeners } from 'node:events'
import { readdir, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type {
  LoudnessReport,
  RenderEstimate,
  RenderProgress,
  RenderResult,
} from '../../../shared/domain/narration'
import type { Project } from '../../../shared/domain/script'
import { PCM_SAMPLE_RATE } from '../../../shared/domain/speech'
import { AppError } from '../../../shared/errors'
import { writeFileAtomic } from '../files/atomic-write'
import type { Logger } from '../log/logger'
import { silentLogger } from '../log/logger'
import type { ReadyPiece } from './assemble-program'
import { assembleProgram, cancelledRender } from './assemble-program'
import { LoudnessMeter, normalizationGain } from './loudness'
import type { PieceCache } from './piece-cache'
import { startPieceFetcher } from './piece-fetcher'
import { journalPathFor, JournalWriter, readJournal } from './render-journal'
import type { SplitOutput } from './render-outputs'
import { RenderOutputs } from './render-outputs'
import { planRender } from './render-plan'
import type { CheckedPiece } from './script-check'
import { checkScript } from './script-check'
import type { SpeechSource } from './speech-source'
import type { TimedWord } from './spoken-words'
import { timedWordsOfPiece } from './spoken-words'
import { buildCues, withPunctuation } from './subtitle-cues'
import { formatSrt, formatVtt } from './subtitle-format'

/** Everything a render needs. */
export interface RenderOptions {
  project: Project
  outputPath: string
  source: SpeechSource
  cache: PieceCache
  subtitles?: 'srt' | 'vtt' | null
  split?: SplitOutput | null
  logger?: Logger
  /** Largest request input in code points (the speech endpoint's limit by default). */
  maxCodePoints?: number
  /** Requests handed to the source at once (default: its in-flight limit + 2, to keep it busy). */
  parallelism?: number
}

/** A running render: progress events, cancel, and the result. */
export interface RenderJob {
  readonly id: string
  readonly done: Promise<RenderResult>
  progress(): RenderProgress
  onProgress(listener: (progress: RenderProgress) => void): () => void
  cancel(): void
}

/** What a render of `project` will cost: requests, billable characters, and what is cached. */
export function estimateRender(
  project: Project,
  cache: Pick<PieceCache, 'has'>,
  options: { maxCodePoints?: number } = {},
): RenderEstimate {
  const plan = planRender(project, options)
  const seen = new Set<string>()
  let requests = 0
  let cachedPieces = 0
  let billableCharacters = 0
  for (const piece of plan.pieces) {
    if (cache.has(piece.hash)) {
      cachedPieces += 1
    } else if (!seen.has(piece.hash)) {
      requests += 1
      billableCharacters += piece.billableCharacters
    }
    seen.add(piece.hash)
  }
  return { totalPieces: plan.pieces.length, cachedPieces, requests, billableCharacters }
}

/** The subtitle file beside an output: same name, `.srt` or `.vtt`. */
export function subtitlesPathFor(outputPath: string, kind: 'srt' | 'vtt'): string {
  const name = basename(outputPath)
  const dot = name.lastIndexOf('.')
  return join(dirname(outputPath), `${dot > 0 ? name.slice(0, dot) : name}.${kind}`)
}

async function removeStalePartials(outputPath: string): Promise<void> {
  // A killed render leaves `.NAME.<random>.partial` temp files beside the output: only ours.
  const dir = dirname(outputPath)
  const prefix = `.${basename(outputPath)}.`
  const names = await readdir(dir).catch(() => [] as string[])
  await Promise.all(
    names
      .filter((n) => n.startsWith(prefix) && /^[0-9a-f]{12}\.partial$/.test(n.slice(prefix.length)))
      .map((n) => rm(join(dir, n), { force: true })),
  )
}

/**
 * Starts rendering a project into one finished file (plus per-block/chapter files and subtitles
 * when asked). Pieces are synthesized in parallel through `source`, cached as they arrive, and
 * assembled in script order straight into the encoder; with a loudness target the program is
 * measured first and encoded in a second pass from the cache. A journal beside the output records
 * progress; re-running after a crash or cancel requests only what is not cached yet.
 */
export function startRender(options: RenderOptions): RenderJob {
  const id = randomUUID()
  const controller = new AbortController()
  // One signal is handed to every request of the render (hundreds): not a listener leak.
  setMaxListeners(0, controller.signal)
  const listeners = new Set<(p: RenderProgress) => void>()
  const logger = (options.logger ?? silentLogger).child('narration')
  const state: RenderProgress = {
    piecesDone: 0,
    piecesTotal: 0,
    cachedPieces: 0,
    audioSeconds: 0,
    billableCharacters: 0,
    etaSeconds: null,
    phase: 'synthesizing',
  }
  let lastEmit = 0
  const emit = (force = false): void => {
    const now = Date.now()
    if (!force && now - lastEmit < 100) return
    lastEmit = now
    const snapshot = { ...state }
    for (const listener of listeners) listener(snapshot)
  }

  const done = runRender(options, controller.signal, state, emit, logger)
  done.catch(() => undefined)
  return {
    id,
    done,
    progress: () => ({ ...state }),
    onProgress(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    cancel: () => controller.abort(cancelledRender()),
  }
}

async function runRender(
  options: RenderOptions,
  signal: AbortSignal,
  state: RenderProgress,
  emit: (force?: boolean) => void,
  logger: Logger,
): Promise<RenderResult> {
  const { project, outputPath, cache, source } = options
  const format = project.defaults.format
  if (format === 'aac') {
    throw new AppError(
      'VALIDATION_FAILED',
      'AAC output is not available in this version: no AAC encoder can run inside VoiceDesk. Choose MP3 or Ogg, or WAV and convert it.',
    )
  }
  const plan = planRender(
    project,
    options.maxCodePoints ? { maxCodePoints: options.maxCodePoints } : {},
  )
  state.piecesTotal = plan.pieces.length
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
  await removeStalePartials(outputPath)
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

  const started = Date.now()
  let fetchedThisRun = 0
  const toFetch = new Set(plan.pieces.filter((p) => !cache.has(p.hash)).map((p) => p.hash)).size
  const fetcher = startPieceFetcher(plan, cache, source, {
    signal,
    parallelism: options.parallelism ?? source.maxInFlight + 2,
    events: {
      onPiece(piece, how, billable) {
        state.piecesDone += 1
        if (how === 'requested') fetchedThisRun += 1
        else state.cachedPieces += 1
        state.billableCharacters += billable
        journal.add(piece.hash)
        const elapsed = (Date.now() - started) / 1000
        const left = Math.max(0, toFetch - fetchedThisRun)
        state.etaSeconds = fetchedThisRun > 0 ? (elapsed / fetchedThisRun) * left : null
        emit()
      },
    },
  })

  const target =
    project.defaults.loudness.mode === 'target' ? project.defaults.loudness.targetLufs : null
  const meter = new LoudnessMeter(PCM_SAMPLE_RATE)
  const words: TimedWord[] = []
  const checked: CheckedPiece[] = []
  const collect = {
    piecePlaced(pieceIndex: number, startSample: number, piece: ReadyPiece) {
      const planned = plan.pieces[pieceIndex]
      const block = planned ? plan.blocks[planned.blockIndex] : undefined
      if (!planned || !block) return
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
    },
  }

  let outputs: RenderOutputs | null = null
  try {
    let totalSamples = 0
    const trackAudio = (n: number): void => {
      totalSamples += n
      state.audioSeconds = totalSamples / PCM_SAMPLE_RATE
    }
    let loudness: LoudnessReport
    if (target === null) {
      outputs = new RenderOutputs(
        outputPath,
        format,
        project.defaults.sampleRate,
        1,
        options.split ?? null,
        signal,
      )
      await outputs.start()
      const out = outputs
      await assembleProgram(
        plan,
        (i) => fetcher.ready(i),
        {
          ...collect,
          startBlock: (b) => out.startBlock(b),
          write: async (samples) => {
            meter.push(samples)
            trackAudio(samples.length)
            await out.write(samples)
          },
        },
        signal,
      )
      await fetcher.finished
      state.phase = 'encoding'
      emit(true)
      await outputs.commit()
      const measured = meter.integrated()
      loudness = {
        measuredLufs: measured,
        outputLufs: measured,
        gainDb: 0,
        samplePeakDbfs: meter.samplePeak > 0 ? 20 * Math.log10(meter.samplePeak) : null,
        peakLimited: false,
      }
    } else {
      await assembleProgram(
        plan,
        (i) => fetcher.ready(i),
        {
          ...collect,
          write: (samples) => {
            meter.push(samples)
            trackAudio(samples.length)
            return Promise.resolve()
          },
        },
        signal,
      )
      await fetcher.finished
      state.phase = 'encoding'
      emit(true)
      const measured = meter.integrated()
      const { gainDb, peakLimited } =
        measured === null
          ? { gainDb: 0, peakLimited: false }
          : normalizationGain(measured, target, meter.samplePeak)
      const gain = 10 ** (gainDb / 20)
      outputs = new RenderOutputs(
        outputPath,
        format,
        project.defaults.sampleRate,
        gain,
        options.split ?? null,
        signal,
      )
      await outputs.start()
      const out = outputs
      await assembleProgram(
        plan,
        (i) => fetcher.ready(i),
        {
          startBlock: (b) => out.startBlock(b),
          write: (samples) => out.write(samples),
        },
        signal,
      )
      await outputs.commit()
      loudness = {
        measuredLufs: measured,
        outputLufs: measured === null ? null : measured + gainDb,
        gainDb,
        samplePeakDbfs: meter.samplePeak > 0 ? 20 * Math.log10(meter.samplePeak) + gainDb : null,
        peakLimited,
      }
    }

    state.phase = 'checking'
    emit(true)
    let subtitlesPath: string | null = null
    if (options.subtitles) {
      const cues = buildCues(withPunctuation(words, (i) => plan.blocks[i]?.text ?? ''))
      subtitlesPath = subtitlesPathFor(outputPath, options.subtitles)
      await writeFileAtomic(
        subtitlesPath,
        options.subtitles === 'srt' ? formatSrt(cues) : formatVtt(cues),
      )
    }
    const checks = checkScript(plan.blocks, checked).filter((c) => c.issues.length > 0)
    await journal.remove()
    await cache.flush()
    state.phase = 'done'
    state.etaSeconds = 0
    emit(true)
    return {
      outputPath,
      format,
      sampleRate: project.defaults.sampleRate,
      durationSeconds: totalSamples / PCM_SAMPLE_RATE,
      extraFiles: outputs.extraFiles,
      subtitlesPath,
      loudness,
      requests: fetchedThisRun,
      cachedPieces: state.cachedPieces,
      billableCharacters: state.billableCharacters,
      checks,
    }
  } catch (error) {
    await outputs?.abort()
    // Let requests already sent finish into the cache: that is the work a resume will not redo.
    await fetcher.finished.catch(() => undefined)
    await journal.close()
    await cache.flush().catch(() => undefined)
    throw resumable(error, signal)
  } finally {
    cache.unpin(hashes)
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
