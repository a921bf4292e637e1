import { basename, dirname } from 'node:path'
import { startingProgress } from '../../../shared/domain/narration'
import type { RenderResult } from '../../../shared/domain/narration'
import type {
  PlaybackWord,
  RenderPlayback,
  WaveSlice,
} from '../../../shared/domain/render-playback'
import type { Project } from '../../../shared/domain/script'
import type {
  FinishedRender,
  RenderOverview,
  RenderSettings,
  RenderStatus,
} from '../../../shared/domain/script-workspace'
import type { Voice } from '../../../shared/domain/voice'
import { AppError, toAppErrorData } from '../../../shared/errors'
import type { EventOf } from '../../../shared/ipc/contract'
import type { JobRegistry } from '../jobs/job-registry'
import type { Logger } from '../log/logger'
import type { RenderTimeline } from '../narration/assemble/render-timeline'
import type { PieceCache } from '../narration/fetch/piece-cache'
import { journalPathFor, readJournal } from '../narration/fetch/render-journal'
import { upstreamSpeechSource } from '../narration/fetch/upstream-speech-source'
import { countedSpeechSource } from '../usage/counted-speech-source'
import type { SpeechSource } from '../narration/fetch/speech-source'
import type { UsageStore } from '../usage/usage-store'
import { planRenderOffMain } from '../narration/offload/plan-offload'
import type { RenderPlan } from '../narration/plan/render-plan'
import type { PlanSummary, VoiceUse } from '../narration/plan/voice-uses'
import { summarizePlan } from '../narration/plan/voice-uses'
import type { VoiceCatalog } from '../narration/render/render-preflight'
import { checkRenderVoices, preflightRender } from '../narration/render/render-preflight'
import type { PlatformPorts } from '../platform-ports'
import type { UpstreamClient } from '../upstream/upstream-client'
import { RenderPlaybacks } from './render-playback'
import type { RenderRecords } from './render-records'
import { chooseRenderTarget } from './render-target'
import { projectForRender, splitForRender, startRenderSession } from './render-session'
import type { ScriptDocuments } from './script-documents'

/** What a render sends to the window that started it. */
export type RenderEvent = EventOf<'script:renderProgress' | 'script:renderEnded'>

/** Renders that end while the window is in the background are announced when they took this long. */
const NOTIFY_AFTER_MS = 5000

/** What a render that ends on an unexpected error says (its journal lets a new run continue). */
const RENDER_FAILED = {
  message: 'The render failed unexpectedly. Run it again to continue.',
  retryable: true,
}

export interface ScriptRendersOptions {
  documents: ScriptDocuments
  records: RenderRecords
  cache: () => Promise<PieceCache>
  jobs: JobRegistry
  platform: PlatformPorts
  client: () => UpstreamClient
  logger: Logger
  /** The account's voice list as the app holds it (see ScriptWorkspaceOptions.voices). */
  voices?: (refresh: boolean) => Promise<Voice[]>
  /** Where billed characters are counted, under the script's name. */
  usage?: Pick<UsageStore, 'record'>
}

/** The name a render's characters are counted under: the title, else the file name. */
export function usageNameOf(project: Project, path: string | null): string {
  if (project.title.trim() !== '') return project.title.trim()
  return path === null ? 'Untitled script' : basename(path)
}

/** A render's one plan, made before its checks, and what the checks and the run need of it. */
interface CheckedPlan {
  renderProject: Project
  plan: RenderPlan
  summary: PlanSummary
  catalog: VoiceCatalog
}

/** One render under way: who started it, where it goes, and what it tells on the way. */
interface RenderRun {
  ownerId: number
  docId: string
  key: string
  outputPath: string
  outputName: string
  plan: RenderPlan
  emit: (event: RenderEvent) => void
  jobId: string
  timeline: RenderTimeline | null
}

/**
 * The renders of the Script workspace's documents: starting one (plan, voice check, where to
 * save, preflight), its progress, taskbar and notification, the stopped one that can resume, and
 * the last finished one with its player.
 */
export class ScriptRenders {
  readonly #running = new Map<string, RenderStatus & { docId: string }>()
  readonly #finished = new Map<string, FinishedRender>()
  /** What the app's player needs of each document's last finished render. */
  readonly #playbacks = new RenderPlaybacks()

  constructor(private readonly options: ScriptRendersOptions) {}

  /** The running render of a document, a stopped one that can resume, and the last finished. */
  async overview(docId: string): Promise<RenderOverview> {
    const key = this.options.documents.keyOf(docId)
    const running = [...this.#running.values()].find((r) => r.docId === docId) ?? null
    const record = await this.options.records.get(key)
    let resumable: RenderOverview['resumable'] = null
    if (running === null && record !== null && record.finishedAt === null) {
      const journal = await readJournal(journalPathFor(record.outputPath))
      if (journal !== null) {
        resumable = {
          outputName: basename(record.outputPath),
          location: dirname(record.outputPath),
          piecesFinished: journal.finished.length,
          piecesTotal: journal.piecesTotal,
          settings: record.settings,
          stoppedAt: journal.updatedAt,
        }
      }
    }
    const { docId: _ignored, ...status } = running ?? { docId }
    return {
      running: running === null ? null : (status as RenderStatus),
      resumable,
      lastFinished: this.#finished.get(key) ?? null,
    }
  }

  /** See {@link ScriptWorkspaceService.startRender}. */
  async start(
    ownerId: number,
    docId: string,
    revision: number,
    settings: RenderSettings,
    resume: boolean,
    emit: (event: RenderEvent) => void,
  ): Promise<{ jobId: string; outputName: string } | null> {
    if ([...this.#running.values()].some((r) => r.docId === docId)) {
      throw new AppError(
        'CONFLICT',
        'This script is already rendering. Wait for it or cancel it first.',
        { details: { renderInProgress: true } },
      )
    }
    const { documents, records, logger, platform } = this.options
    const project = documents.plannedAt(docId, revision)
    const checked = await this.#planAndCheck(project, settings)
    const key = documents.keyOf(docId)
    const record = await records.get(key)
    const resumed = resume ? record : undefined
    const outputPath = await chooseRenderTarget(platform, ownerId, project, settings, resumed)
    if (outputPath === null) return null
    const cache = await this.options.cache()
    // The folder and the space, now that the target is known: shown in the dialog, before the
    // render is recorded or started. The render checks everything again when it starts.
    await preflightRender({
      project: checked.renderProject,
      summary: checked.summary,
      outputPath,
      split: splitForRender(settings, outputPath),
      cache,
      catalog: null,
      logger,
    })
    await records.set(key, {
      outputPath,
      settings,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      ...(record === null ? {} : { renderedBlocks: record.renderedBlocks }),
    })
    this.#finished.delete(key)
    this.#playbacks.forget(key)
    const outputName = basename(outputPath)
    const run: RenderRun = {
      ownerId,
      docId,
      key,
      outputPath,
      outputName,
      plan: checked.plan,
      emit,
      jobId: '',
      timeline: null,
    }
    run.jobId = startRenderSession({
      jobs: this.options.jobs,
      ownerId,
      project,
      plan: checked.plan,
      settings,
      outputPath,
      cache,
      source: () => this.#countedSource(checked, usageNameOf(project, documents.pathOf(docId))),
      logger: logger.child('render'),
      onTimeline: (made) => {
        run.timeline = made
      },
      onStatus: (status) => this.#progressed(run, status),
      onSettled: (outcome, elapsedMs) => this.#settled(run, outcome, elapsedMs),
    }).jobId
    const { jobId } = run
    this.#running.set(jobId, {
      docId,
      jobId,
      outputName,
      paused: null,
      progress: startingProgress(),
    })
    return { jobId, outputName }
  }

  /** The render's speech source, its billed characters counted under `name`. */
  #countedSource(checked: CheckedPlan, name: string): SpeechSource {
    const source = upstreamSpeechSource(this.options.client(), { voices: checked.catalog })
    return countedSpeechSource(source, this.options.usage, name)
  }

  /** The finished output of a document's last render (for "show in folder" / "play"). */
  finishedOutput(docId: string): string {
    const finished = this.#finished.get(this.options.documents.keyOf(docId))
    if (finished === undefined)
      throw new AppError('NOT_FOUND', 'There is no finished render to show.')
    return finished.result.outputPath
  }

  /** The in-app player's view of a document's last finished render (waveform measured once). */
  playback(docId: string): Promise<RenderPlayback> {
    return this.#playbacks.playback(this.options.documents.keyOf(docId))
  }

  /** A chunk of a document's last finished render, for the in-app player. */
  audioChunk(docId: string, offset: number, length: number): Promise<Uint8Array> {
    return this.#playbacks.audioChunk(this.options.documents.keyOf(docId), offset, length)
  }

  /** ADTS frames of a document's last finished AAC or M4B render, for its waveform. */
  waveSlice(docId: string, fromSeconds: number): Promise<WaveSlice> {
    return this.#playbacks.waveSlice(this.options.documents.keyOf(docId), fromSeconds)
  }

  /** The words heard between two times of a document's last finished render. */
  words(docId: string, fromMs: number, toMs: number): PlaybackWord[] {
    return this.#playbacks.words(this.options.documents.keyOf(docId), fromMs, toMs)
  }

  /**
   * Plans the render once and checks its voices. Why before the dialog: a block without a voice,
   * or a voice that is not in the voice list, is named now, not after choosing a file. The run and
   * the finished record use this plan as it is, so a script is never planned twice for one render.
   */
  async #planAndCheck(project: Project, settings: RenderSettings): Promise<CheckedPlan> {
    const renderProject = projectForRender(project, settings)
    const plan = await planRenderOffMain(renderProject)
    const summary = summarizePlan(renderProject, plan)
    const catalog = this.#catalogFor(summary.uses)
    await checkRenderVoices(summary.uses, catalog, { logger: this.options.logger }).catch(
      (error: unknown) => {
        // Offline: the render's own checks read the list again when it starts, and a render
        // waits for the network to come back (see render-session).
        if (error instanceof AppError && (error.code === 'NETWORK' || error.code === 'TIMEOUT'))
          return
        throw error
      },
    )
    return { renderProject, plan, summary, catalog }
  }

  #progressed(run: RenderRun, status: RenderStatus): void {
    this.#running.set(status.jobId, { ...status, docId: run.docId })
    const { piecesDone, piecesTotal } = status.progress
    this.options.platform.setProgress(run.ownerId, piecesTotal > 0 ? piecesDone / piecesTotal : 0)
    run.emit({ channel: 'script:renderProgress', payload: status })
  }

  /** A render ended: it is remembered (or not), the window is told, and a background one notifies. */
  #settled(
    run: RenderRun,
    outcome: { ok: true; value: RenderResult } | { ok: false; error: unknown },
    elapsedMs: number,
  ): void {
    const { platform } = this.options
    const { ownerId, jobId, docId, key, outputName, emit } = run
    this.#running.delete(jobId)
    platform.setProgress(ownerId, null)
    const background = !platform.isWindowFocused(ownerId) && elapsedMs >= NOTIFY_AFTER_MS
    if (!outcome.ok) {
      const error = toAppErrorData(outcome.error, RENDER_FAILED)
      if (background && error.code !== 'CANCELLED') {
        platform.notify({ title: 'Render failed', body: `${outputName}: ${error.message}` })
      }
      emit({ channel: 'script:renderEnded', payload: { jobId, docId, ok: false, error } })
      return
    }
    const finished: FinishedRender = {
      result: outcome.value,
      outputName,
      elapsedSeconds: elapsedMs / 1000,
      finishedAt: new Date().toISOString(),
    }
    this.#finished.set(key, finished)
    this.#playbacks.remember(key, finished, run.timeline)
    if (background) platform.notify({ title: 'Render finished', body: `${outputName} is ready.` })
    // The window is told once the record is stored: it reads the block marks again on this event,
    // and would otherwise still find the previous render's record. A record that cannot be
    // written costs the marks, not the render.
    void this.#recordFinished(key, run.outputPath, run.plan)
      .catch((e: unknown) =>
        this.options.logger.warn('could not remember the finished render', { error: String(e) }),
      )
      .then(() =>
        emit({ channel: 'script:renderEnded', payload: { jobId, docId, ok: true, finished } }),
      )
  }

  /**
   * The voice list to check `uses` against: the one the app holds, read again once when it lacks
   * a voice they name (one made since, in another app or the CLI), so a stale list never refuses
   * a voice the account has.
   */
  #catalogFor(uses: VoiceUse[]): VoiceCatalog {
    const read = this.options.voices ?? ((_refresh: boolean) => this.options.client().listVoices())
    return async () => {
      const held = await read(false)
      const ids = new Set(held.map((v) => v.id))
      return uses.every((u) => ids.has(u.voiceId)) ? held : read(true)
    }
  }

  /** Remembers which pieces each block had in the render that just finished (its one plan). */
  async #recordFinished(key: string, outputPath: string, plan: RenderPlan): Promise<void> {
    const renderedBlocks: Record<string, string[]> = {}
    for (const block of plan.blocks) {
      renderedBlocks[block.id] = block.pieceIndexes.map((i) => plan.pieces[i]?.hash ?? '')
    }
    await this.options.records.set(key, {
      outputPath,
      finishedAt: new Date().toISOString(),
      renderedBlocks,
    })
  }
}
