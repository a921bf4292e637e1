import { basename, extname, resolve } from 'node:path'
import type { RenderProgress } from '../../shared/domain/narration'
import type { Project } from '../../shared/domain/script'
import type { UpstreamClient } from '../core/upstream/upstream-client'
import { openPieceCache } from '../core/narration/fetch/piece-cache'
import type { PieceCache } from '../core/narration/fetch/piece-cache'
import { estimateRender, startRender } from '../core/narration/render/render-job'
import { estimateLine } from './render-report'
import { planRender } from '../core/narration/plan/render-plan'
import { preflightRender } from '../core/narration/render/render-preflight'
import { summarizePlan } from '../core/narration/plan/voice-uses'
import { upstreamSpeechSource } from '../core/narration/fetch/upstream-speech-source'
import { countedSpeechSource } from '../core/usage/counted-speech-source'
import type { CommandLineUsage } from '../core/usage/usage-journal'
import { serviceOptions } from './command-usage'
import { createProject } from '../../shared/domain/script'
import { defaultCacheDir, loadRenderProject, parseCast } from './render-arguments'
import { progressLine, resultSummary } from './render-report'
import type { Voice } from '../../shared/domain/voice'
import { resolveVoice, voiceListOnce } from './voice-choice'

/** How the render command reaches the outside world (the CLI passes the real ones). */
export interface RenderCommandIo {
  /** Results (stdout). */
  out(text: string): void
  /** Progress (stderr). Errors are thrown, and the CLI reports them like any other command's. */
  err(text: string): void
  /** True when `err` goes to a terminal: a redrawn progress bar instead of plain lines. */
  isTTY?: boolean
  columns?: number
  env: Record<string, string | undefined>
  /** Builds the upstream client (the CLI's credentials: environment, else the keychain). */
  createClient: (options: {
    baseUrl: string
    /** The plan asked for; null: the app's saved plan, else free. */
    plan: 'free' | 'paid' | null
  }) => Promise<UpstreamClient> | UpstreamClient
  /** Aborted on Ctrl-C: the render is cancelled and can be resumed. */
  signal: AbortSignal
  /** Where the characters the service billed are counted, under the script's name. */
  usage?: Pick<CommandLineUsage, 'record'>
}

/** The name a render's characters are counted under, as the app names an import: title, else file. */
function usageNameOf(project: Project, file: string): string {
  return project.title.trim() !== '' ? project.title.trim() : basename(file, extname(file))
}

type RenderValues = Awaited<ReturnType<typeof loadRenderProject>>['values']
type RenderSplit = { mode: 'block' | 'chapter'; dir: string } | null
type RenderEstimate = ReturnType<typeof estimateRender>

function splitOf(values: RenderValues): RenderSplit {
  return typeof values['per-block'] === 'string'
    ? { mode: 'block', dir: resolve(values['per-block']) }
    : typeof values['per-chapter'] === 'string'
      ? { mode: 'chapter', dir: resolve(values['per-chapter']) }
      : null
}

/** `--dry-run`: the checks a render makes first, then the estimate; nothing sent or written. */
async function dryRun(
  io: RenderCommandIo,
  run: { project: Project; values: RenderValues; outputPath: string; split: RenderSplit },
  cache: PieceCache,
  estimate: RenderEstimate,
): Promise<void> {
  // The checks a render makes before its first request, less the voice list (that needs the
  // service): the settings, the preset, the cover, the folder and the free space.
  await preflightRender({
    project: run.project,
    summary: summarizePlan(run.project, planRender(run.project)),
    outputPath: run.outputPath,
    split: run.split,
    cache,
    catalog: null,
  })
  io.out(run.values.json ? `${JSON.stringify(estimate)}\n` : `${estimateLine(estimate)}.\n`)
}

/**
 * The project with the voices given by `--voice` and `--cast` turned from names into ids (see
 * resolveVoice); as it is when none was given or the voice list may not be read.
 */
async function withNamedVoices(
  project: Project,
  values: RenderValues,
  voiceList: () => Promise<Voice[] | null>,
): Promise<Project> {
  const cast = parseCast(values.cast ?? [])
  if (values.voice === undefined && Object.keys(cast).length === 0) return project
  const voices = await voiceList()
  if (voices === null) return project
  const resolvedCast = { ...project.cast }
  for (const [speaker, given] of Object.entries(cast)) {
    resolvedCast[speaker] = resolveVoice(
      given,
      voices,
      { withId: (id) => `--cast "${speaker}=${id}"` },
      { keepUnknown: true },
    )
  }
  const voiceId =
    values.voice === undefined
      ? project.defaults.voiceId
      : resolveVoice(
          values.voice,
          voices,
          { withId: (id) => `--voice ${id}` },
          { keepUnknown: true },
        )
  return createProject({
    ...project,
    cast: resolvedCast,
    defaults: { ...project.defaults, voiceId },
  })
}

/**
 * Shows a job's progress on stderr: a redrawn bar on a terminal, a line a step otherwise.
 * Returns what stops the countdown timer.
 */
function showProgress(
  io: RenderCommandIo,
  job: ReturnType<typeof startRender>,
  estimate: RenderEstimate,
): () => void {
  const tty = io.isTTY === true
  let lastDone = -1
  let latest: RenderProgress | null = null
  const redraw = (): void => {
    if (latest !== null) io.err(`\r${progressLine(latest, io.columns ?? 80)}\u001b[K`)
  }
  let announced = false
  job.onProgress((p) => {
    // Why on the first progress: the render's checks (voices, folder, space) pass before it,
    // so a refused render never claims to be rendering.
    if (!announced) {
      announced = true
      io.err(`Rendering: ${estimateLine(estimate)}\n`)
    }
    latest = p
    if (tty) redraw()
    else if (p.piecesDone !== lastDone || p.phase === 'done' || p.busyUntil !== null)
      io.err(`${progressLine(p, 80)}\n`)
    lastDone = p.piecesDone
  })
  // A terminal's line counts a busy wait down once a second (a log gets a line per event only).
  const countdown = setInterval(() => {
    if (tty && latest?.busyUntil != null) redraw()
  }, 1000)
  countdown.unref()
  return () => clearInterval(countdown)
}

/** Runs the job to its end, Ctrl-C cancelling it, and prints the result on stdout. */
async function finishRender(
  io: RenderCommandIo,
  job: ReturnType<typeof startRender>,
  estimate: RenderEstimate,
  json: boolean,
): Promise<void> {
  const stopProgress = showProgress(io, job, estimate)
  const onInterrupt = (): void => {
    // A second Ctrl-C is handled by the CLI entry (it exits at once); the cache and the
    // journal are already safe on disk.
    io.err('\nCancelling... (Ctrl-C again to quit at once)\n')
    job.cancel()
  }
  io.signal.addEventListener('abort', onInterrupt, { once: true })
  if (io.signal.aborted) onInterrupt()
  // Why a ref'd timer: the scheduler's waits use unref'd timers (they must never hold the app
  // open), so between requests a command-line process would otherwise simply exit.
  const keepAlive = setInterval(() => undefined, 1000)
  try {
    const result = await job.done
    if (io.isTTY === true) io.err('\n')
    if (json) io.out(`${JSON.stringify(result)}\n`)
    else io.out(resultSummary(result))
  } finally {
    clearInterval(keepAlive)
    stopProgress()
    io.signal.removeEventListener('abort', onInterrupt)
  }
}

/**
 * `render FILE --out OUT ...`: renders a script with a progress bar (plain lines when stderr is
 * not a terminal), `--dry-run` for the cost, Ctrl-C to cancel resumably. Throws an AppError on
 * failure (the CLI reports it and picks the exit code).
 */
export async function runRenderCommand(argv: string[], io: RenderCommandIo): Promise<void> {
  let client: UpstreamClient | null = null
  try {
    const loaded = await loadRenderProject(argv, (notice) => io.err(`${notice}\n`))
    const { values } = loaded
    const cache = await openPieceCache(
      typeof values['cache-dir'] === 'string'
        ? resolve(values['cache-dir'])
        : defaultCacheDir(io.env),
    )
    const outputPath = resolve(String(values.out))
    const split = splitOf(values)
    if (values['dry-run']) {
      // Why voices stay as typed: a dry run reads no voice list (it needs no address or key).
      const estimate = estimateRender(loaded.project, cache)
      await dryRun(io, { project: loaded.project, values, outputPath, split }, cache, estimate)
      return
    }
    const service = await io.createClient(serviceOptions(values, io.env, 'render'))
    client = service
    // One read of the voice list serves both the names given and the checks before the render.
    const voiceList = voiceListOnce(service, io.signal)
    const project = await withNamedVoices(loaded.project, values, voiceList)
    const estimate = estimateRender(project, cache)
    const job = startRender({
      project,
      outputPath,
      cache,
      source: countedSpeechSource(
        upstreamSpeechSource(service, {
          voices: async (signal) =>
            (await voiceList()) ?? service.listVoices(signal === undefined ? {} : { signal }),
        }),
        io.usage,
        usageNameOf(project, loaded.file),
      ),
      subtitles: (values.subtitles as 'srt' | 'vtt' | undefined) ?? null,
      split,
    })
    await finishRender(io, job, estimate, values.json === true)
  } finally {
    client?.close()
  }
}
