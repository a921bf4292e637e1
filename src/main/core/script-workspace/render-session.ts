import { basename } from 'node:path'
import { startingProgress } from '../../../shared/domain/narration'
import type { RenderProgress, RenderResult } from '../../../shared/domain/narration'
import { defaultsForRender } from '../../../shared/domain/render-defaults'
import type { Project } from '../../../shared/domain/script'
import type { RenderSettings, RenderStatus } from '../../../shared/domain/script-workspace'
import { AppError } from '../../../shared/errors'
import type { JobRegistry } from '../jobs/job-registry'
import type { Logger } from '../log/logger'
import type { PieceCache } from '../narration/fetch/piece-cache'
import { startRender } from '../narration/render/render-job'
import type { RenderTimeline } from '../narration/assemble/render-timeline'
import type { SplitOutput } from '../narration/assemble/render-outputs'
import type { SpeechSource } from '../narration/fetch/speech-source'
import type { RenderPlan } from '../narration/plan/render-plan'

/** Applies the dialog's settings to the project defaults the engine reads. */
export function projectForRender(project: Project, settings: RenderSettings): Project {
  return { ...project, defaults: defaultsForRender(project.defaults, settings) }
}

/** The per-chapter or per-block folder the dialog's settings ask for: `<name>-parts` beside the file. */
export function splitForRender(settings: RenderSettings, outputPath: string): SplitOutput | null {
  return settings.split === 'none'
    ? null
    : { mode: settings.split, dir: `${outputPath.replace(/\.[^./\\]+$/, '')}-parts` }
}

/** How long to wait before retry `attempt` (1-based) while the network is down: 2 s doubling to 30 s. */
export function networkRetryDelayMs(attempt: number, initialMs = 2000, maxMs = 30_000): number {
  return Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt - 1))
}

function isNetworkDown(error: unknown): boolean {
  return error instanceof AppError && (error.code === 'NETWORK' || error.code === 'TIMEOUT')
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve()
      return
    }
    const timer = setTimeout(done, ms)
    function done(): void {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })
}

export interface RenderSessionOptions {
  jobs: JobRegistry
  ownerId: number
  project: Project
  /**
   * The plan of `projectForRender(project, settings)` when the caller already made it (the
   * workspace plans before its checks): every attempt runs it as it is instead of planning again.
   */
  plan?: RenderPlan
  settings: RenderSettings
  outputPath: string
  cache: PieceCache
  /** A fresh source per attempt: a key changed in Account while paused applies to the retry. */
  source: () => SpeechSource
  logger: Logger
  /** The finished program's words and chapters (for the app's player). */
  onTimeline?: (timeline: RenderTimeline) => void
  onStatus: (status: RenderStatus) => void
  onSettled: (
    outcome: { ok: true; value: RenderResult } | { ok: false; error: unknown },
    elapsedMs: number,
  ) => void
  retryInitialMs?: number
  retryMaxMs?: number
}

/**
 * Runs a render as a job of the window that asked. Progress goes out as statuses; a network
 * failure does not end it: the session says "paused", waits (2 s doubling to 30 s) and starts the
 * same render again, which the engine's cache and journal turn into a resume, until the network is
 * back or the user cancels. Every other failure ends the job with the engine's error.
 */
export function startRenderSession(options: RenderSessionOptions): { jobId: string } {
  const outputName = basename(options.outputPath)
  const started = Date.now()
  let last: RenderProgress = startingProgress()
  const ticket = options.jobs.start<RenderStatus, RenderResult>({
    kind: 'script-render',
    ownerId: options.ownerId,
    throttleMs: 150,
    run: async (context) => {
      const { id, signal } = context
      // A pause goes out at once: held for the throttle, a retry that follows quickly would
      // replace it and the window would never say the network was down.
      const progress = (status: RenderStatus): void =>
        context.progress(status, { immediately: status.paused !== null })
      const project = projectForRender(options.project, options.settings)
      for (let attempt = 1; ; attempt += 1) {
        const job = startRender({
          project,
          ...(options.plan ? { plan: options.plan } : {}),
          outputPath: options.outputPath,
          source: options.source(),
          cache: options.cache,
          subtitles: options.settings.subtitles === 'none' ? null : options.settings.subtitles,
          split: splitForRender(options.settings, options.outputPath),
          logger: options.logger,
          holder: 'window',
          ...(options.onTimeline ? { onTimeline: options.onTimeline } : {}),
        })
        const cancel = (): void => job.cancel()
        signal.addEventListener('abort', cancel, { once: true })
        const off = job.onProgress((value) => {
          last = value
          progress({ jobId: id, outputName, progress: value, paused: null })
        })
        try {
          return await job.done
        } catch (error) {
          if (signal.aborted || !isNetworkDown(error)) throw error
          const waitMs = networkRetryDelayMs(attempt, options.retryInitialMs, options.retryMaxMs)
          options.logger.warn('render paused: network down', { attempt, waitMs })
          progress({
            jobId: id,
            outputName,
            progress: last,
            paused: {
              reason: error instanceof AppError ? error.message : 'The service cannot be reached.',
              retryInSeconds: Math.ceil(waitMs / 1000),
            },
          })
          await sleep(waitMs, signal)
          if (signal.aborted) throw new AppError('CANCELLED', 'Render cancelled.')
        } finally {
          off()
          signal.removeEventListener('abort', cancel)
        }
      }
    },
    onProgress: options.onStatus,
    onSettled: (outcome) => options.onSettled(outcome, Date.now() - started),
  })
  return { jobId: ticket.id }
}
