import { randomUUID } from 'node:crypto'
import { rm, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type {
  VoiceoverAudioChoice,
  VoiceoverFit,
  VoiceoverOverlapChoice,
  VoiceoverOverlapQuestion,
  VoiceoverPatch,
  VoiceoverProject,
  VoiceoverSettingsInput,
} from '../../../shared/domain/voiceover'
import { AppError } from '../../../shared/errors'
import type { JobRegistry } from '../jobs/job-registry'
import type { Logger } from '../log/logger'
import type { PieceCache } from '../narration/fetch/piece-cache'
import type { PlatformPorts } from '../platform-ports'
import type { UpstreamClient } from '../upstream/upstream-client'
import type { UsageRecorder } from '../usage/counted-client'
import type { OriginalAudio } from '../voiceover/video-mux'
import { VoicePaces } from '../voiceover/voice-pace'
import { runVoiceoverOffMain } from '../voiceover/voiceover-offload'
import type { TimedLine } from '../voiceover/subtitle-lines'
import { readFileSlice, readSubtitleFile, SUBTITLE_FILTERS, VIDEO_FILTERS } from './voiceover-files'
import { overlapQuestion } from './voiceover-overlaps'
import { PROJECT_FILTERS, readProject, saveProjectFile } from './voiceover-projects'
import { SAMPLE_NAME, SAMPLE_SUBTITLES } from './voiceover-sample'
import { saveReport, saveRetimedSubtitles } from './voiceover-reports'
import type { VoiceoverEvent } from './voiceover-events'
import { saveVoiceover } from './voiceover-save'
import { castSpeakers } from './voiceover-cast'
import type { OpenVoiceover } from './voiceover-state'
import { ShownViews } from './voiceover-shown'
import { newVoiceover, projectSummary } from './voiceover-state'
import { LiveTimelines } from './voiceover-live-timeline'
import { startVoiceoverRender } from './voiceover-render-job'
import { ChangeQueue } from './voiceover-queue'

export interface VoiceoverWorkspaceOptions {
  userDataDir: string
  /** The narration cache folder (the paces are kept beside its pieces, as the CLI keeps them). */
  cacheDir: string
  cache: () => Promise<PieceCache>
  jobs: JobRegistry
  dialogs: Pick<PlatformPorts, 'showOpenDialog' | 'showSaveDialog' | 'setProgress'>
  client: () => UpstreamClient
  usage?: UsageRecorder
  logger: Logger
}

/**
 * The Voice-over workspace's projects in main: subtitles (and a video) the user chose in main's
 * dialogs, their lines as edited, the last rendered track, and the files saved from it. Why the
 * paths stay here: the page names a project by id, never a file for main to read or write.
 */
export class VoiceoverWorkspace {
  readonly #projects = new Map<string, OpenVoiceover>()
  #paces: Promise<VoicePaces> | null = null
  readonly #shown = new ShownViews()
  readonly #timelines = new LiveTimelines()
  /** Each project's changes and the working out of its timeline, one after another. */
  readonly #changes = new ChangeQueue<OpenVoiceover>()
  /** Subtitles waiting for the user's answer about their overlapping cues. */
  readonly #pending = new Map<string, { bytes: Uint8Array; fileName: string; path: string }>()

  constructor(private readonly options: VoiceoverWorkspaceOptions) {}

  #pacesOnce(): Promise<VoicePaces> {
    this.#paces ??= VoicePaces.open(join(this.options.cacheDir, 'voice-paces.json'))
    return this.#paces
  }

  #project(projectId: string): OpenVoiceover {
    const project = this.#projects.get(projectId)
    if (!project) {
      throw new AppError(
        'NOT_FOUND',
        'This voice-over is no longer open. Open its subtitles again.',
      )
    }
    return project
  }

  #view(project: OpenVoiceover, change: () => void = () => undefined): Promise<VoiceoverProject> {
    return this.#changes.run(project, async () => {
      change()
      const lines = await this.#timelines.whole(project, await this.#pacesOnce())
      return this.#shown.full(project, { ...projectSummary(project), lines })
    })
  }

  /**
   * The answer to a change every line may depend on (voice, cast, fit, fastest pace): the whole
   * timeline worked out again, answered with only the lines whose view changed. Why a patch: a
   * film's 1,500 lines were masked and copied to the page on each change while most stay put.
   */
  #replanned(project: OpenVoiceover, change: () => void): Promise<VoiceoverPatch> {
    return this.#changes.run(project, async () => {
      change()
      const lines = await this.#timelines.whole(project, await this.#pacesOnce())
      return this.#shown.patch(project, { ...projectSummary(project), lines })
    })
  }

  /** The answer to one line's change: only the lines it moved, worked out from it on. */
  #lineChanged(project: OpenVoiceover, index: number, change: () => void): Promise<VoiceoverPatch> {
    return this.#changes.run(project, async () => {
      change()
      const paces = await this.#pacesOnce()
      const { view, changed } = await this.#timelines.lineChanged(project, paces, index)
      return this.#shown.patch(project, { ...projectSummary(project), lines: view }, changed)
    })
  }

  /**
   * Asks for a subtitle file (native dialog), reads and checks it off main; null when cancelled.
   * When its only problem is overlapping cues, asks what to do with them instead of refusing.
   */
  async open(ownerId: number): Promise<VoiceoverProject | VoiceoverOverlapQuestion | null> {
    const chosen = await this.options.dialogs.showOpenDialog(ownerId, {
      title: 'Open subtitles',
      filters: SUBTITLE_FILTERS,
    })
    const path = chosen?.[0]
    if (path === undefined) return null
    const bytes = await readSubtitleFile(path)
    // Parsed and checked on the voice-over thread: a bad file is refused naming its cue and line
    // before anything is priced or sent; overlapping cues are asked about.
    const checked = await runVoiceoverOffMain({
      kind: 'parseOrAsk',
      bytes,
      fileName: basename(path),
    })
    if (checked.lines !== null) return this.#opened(basename(path), checked.lines, path)
    const pendingId = randomUUID()
    // Why one at a time: a question left unanswered holds a file's bytes, never more than one.
    this.#pending.clear()
    this.#pending.set(pendingId, { bytes, fileName: basename(path), path })
    return overlapQuestion(pendingId, basename(path), checked.overlaps)
  }

  /** Opens the subtitles asked about, their overlapping cues merged or kept as two lines. */
  async resolveOverlaps(
    pendingId: string,
    choice: VoiceoverOverlapChoice,
  ): Promise<VoiceoverProject> {
    const pending = this.#pending.get(pendingId)
    if (!pending) {
      throw new AppError('NOT_FOUND', 'These subtitles are no longer waiting. Open them again.')
    }
    const lines = await runVoiceoverOffMain({
      kind: 'parse',
      bytes: pending.bytes,
      fileName: pending.fileName,
      overlaps: choice,
    })
    this.#pending.delete(pendingId)
    return this.#opened(pending.fileName, lines, pending.path)
  }

  /** Opens the sample subtitles shipped with the app, checked on the thread as any file is. */
  async openSample(): Promise<VoiceoverProject> {
    const bytes = new TextEncoder().encode(SAMPLE_SUBTITLES)
    const lines = await runVoiceoverOffMain({
      kind: 'parse',
      bytes,
      fileName: SAMPLE_NAME,
      overlaps: 'refuse',
    })
    return this.#opened(SAMPLE_NAME, lines, null)
  }

  #opened(
    subtitleName: string,
    lines: TimedLine[],
    path: string | null,
  ): Promise<VoiceoverProject> {
    const project = newVoiceover(subtitleName, lines, path)
    this.#projects.set(project.id, project)
    return this.#view(project)
  }

  /** Asks for a saved project (native dialog) and reopens it; null when cancelled. */
  async openProject(
    ownerId: number,
  ): Promise<{ project: VoiceoverProject; missingVideo: string | null } | null> {
    const chosen = await this.options.dialogs.showOpenDialog(ownerId, {
      title: 'Open a voice-over project',
      filters: PROJECT_FILTERS,
    })
    const path = chosen?.[0]
    if (path === undefined) return null
    const { project, missingVideo } = await readProject(path)
    this.#projects.set(project.id, project)
    return { project: await this.#view(project), missingVideo }
  }

  /** Saves the project where the user chooses (native dialog); null when cancelled. */
  saveProject(ownerId: number, projectId: string): Promise<{ fileName: string } | null> {
    return saveProjectFile(this.#project(projectId), this.options.dialogs, ownerId)
  }

  /** Asks for the video (native dialog) and reads its length off main; null when cancelled. */
  async chooseVideo(ownerId: number, projectId: string): Promise<VoiceoverProject | null> {
    const project = this.#project(projectId)
    const chosen = await this.options.dialogs.showOpenDialog(ownerId, {
      title: 'Add the video',
      filters: VIDEO_FILTERS,
    })
    const path = chosen?.[0]
    if (path === undefined) return null
    const durationMs = await runVoiceoverOffMain({ kind: 'videoDuration', path })
    const { size } = await stat(path)
    return this.#view(project, () => {
      project.video = { path, name: basename(path), bytes: size, durationMs }
    })
  }

  /** The project as the workspace shows it. */
  view(projectId: string): Promise<VoiceoverProject> {
    return this.#view(this.#project(projectId))
  }

  /** Changes a line's words; only that line needs speaking again. Answers with what changed. */
  editLine(projectId: string, cue: number, text: string): Promise<VoiceoverPatch> {
    const project = this.#project(projectId)
    const index = project.lines.findIndex((l) => l.cue === cue)
    const line = project.lines[index]
    if (!line) throw new AppError('NOT_FOUND', `Cue ${cue} is not in these subtitles.`)
    return this.#lineChanged(project, index, () => {
      project.lines[index] = { ...(project.lines[index] ?? line), text: text.trim() }
    })
  }

  /**
   * Changes the voice, a speaker's voice, the fit or the fastest pace. Answers with only the
   * lines whose view changed, and the summary.
   */
  setSettings(projectId: string, input: VoiceoverSettingsInput): Promise<VoiceoverPatch> {
    const project = this.#project(projectId)
    return this.#replanned(project, () => {
      if (input.voiceId !== undefined) project.voiceId = input.voiceId
      if (input.cast) castSpeakers(project, input.cast)
      if (input.fit !== undefined) project.fit = input.fit
      if (input.maxRate !== undefined) project.maxRate = input.maxRate
    })
  }

  /** Gives one line a fit of its own (null: the project's again); only that line changes. */
  setLineFit(id: string, cue: number, fit: VoiceoverFit | null): Promise<VoiceoverPatch> {
    const project = this.#project(id)
    const index = project.lines.findIndex((l) => l.cue === cue)
    if (index < 0) throw new AppError('NOT_FOUND', `Cue ${cue} is not in these subtitles.`)
    return this.#lineChanged(project, index, () => {
      if (fit === null || fit === project.fit) project.lineFits.delete(cue)
      else project.lineFits.set(cue, fit)
    })
  }

  /**
   * Renders the whole track as a job. Lines already spoken with the same words and choices come
   * from the cache at the pace they were spoken, so after one edit only that line is requested.
   */
  render(
    ownerId: number,
    projectId: string,
    emit: (event: VoiceoverEvent) => void,
  ): Promise<{ jobId: string }> {
    return startVoiceoverRender(
      { ...this.options, paces: () => this.#pacesOnce(), view: (p) => this.#view(p) },
      { ownerId, project: this.#project(projectId), emit },
    )
  }

  /** Up to `length` bytes of the rendered track or of the chosen video, for the page's player. */
  async chunk(
    projectId: string,
    file: 'track' | 'video',
    offset: number,
    length: number,
  ): Promise<Uint8Array> {
    const project = this.#project(projectId)
    const path = file === 'track' ? project.track?.path : project.video?.path
    if (path === undefined) {
      throw new AppError(
        'NOT_FOUND',
        file === 'track' ? 'Render the voice-over first.' : 'Add the video first.',
      )
    }
    return readFileSlice(path, offset, length)
  }

  /**
   * Saves the rendered voice-over where the user chooses (native dialog): the video with the
   * voice-over as its first audio track when a video was added, else the audio track.
   */
  async save(
    ownerId: number,
    projectId: string,
    originalAudio: OriginalAudio,
    audio: VoiceoverAudioChoice = { format: 'wav', level: 'as-spoken' },
  ): Promise<{ fileName: string } | null> {
    const project = this.#project(projectId)
    const cache = await this.options.cache()
    return saveVoiceover(
      project,
      { dialogs: this.options.dialogs, cache, ownerId },
      originalAudio,
      audio,
    )
  }

  /** Saves the last render's report per line where the user chooses: JSON or readable text. */
  saveReport(ownerId: number, projectId: string): Promise<{ fileName: string } | null> {
    return saveReport(this.#project(projectId), this.options.dialogs, ownerId)
  }

  /** Saves the subtitles re-timed to the last render where the user chooses: SRT or WebVTT. */
  saveSubtitles(ownerId: number, projectId: string): Promise<{ fileName: string } | null> {
    return saveRetimedSubtitles(this.#project(projectId), this.options.dialogs, ownerId)
  }

  /** Forgets a project and removes its rendered track. */
  async close(projectId: string): Promise<void> {
    const project = this.#projects.get(projectId)
    if (!project) return
    this.#projects.delete(projectId)
    if (project.track) await rm(project.track.path, { force: true })
  }
}
