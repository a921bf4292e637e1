import { basename, dirname, join } from 'node:path'
import type { RenderProgress } from '../../../../shared/domain/narration'
import type { Project } from '../../../../shared/domain/script'
import { isAacContainer, PCM_SAMPLE_RATE } from '../../../../shared/domain/speech'
import { AppError } from '../../../../shared/errors'
import { writeFileAtomic } from '../../files/atomic-write'
import type { Logger } from '../../log/logger'
import { cancelledRender } from '../assemble/assemble-program'
import { publishingTags } from '../assemble/publishing-tags'
import { formatSrt, formatVtt } from '../assemble/subtitle-format'
import { removeLeftoverPartials } from '../fetch/cache-files'
import { journalPathFor } from '../fetch/render-journal'
import type { RenderPlan } from '../plan/render-plan'
import type { NarrationRenderResult, RenderOptions } from './render-options'
import { openRenderJournal, startRenderFetch } from './render-fetch'
import type { HeardText, WrittenOutput } from './render-write'
import { pieceReader, trackHeardWords, writeRenderOutput } from './render-write'

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

/** What a run reports to and answers: cancel, progress, the log and its timing marks. */
export interface RunContext {
  signal: AbortSignal
  state: RenderProgress
  emit: (force?: boolean) => void
  logger: Logger
  /** Logs a timing mark (debug), counted from the start of the render. */
  stage: (name: string) => void
}

/**
 * Runs one render of `plan` to the end (see startRender): fetch, write, subtitles, check. The
 * caller planned it, checked it before anything is sent, and holds the render's lock on its
 * outputs.
 */
export async function runRender(
  options: RenderOptions,
  plan: RenderPlan,
  run: RunContext,
): Promise<NarrationRenderResult> {
  const { project, outputPath, cache, source } = options
  const { signal, state, emit, logger, stage } = run
  state.piecesTotal = plan.pieces.length
  // Read before anything is fetched: a cover gone bad since the checks costs nothing.
  const tags = await publishingTags(project)
  const hashes = plan.pieces.map((p) => p.hash)
  cache.pin(hashes)
  // Leftovers first: the journal writer below replaces its file through such temp files.
  await removeStalePartials(outputPath, options.subtitles ?? null)
  const journal = await openRenderJournal(plan, outputPath, logger)
  stage('journal opened')
  const fetch = startRenderFetch({
    plan,
    cache,
    source,
    journal,
    state,
    emit,
    signal,
    ...(options.parallelism ? { parallelism: options.parallelism } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  })
  const heard = trackHeardWords(plan, Boolean(options.subtitles))
  try {
    const written = await writeRenderOutput({
      project,
      plan,
      outputPath,
      split: options.split ?? null,
      cache,
      fetcher: fetch.fetcher,
      tags,
      readAudio: pieceReader(cache, fetch.fetcher, logger),
      piecePlaced: heard.piecePlaced,
      whileSyncing: () => void heard.heard(),
      state,
      emit,
      stage,
      signal,
    })
    stage('output written')
    state.phase = 'checking'
    emit(true)
    const subtitlesPath = await writeSubtitles(outputPath, options.subtitles ?? null, heard.heard())
    stage('subtitles written')
    // Neither waits for the other: the journal is beside the output, the index in the cache.
    await Promise.all([journal.remove(), cache.flush()])
    options.onTimeline?.({ ...heard.timeline(), peaks: written.peaks })
    stage('done')
    state.phase = 'done'
    state.etaSeconds = 0
    emit(true)
    return resultOf(project, outputPath, written, subtitlesPath, heard.heard(), state, fetch)
  } catch (error) {
    // Let requests already sent finish into the cache: that is the work a resume will not redo.
    await fetch.fetcher.finished.catch(() => undefined)
    await journal.close()
    await cache.flush().catch(() => undefined)
    throw resumable(error, signal)
  } finally {
    fetch.stop()
    cache.unpin(hashes)
  }
}

/** Writes the subtitle file beside the output when asked for; its path, or null. */
async function writeSubtitles(
  outputPath: string,
  kind: 'srt' | 'vtt' | null,
  heard: HeardText,
): Promise<string | null> {
  if (kind === null || heard.cues === null) return null
  const path = subtitlesPathFor(outputPath, kind)
  await writeFileAtomic(path, kind === 'srt' ? formatSrt(heard.cues) : formatVtt(heard.cues))
  return path
}

function resultOf(
  project: Project,
  outputPath: string,
  written: WrittenOutput,
  subtitlesPath: string | null,
  heard: HeardText,
  state: RenderProgress,
  fetch: { requested(): number; cachedCharacters(): number },
): NarrationRenderResult {
  return {
    outputPath,
    format: project.defaults.format,
    sampleRate: project.defaults.sampleRate,
    durationSeconds: written.samples / PCM_SAMPLE_RATE,
    extraFiles: written.extraFiles,
    subtitlesPath,
    loudness: written.loudness,
    requests: fetch.requested(),
    cachedPieces: state.cachedPieces,
    billableCharacters: state.billableCharacters,
    cachedCharacters: fetch.cachedCharacters(),
    checks: heard.checks,
    pauseRounding: written.pauseRounding,
    method: written.method,
    compliance: written.compliance,
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
