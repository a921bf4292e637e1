import { CleanupRuleSets } from './cleanup-rule-sets'
import { join } from 'node:path'
import type { RenderEstimate } from '../../../shared/domain/narration'
import type {
  PlaybackWord,
  RenderPlayback,
  WaveSlice,
} from '../../../shared/domain/render-playback'
import type { Project } from '../../../shared/domain/script'
import type {
  BlockAudio,
  BlockMark,
  BlockTake,
  RenderOverview,
} from '../../../shared/domain/script-workspace'
import type { RenderFormat } from '../../../shared/domain/speech'
import type { Voice } from '../../../shared/domain/voice'
import { AppError } from '../../../shared/errors'
import type { JobRegistry } from '../jobs/job-registry'
import type { Logger } from '../log/logger'
import type { PieceCache } from '../narration/fetch/piece-cache'
import { openPieceCache } from '../narration/fetch/piece-cache'
import { upstreamSpeechSource } from '../narration/fetch/upstream-speech-source'
import { countedSpeechSource } from '../usage/counted-speech-source'
import type { UsageStore } from '../usage/usage-store'
import { USAGE_PREVIEWS } from '../../../shared/domain/usage'
import { billableCharacters } from '../../../shared/domain/billable'
import { estimateRenderOffMain } from '../narration/offload/plan-offload'
import type { PlatformPorts } from '../platform-ports'
import type { UpstreamClient } from '../upstream/upstream-client'
import { blockTakes, cachedBlockAudio } from './block-audio'
import type { PreviewEvent } from './block-preview'
import { previewInputs, startPreview } from './block-preview'
import { emotionProblems } from '../narration/render/preflight-voices'
import { preflightError } from '../narration/render/render-preflight'
import { BlockPlanMemo, blockStatesInSlices } from './block-states'
import type { PauseSample } from './pause-sample'
import { pauseSampleInput } from './pause-sample'
import { cleanupPreview } from './cleanup-preview'
import type { CleanupPreview, CleanupSettings } from '../../../shared/domain/cleanup-rules'
import { BlockTakesService } from './block-takes-service'
import { RenderRecords } from './render-records'
import { ScriptRenders } from './script-renders'
import { ScriptDocuments } from './script-documents'

export interface ScriptWorkspaceOptions {
  userDataDir: string
  jobs: JobRegistry
  platform: PlatformPorts
  client: () => UpstreamClient
  logger: Logger
  /** Piece cache folder (default `<userData>/narration-cache`). */
  cacheDir?: string
  /** Where billed characters are counted (Account's usage table); default: not counted. */
  usage?: Pick<UsageStore, 'record'>
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
  /** Regenerated takes of blocks: make, list, play. */
  readonly blockTakes: BlockTakesService
  /** The user's named clean-up rule sets, shared by every project. */
  readonly ruleSets: CleanupRuleSets
  readonly #records: RenderRecords
  readonly #renders: ScriptRenders
  #cache: Promise<PieceCache> | null = null
  readonly #plans = new BlockPlanMemo()
  /** Each document's running clean-up preview, cancelled by a newer one. */
  readonly #cleanups = new Map<string, AbortController>()
  /** Takes being made, by `${window}:${requestId}`, with what stops them. */
  readonly #takeJobs = new Map<string, AbortController>()

  constructor(private readonly options: ScriptWorkspaceOptions) {
    this.documents = new ScriptDocuments(options.userDataDir, options.platform, options.logger)
    this.ruleSets = new CleanupRuleSets(options.userDataDir)
    this.#records = new RenderRecords(options.userDataDir)
    this.#renders = new ScriptRenders({
      ...options,
      documents: this.documents,
      records: this.#records,
      cache: () => this.cache(),
    })
    this.blockTakes = new BlockTakesService({
      documents: this.documents,
      jobs: options.jobs,
      client: options.client,
      cache: () => this.cache(),
      ...(options.usage === undefined ? {} : { usage: options.usage }),
    })
  }

  /** A preview streamed whole: its characters are billed, counted as the service counts them. */
  #countPreview(input: string): void {
    const ssml = /^\s*<speak\b/u.test(input)
    this.options.usage?.record(USAGE_PREVIEWS, billableCharacters({ text: input, ssml }, null))
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
  async blockStates(docId: string, blockIds?: string[]): Promise<Record<string, BlockMark>> {
    const project = this.documents.plannedAt(docId)
    const cache = await this.cache()
    const record = await this.#records.get(this.documents.keyOf(docId))
    return blockStatesInSlices(project, cache, record?.renderedBlocks ?? {}, blockIds, this.#plans)
  }

  /**
   * What rendering an open document (as of `revision`) in `format` will cost; a large script is
   * planned off main's event loop.
   */
  async estimate(docId: string, revision: number, format: RenderFormat): Promise<RenderEstimate> {
    const project = this.documents.plannedAt(docId, revision)
    const priced = { ...project, defaults: { ...project.defaults, format } }
    // Why superseded: a newer estimate (another format, an edit) makes a waiting one stale.
    return estimateRenderOffMain(priced, await this.cache(), {}, 'estimate')
  }

  /**
   * What the clean-up rules would change in an open document (as of `revision`): run on their
   * own thread (see runCleanup); a newer preview of the same document cancels a running one.
   */
  async cleanupPreview(
    docId: string,
    revision: number,
    settings: CleanupSettings,
  ): Promise<CleanupPreview> {
    const project = this.documents.projectAt(docId, revision)
    this.#cleanups.get(docId)?.abort()
    const controller = new AbortController()
    this.#cleanups.set(docId, controller)
    try {
      return await cleanupPreview(project.blocks, settings, controller.signal)
    } finally {
      if (this.#cleanups.get(docId) === controller) this.#cleanups.delete(docId)
    }
  }

  /**
   * One block of an open document (as of `revision`) with the script's settings: what a preview,
   * a rendered block's playback or A/B takes need, since a block's pieces do not depend on the
   * other blocks. NOT_FOUND when the block is gone.
   */
  #blockProject(docId: string, revision: number, blockId: string): Project {
    const project = this.documents.plannedAt(docId, revision)
    const block = project.blocks.find((b) => b.id === blockId)
    if (block === undefined) {
      throw new AppError('NOT_FOUND', 'That block is no longer in the script.')
    }
    return { ...project, blocks: [block] }
  }

  /** The running render of a document, a stopped one that can resume, and the last finished. */
  overview(docId: string): Promise<RenderOverview> {
    return this.#renders.overview(docId)
  }

  /**
   * Starts (or resumes) rendering a document, main's copy as of `revision`. A new render asks
   * where to save with the native dialog (null when cancelled); a resume goes to the last target,
   * whose journal and the cache make it request only what is missing.
   */
  startRender(...args: Parameters<ScriptRenders['start']>): ReturnType<ScriptRenders['start']> {
    return this.#renders.start(...args)
  }

  /** The finished output of a document's last render (for "show in folder" / "play"). */
  finishedOutput(docId: string): string {
    return this.#renders.finishedOutput(docId)
  }

  /** The in-app player's view of a document's last finished render (waveform measured once). */
  renderPlayback(docId: string): Promise<RenderPlayback> {
    return this.#renders.playback(docId)
  }

  /** A chunk of a document's last finished render, for the in-app player. */
  renderAudioChunk(docId: string, offset: number, length: number): Promise<Uint8Array> {
    return this.#renders.audioChunk(docId, offset, length)
  }

  /** ADTS frames of a document's last finished AAC or M4B render, for its waveform. */
  renderWaveSlice(docId: string, fromSeconds: number): Promise<WaveSlice> {
    return this.#renders.waveSlice(docId, fromSeconds)
  }

  /** The words heard between two times of a document's last finished render. */
  renderWords(docId: string, fromMs: number, toMs: number): PlaybackWord[] {
    return this.#renders.words(docId, fromMs, toMs)
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
    const { inputs, voiceId, model, language, emotions } = await previewInputs(
      project,
      blockId,
      selection,
    )
    if (emotions.length > 0) await this.#checkPreviewEmotions(project, blockId, voiceId, emotions)
    return startPreview({
      jobs: this.options.jobs,
      ownerId,
      client: this.options.client(),
      inputs,
      voiceId,
      model,
      language,
      emit,
      onSpoken: (input) => this.#countPreview(input),
    })
  }

  /**
   * Refuses a preview whose marks ask its voice for an emotion the voice data does not list, in
   * the render check's words. Why before the request: the service would refuse it (or ignore the
   * style) after the characters were counted.
   */
  async #checkPreviewEmotions(
    project: Project,
    blockId: string,
    voiceId: string,
    emotions: string[],
  ): Promise<void> {
    const read = this.options.voices ?? ((_refresh: boolean) => this.options.client().listVoices())
    const voice = (await read(false)).find((v) => v.id === voiceId)
    if (voice === undefined) return
    const index = project.blocks.findIndex((b) => b.id === blockId)
    const problems = emotionProblems(
      {
        voiceId,
        model: null,
        language: null,
        source: { kind: 'block' },
        blocks: [index],
        blockCount: 1,
        emotions: emotions.map((emotion) => ({ emotion, block: index })),
      },
      voice,
    )
    if (problems.length > 0) throw preflightError(problems)
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
      onSpoken: (input) => this.#countPreview(input),
    })
  }

  /**
   * Speaks two sample paragraphs with the paragraph pause between them, then the heading pause
   * (Project settings' Preview), through the same preview stream and events as a block preview.
   */
  previewPauses(
    ownerId: number,
    voiceId: string,
    pauses: PauseSample,
    emit: (event: PreviewEvent) => void,
  ): { jobId: string } {
    return startPreview({
      jobs: this.options.jobs,
      ownerId,
      client: this.options.client(),
      inputs: [pauseSampleInput(pauses)],
      voiceId,
      model: null,
      language: null,
      emit,
      onSpoken: (input) => this.#countPreview(input),
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
      const source = countedSpeechSource(
        upstreamSpeechSource(this.options.client(), { priority: 5 }),
        this.options.usage,
        USAGE_PREVIEWS,
      )
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
