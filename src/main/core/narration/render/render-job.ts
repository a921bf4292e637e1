import { randomUUID } from 'node:crypto'
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { startingProgress } from '../../../../shared/domain/narration'
import { setMaxListeners } from 'node:events'
import type { RenderEstimate, RenderProgress } from '../../../../shared/domain/narration'
import type { Project } from '../../../../shared/domain/script'
import { toDiskError } from '../../files/atomic-write'
import type { Logger } from '../../log/logger'
import { silentLogger } from '../../log/logger'
import { cancelledRender } from '../assemble/assemble-program'
import type { PieceCache } from '../fetch/piece-cache'
import { estimateOfPieces } from '../offload/plan-tasks'
import { planRender } from '../plan/render-plan'
import { acquireRenderLock } from './render-lock'
import type { NarrationRenderResult, RenderOptions } from './render-options'
import { refuseUnsupported, runRender, subtitlesPathFor } from './render-run'
import { planRenderOffMain } from '../offload/plan-offload'
import { preflightRender } from './render-preflight'
import { summarizePlan } from '../plan/voice-uses'

/** A running render: progress events, cancel, and the result. */
export interface RenderJob {
  readonly id: string
  readonly done: Promise<NarrationRenderResult>
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
  return estimateOfPieces(planRender(project, options).pieces, cache)
}

/** Every file or folder a render writes under a user's name: each gets a lock. */
function lockedOutputs(options: RenderOptions): string[] {
  return [
    options.outputPath,
    ...(options.subtitles ? [subtitlesPathFor(options.outputPath, options.subtitles)] : []),
    ...(options.split ? [options.split.dir] : []),
  ]
}

/**
 * Plans a render and checks it before anything is sent (see preflightRender), then runs it while
 * it holds the lock on its outputs. Why the checks come first: a mistake found locally must cost
 * no request and leave no lock, journal or temp file behind. Why the lock comes before the run:
 * the start-up cleanup removes temp files and the journal beside the output, which is only safe
 * when no other live render writes them. Released whatever the outcome (finished, failed,
 * cancelled).
 */
async function runLocked(
  options: RenderOptions,
  signal: AbortSignal,
  state: RenderProgress,
  emit: (force?: boolean) => void,
  logger: Logger,
): Promise<NarrationRenderResult> {
  const { project, source } = options
  const t0 = performance.now()
  const stage = (name: string): void =>
    logger.debug('render stage', { stage: name, ms: Math.round(performance.now() - t0) })
  refuseUnsupported(project)
  const plan =
    options.plan ??
    (await planRenderOffMain(
      project,
      options.maxCodePoints ? { maxCodePoints: options.maxCodePoints } : {},
    ))
  stage(options.plan ? 'plan given' : 'planned')
  await preflightRender({
    project,
    summary: summarizePlan(project, plan),
    outputPath: options.outputPath,
    split: options.split ?? null,
    cache: options.cache,
    catalog: source.listVoices?.bind(source) ?? null,
    preset: options.preset ?? null,
    signal,
    logger,
    ...(options.freeBytes ? { freeBytes: options.freeBytes } : {}),
  })
  stage('checked')
  if (signal.aborted) throw cancelledRender()
  const outputs = lockedOutputs(options)
  const splitDir = options.split?.dir
  if (splitDir !== undefined) {
    // A per-chapter folder is locked beside itself: its parent must exist first.
    await mkdir(dirname(splitDir), { recursive: true }).catch((error: unknown) => {
      throw toDiskError(error, splitDir)
    })
  }
  const lock = await acquireRenderLock(outputs, {
    kind: options.holder ?? 'cli',
    project: options.project.title,
  })
  stage('locked')
  try {
    return await runRender(options, plan, { signal, state, emit, logger, stage })
  } finally {
    await lock.release()
  }
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
  const state: RenderProgress = startingProgress()
  let lastEmit = 0
  const emit = (force = false): void => {
    const now = Date.now()
    if (!force && now - lastEmit < 100) return
    lastEmit = now
    const snapshot = { ...state }
    for (const listener of listeners) listener(snapshot)
  }

  const done = runLocked(options, controller.signal, state, emit, logger)
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
