import { mkdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { VoiceoverProgress, VoiceoverProject } from '../../../shared/domain/voiceover'
import { AppError } from '../../../shared/errors'
import type { JobRegistry } from '../jobs/job-registry'
import type { Logger } from '../log/logger'
import type { PieceCache } from '../narration/fetch/piece-cache'
import { upstreamSpeechSource } from '../narration/fetch/upstream-speech-source'
import type { PlatformPorts } from '../platform-ports'
import type { UpstreamClient } from '../upstream/upstream-client'
import type { UsageRecorder } from '../usage/counted-client'
import { countedSpeechSource } from '../usage/counted-speech-source'
import type { VoicePaces } from '../voiceover/voice-pace'
import { renderVoiceover } from '../voiceover/voiceover-render'
import { refuseLinesWithoutVoice } from './voiceover-cast'
import type { VoiceoverEvent } from './voiceover-events'
import { renderFailed } from './voiceover-events'
import type { OpenVoiceover } from './voiceover-state'
import { finishedTrack, settingsOf, spokenKeyOf } from './voiceover-state'
import { stillSpoken } from './voiceover-timeline'

type RenderResult = Awaited<ReturnType<typeof renderVoiceover>>

/** What a render job needs from the workspace. */
export interface RenderJobDeps {
  userDataDir: string
  cache: () => Promise<PieceCache>
  paces: () => Promise<VoicePaces>
  jobs: JobRegistry
  dialogs: Pick<PlatformPorts, 'setProgress'>
  client: () => UpstreamClient
  usage?: UsageRecorder
  logger: Logger
  /** The project's whole view, sent with the render's end. */
  view: (project: OpenVoiceover) => Promise<VoiceoverProject>
}

/** Keeps a finished render's lines as spoken and its track, then tells the page. */
async function settled(
  deps: RenderJobDeps,
  run: {
    project: OpenVoiceover
    jobId: string
    keys: readonly string[]
    lines: OpenVoiceover['lines']
    outputPath: string
    emit: (event: VoiceoverEvent) => void
  },
  outcome: { ok: true; value: RenderResult } | { ok: false; error: unknown },
): Promise<void> {
  const { project, jobId, keys, lines, outputPath, emit } = run
  const projectId = project.id
  if (!outcome.ok) {
    emit(renderFailed(jobId, projectId, outcome.error))
    return
  }
  const result = outcome.value
  result.lines.forEach((o, i) => {
    const line = lines[i]
    if (line) project.spoken.set(line.cue, { text: line.text, key: keys[i] ?? '', outcome: o })
  })
  const { size } = await stat(outputPath)
  project.track = finishedTrack(result, lines, outputPath, size)
  emit({
    channel: 'voiceover:renderEnded',
    payload: { jobId, projectId, ok: true, project: await deps.view(project) },
  })
}

/**
 * Starts rendering a project's whole track as a job. Lines already spoken with the same words and
 * choices come from the cache at the pace they were spoken, so after one edit only that line is
 * requested. Refused while the project is rendering, or while a line has no voice.
 */
export async function startVoiceoverRender(
  deps: RenderJobDeps,
  run: { ownerId: number; project: OpenVoiceover; emit: (event: VoiceoverEvent) => void },
): Promise<{ jobId: string }> {
  const { ownerId, project, emit } = run
  if (project.rendering !== null) {
    throw new AppError('VALIDATION_FAILED', 'This voice-over is already being rendered.')
  }
  refuseLinesWithoutVoice(project)
  const [cache, paces] = await Promise.all([deps.cache(), deps.paces()])
  const dir = join(deps.userDataDir, 'voiceover')
  await mkdir(dir, { recursive: true })
  const projectId = project.id
  const outputPath = join(dir, `${project.id}.wav`)
  const settings = settingsOf(project)
  const lines = project.lines.map((l) => ({ ...l }))
  const keys = lines.map((l) => spokenKeyOf(project, l))
  const keepRates = lines.map((l, i) => stillSpoken(l, keys[i] ?? '', project.spoken)?.outcome.rate)
  const source = countedSpeechSource(
    upstreamSpeechSource(deps.client()),
    deps.usage,
    project.subtitleName,
  )
  const ticket = deps.jobs.start<VoiceoverProgress, RenderResult>({
    kind: 'voiceover-render',
    ownerId,
    throttleMs: 150,
    run: (job) =>
      renderVoiceover({
        lines,
        settings,
        outputPath,
        source,
        cache,
        paces,
        trackEndMs: project.video?.durationMs ?? null,
        keepRates,
        signal: job.signal,
        holder: 'window',
        logger: deps.logger,
        onProgress: (stage, done, total) =>
          job.progress({ jobId: job.id, projectId, stage, done, total }),
      }),
    onProgress: (payload) => {
      deps.dialogs.setProgress(ownerId, payload.total > 0 ? payload.done / payload.total : null)
      emit({ channel: 'voiceover:renderProgress', payload })
    },
    onSettled: (outcome) => {
      project.rendering = null
      deps.dialogs.setProgress(ownerId, null)
      const jobId = ticket.id
      settled(deps, { project, jobId, keys, lines, outputPath, emit }, outcome).catch(
        (error: unknown) =>
          deps.logger.error('voice-over render not reported', { error: String(error) }),
      )
    },
  })
  project.rendering = ticket.id
  return { jobId: ticket.id }
}
