import { basename, dirname, join } from 'node:path'
import { startingProgress } from '../../../shared/domain/narration'
import type { RenderEstimate } from '../../../shared/domain/narration'
import type { Project } from '../../../shared/domain/script'
import type { RenderFormat } from '../../../shared/domain/speech'
import type { Voice } from '../../../shared/domain/voice'
import type {
  BlockAudio,
  BlockAudioState,
  BlockTake,
  FinishedRender,
  RenderOverview,
  RenderSettings,
  RenderStatus,
} from '../../../shared/domain/script-workspace'
import type { EventOf } from '../../../shared/ipc/contract'
import { AppError, toAppErrorData } from '../../../shared/errors'
import type { JobRegistry } from '../jobs/job-registry'
import type { Logger } from '../log/logger'
import type { PieceCache } from '../narration/fetch/piece-cache'
import { openPieceCache } from '../narration/fetch/piece-cache'
import { journalPathFor, readJournal } from '../narration/fetch/render-journal'
import { estimateRenderOffMain, planRenderOffMain } from '../narration/offload/plan-offload'
import type { RenderPlan } from '../narration/plan/render-plan'
import type { VoiceCatalog } from '../narration/render/render-preflight'
import { checkRenderVoices, preflightRender } from '../narration/render/render-preflight'
import { upstreamSpeechSource } from '../narration/fetch/upstream-speech-source'
import type { VoiceUse } from '../narration/plan/voice-uses'
import { summarizePlan } from '../narration/plan/voice-uses'
import type { UpstreamClient } from '../upstream/upstream-client'
import type { PlatformPorts } from '../platform-ports'
import { blockTakes, cachedBlockAudio } from './block-audio'
import type { PreviewEvent } from './block-preview'
import { previewInputs, startPreview } from './block-preview'
import { BlockPlanMemo, blockStatesInSlices } from './block-states'
import type { RenderTimeline } from '../narration/assemble/render-timeline'
import type { PlaybackWord, RenderPlayback } from '../../../shared/domain/render-playback'
import { RenderPlaybacks } from './render-playback'
import { RenderRecords } from './render-records'
import { projectForRender, splitForRender, startRenderSession } from './render-session'
import { ScriptDocuments } from './script-documents'

/** What a render sends to the window that started it. */
export type RenderEvent = EventOf<'script:renderProgress' | 'script:renderEnded'>

const FORMAT_FILTERS: Record<RenderSettings['format'], { name: string; extensions: string[] }> = {
  mp3: { name: 'MP3 audio', extensions: ['mp3'] },
  wav: { name: 'WAV audio', extensions: ['wav'] },
  ogg: { name: 'Ogg Vorbis audio', extensions: ['ogg'] },
  aac: { name: 'AAC audio (ADTS)', extensions: ['aac'] },
  m4b: { name: 'M4B audiobook', extensions: ['m4b'] },
  pcm: { name: 'Raw PCM (s16le, mono)', extensions: ['pcm'] },
}

/** Renders that end while the window is in the background are announced when they took this long. */
const NOTIFY_AFTER_MS = 5000

/** What a render that ends on an unexpected error says (its journal lets a new run continue). */
const RENDER_FAILED = {
  message: 'The render failed unexpectedly. Run it again to continue.',
  retryable: true,
}

export interface ScriptWorkspaceOptions {
  userDataDir: string
  jobs: JobRegistry
  platform: PlatformPorts
  client: () => UpstreamClient
  logger: Logger
  /** Piece cache folder (default `<userData>/narration-cache`). */
  cacheDir?: string
  /**
   * The account's voice list as the app already holds it (`refresh` reads it again), which a
   * render's voices are checked against. Default: a read from the client each time.
   */
  voices?: (refresh: boolean) => Promise<Voice[]>
}

/**
 * The Script workspace's main side: documents (files, recent, recovery), block audio states, the
 * render session of each document (progress, taskbar, notification, resume, network pauses),
 * previews, rendered-block playback and A/B takes.
 */
export class ScriptWorkspaceService {
  readonly documents: ScriptDocuments
  readonly #records: RenderRecords
  readonly #running = new Map<string, RenderStatus & { docId: string }>()
  readonly #finished = new Map<string, FinishedRender>()
  /** What the app's player needs of each document's last finished render. */
  readonly #playbacks = new RenderPlaybacks()
  #cache: Promise<PieceCache> | null = null
  readonly #plans = new BlockPlanMemo()
  /** Takes being made, by `${window}:${requestId}`, with what stops them. */
  readonly #takeJobs = new Map<string, AbortController>()

  constructor(private readonly options: ScriptWorkspaceOptions) {
    this.documents = new ScriptDocuments(options.userDataDir, options.platform, options.logger)
    this.#records = new RenderRecords(options.userDataDir)
  }

  cache(): Promise<PieceCache> {
    this.#cache ??= openPieceCache(
      this.options.cacheDir ?? join(this.options.userDataDir, 'narration-cache'),
    )
    this.#cache.catch(() => {
      this.#cache = null
    })
    return this.#cache
  }

  /**
   * Audio states of an open document's blocks (all, or the listed ones), from main's copy of the
   * document; blocks planned before with the same settings are not planned again.
   */
  async blockStates(docId: string, blockIds?: string[]): Promise<Record<string, BlockAudioState>> {
    const project = this.documents.projectOf(docId)
    const cache = await this.cache()
    const record = await this.#records.get(this.documents.keyOf(docId))
    return blockStatesInSlices(project, cache, record?.renderedBlocks ?? {}, blockIds, this.#plans)
  }

  /**
   * What rendering an open document (as of `revision`) in `format` will cost; a large script is
   * planned off main's event loop.
   */
  async estimate(docId: string, revision: number, format: RenderFormat): Promise<RenderEstimate> {
    const project = this.documents.projectAt(docId, revision)
    const priced = { ...project, defaults: { ...project.defaults, format } }
    // Why superseded: a newer estimate (another format, an edit) makes a waiting one stale.
    return estimateRenderOffMain(priced, await this.cache(), {}, 'estimate')
  }

  /**
   * One block of an open document (as of `revision`) with the script's settings: what a preview,
   * a rendered block's playback or A/B takes need, since a block's pieces do not depend on the
   * other blocks. NOT_FOUND when the block is gone.
   */
  #blockProject(docId: string, revision: number, blockId: string): Project {
    const project = this.documents.projectAt(docId, revision)
    const block = project.blocks.find((b) => b.id === blockId)
    if (block === undefined) {
      throw new AppError('NOT_FOUND', 'That block is no longer in the script.')
    }
    return { ...project, blocks: [block] }
  }

  async overview(docId: string): Promise<RenderOverview> {
    const key = this.documents.keyOf(docId)
    const running = [...this.#running.values()].find((r) => r.docId === docId) ?? null
    const record = await this.#records.get(key)
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

  /**
   * Starts (or resumes) rendering a document, main's copy as of `revision`. A new render asks
   * where to save with the native dialog (null when cancelled); a resume goes to the last target,
   * whose journal and the cache make it request only what is missing.
   */
  async startRender(
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
    const project = this.documents.projectAt(docId, revision)
    // Why plan before the dialog: a block without a voice, or a voice that is not in the voice
    // list, is named now, not after choosing a file. This is the render's one plan: the run and
    // the finished record use it as it is, so a script is never planned twice for one render.
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
    const key = this.documents.keyOf(docId)
    const record = await this.#records.get(key)
    let outputPath: string
    if (resume) {
      if (record === null) throw new AppError('NOT_FOUND', 'There is no stopped render to resume.')
      outputPath = record.outputPath
    } else {
      const base = project.title.trim() || 'Narration'
      const chosen = await this.options.platform.showSaveDialog(ownerId, {
        title: 'Render the script to',
        defaultName: `${base.replace(/[\\/:*?"<>|]+/g, '-')}.${settings.format}`,
        filters: [FORMAT_FILTERS[settings.format]],
      })
      if (chosen === null) return null
      // Why force the extension: a WAV body under an .mp3 name would confuse every player.
      outputPath = `${chosen.replace(/\.[A-Za-z0-9]{1,5}$/, '')}.${settings.format}`
    }
    const cache = await this.cache()
    // The folder and the space, now that the target is known: shown in the dialog, before the
    // render is recorded or started. The render checks everything again when it starts.
    await preflightRender({
      project: renderProject,
      summary,
      outputPath,
      split: splitForRender(settings, outputPath),
      cache,
      catalog: null,
      logger: this.options.logger,
    })
    await this.#records.set(key, {
      outputPath,
      settings,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      ...(record === null ? {} : { renderedBlocks: record.renderedBlocks }),
    })
    this.#finished.delete(key)
    this.#playbacks.forget(key)
    let timeline: RenderTimeline | null = null
    const outputName = basename(outputPath)
    const { platform, logger } = this.options
    const { jobId } = startRenderSession({
      jobs: this.options.jobs,
      ownerId,
      project,
      plan,
      settings,
      outputPath,
      cache,
      source: () => upstreamSpeechSource(this.options.client(), { voices: catalog }),
      logger: logger.child('render'),
      onTimeline: (made) => {
        timeline = made
      },
      onStatus: (status) => {
        this.#running.set(status.jobId, { ...status, docId })
        const { piecesDone, piecesTotal } = status.progress
        platform.setProgress(ownerId, piecesTotal > 0 ? piecesDone / piecesTotal : 0)
        emit({ channel: 'script:renderProgress', payload: status })
      },
      onSettled: (outcome, elapsedMs) => {
        this.#running.delete(jobId)
        platform.setProgress(ownerId, null)
        const background = !platform.isWindowFocused(ownerId) && elapsedMs >= NOTIFY_AFTER_MS
        if (outcome.ok) {
          const finished: FinishedRender = {
            result: outcome.value,
            outputName,
            elapsedSeconds: elapsedMs / 1000,
            finishedAt: new Date().toISOString(),
          }
          this.#finished.set(key, finished)
          this.#playbacks.remember(key, finished, timeline)
          void this.#recordFinished(key, outputPath, plan)
          if (background) {
            platform.notify({ title: 'Render finished', body: `${outputName} is ready.` })
          }
          emit({ channel: 'script:renderEnded', payload: { jobId, docId, ok: true, finished } })
        } else {
          const error = toAppErrorData(outcome.error, RENDER_FAILED)
          if (background && error.code !== 'CANCELLED') {
            platform.notify({ title: 'Render failed', body: `${outputName}: ${error.message}` })
          }
          emit({ channel: 'script:renderEnded', payload: { jobId, docId, ok: false, error } })
        }
      },
    })
    this.#running.set(jobId, {
      docId,
      jobId,
      outputName,
      paused: null,
      progress: startingProgress(),
    })
    return { jobId, outputName }
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
    await this.#records.set(key, {
      outputPath,
      finishedAt: new Date().toISOString(),
      renderedBlocks,
    })
  }

  /** The finished output of a document's last render (for "show in folder" / "play"). */
  finishedOutput(docId: string): string {
    const finished = this.#finished.get(this.documents.keyOf(docId))
    if (finished === undefined)
      throw new AppError('NOT_FOUND', 'There is no finished render to show.')
    return finished.result.outputPath
  }

  /** The in-app player's view of a document's last finished render (waveform measured once). */
  renderPlayback(docId: string): Promise<RenderPlayback> {
    return this.#playbacks.playback(this.documents.keyOf(docId))
  }

  /** A chunk of a document's last finished render, for the in-app player. */
  renderAudioChunk(docId: string, offset: number, length: number): Promise<Uint8Array> {
    return this.#playbacks.audioChunk(this.documents.keyOf(docId), offset, length)
  }

  /** The words heard between two times of a document's last finished render. */
  renderWords(docId: string, fromMs: number, toMs: number): PlaybackWord[] {
    return this.#playbacks.words(this.documents.keyOf(docId), fromMs, toMs)
  }

  /** Streams a block (or a selection of it) of an open document as of `revision`. */
  async preview(
    ownerId: number,
    docId: string,
    revision: number,
    blockId: string,
    selection: { start: number; end: number } | undefined,
    emit: (event: PreviewEvent) => void,
  ): Promise<{ jobId: string }> {
    const project = this.#blockProject(docId, revision, blockId)
    const { inputs, voiceId, model, language } = await previewInputs(project, blockId, selection)
    return startPreview({
      jobs: this.options.jobs,
      ownerId,
      client: this.options.client(),
      inputs,
      voiceId,
      model,
      language,
      emit,
    })
  }

  /** Speaks a lexicon entry (its alias, as the render will) in a voice. */
  auditionLexicon(
    ownerId: number,
    voiceId: string,
    term: string,
    alias: string,
    emit: (event: PreviewEvent) => void,
  ): { jobId: string } {
    const escape = (s: string): string =>
      s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
    const input = `<speak><sub alias="${escape(alias)}">${escape(term)}</sub></speak>`
    return startPreview({
      jobs: this.options.jobs,
      ownerId,
      client: this.options.client(),
      inputs: [input],
      voiceId,
      model: null,
      language: null,
      emit,
    })
  }

  /** A rendered block's audio from the cache, for an open document as of `revision`. */
  async blockAudio(docId: string, revision: number, blockId: string): Promise<BlockAudio> {
    const project = this.#blockProject(docId, revision, blockId)
    return cachedBlockAudio(project, blockId, await this.cache())
  }

  /**
   * A/B takes as a job of the window that asked (closing it stops them); `requestId`, chosen by
   * that window, lets it stop them with {@link cancelTakes} while it waits for the answer.
   */
  async takes(
    ownerId: number,
    requestId: string | undefined,
    document: { docId: string; revision: number },
    blockId: string,
    voiceIds: string[],
  ): Promise<BlockTake[]> {
    // Read before anything is awaited: the takes are of the script as the page saw it.
    const project = this.#blockProject(document.docId, document.revision, blockId)
    // Registered before anything is awaited, so a stop that arrives at once is never missed.
    const stop = new AbortController()
    const key = requestId === undefined ? null : `${ownerId}:${requestId}`
    if (key !== null) {
      this.#takeJobs.get(key)?.abort()
      this.#takeJobs.set(key, stop)
    }
    try {
      const cache = await this.cache()
      const source = upstreamSpeechSource(this.options.client(), { priority: 5 })
      if (stop.signal.aborted) throw new AppError('CANCELLED', 'Cancelled.')
      const ticket = this.options.jobs.start({
        kind: 'takes',
        ownerId,
        run: ({ signal }) => blockTakes(project, blockId, voiceIds, cache, source, signal),
      })
      // A stop asked for while the job runs cancels it through the registry (CANCELLED).
      stop.signal.addEventListener('abort', () => this.options.jobs.cancel(ticket.id, ownerId), {
        once: true,
      })
      return await ticket.done
    } finally {
      if (key !== null && this.#takeJobs.get(key) === stop) this.#takeJobs.delete(key)
    }
  }

  /** Stops the takes a window asked for under `requestId`; false when none are being made. */
  cancelTakes(ownerId: number, requestId: string): boolean {
    const stop = this.#takeJobs.get(`${ownerId}:${requestId}`)
    if (stop === undefined || stop.signal.aborted) return false
    stop.abort()
    return true
  }

  async flush(): Promise<void> {
    await this.documents.recovery.flush()
    await this.#records.flush()
    const cache = await this.#cache?.catch(() => null)
    await cache?.flush()
  }
}
