import type { LoudnessReport } from '../../../shared/domain/narration'
import type { Project } from '../../../shared/domain/script'
import type { Logger } from '../log/logger'
import { silentLogger } from '../log/logger'
import { cancelledRender } from '../narration/assemble/assemble-program'
import type { PieceCache } from '../narration/fetch/piece-cache'
import type { SpeechSource } from '../narration/fetch/speech-source'
import type { RenderPlan } from '../narration/plan/render-plan'
import { summarizePlan } from '../narration/plan/voice-uses'
import type { RenderHolderKind } from '../narration/render/render-lock'
import { acquireRenderLock } from '../narration/render/render-lock'
import { preflightRender } from '../narration/render/render-preflight'
import type { PlacedLine } from './line-fit'
import { msToSamples, placeLines, pushedByCue, samplesToMs, slotsOf } from './line-fit'
import type { TimedLine } from './subtitle-lines'
import type { VoicePaces } from './voice-pace'
import type { VoiceoverSettings } from './voiceover-plan'
import { firstRates, fitOfLine, planVoiceover, voiceOfLine } from './voiceover-plan'
import type { LineOutcome } from './voiceover-result'
import { lineOutcome } from './voiceover-result'
import type { Spoken } from './voiceover-speak'
import { speakAll } from './voiceover-speak'
import { writeTrack } from './voiceover-track'

function countCachedLines(plan: RenderPlan, cache: PieceCache): number {
  return plan.blocks.filter((b) =>
    b.pieceIndexes.every((i) => cache.has(plan.pieces[i]?.hash ?? '')),
  ).length
}

/** Adds each line's measured speech to its voice's pace, and keeps the paces for next time. */
async function learnPaces(
  lines: readonly TimedLine[],
  settings: VoiceoverSettings,
  spoken: readonly (Spoken | undefined)[],
  paces: VoicePaces,
  logger: Logger,
): Promise<void> {
  lines.forEach((line, i) => {
    const voice = voiceOfLine(line, settings)
    const s = spoken[i]
    if (!voice || !s) return
    const seconds = samplesToMs(s.span.to - s.span.from) / 1000
    paces.record(voice, [...line.text].length, seconds, s.rate)
  })
  // A pace file that cannot be written costs only a less exact prediction next time.
  await paces
    .save()
    .catch((error: unknown) => logger.warn('voice paces not saved', { error: String(error) }))
}

/** Everything a voice-over render needs. */
export interface VoiceoverRenderOptions {
  lines: readonly TimedLine[]
  settings: VoiceoverSettings
  outputPath: string
  source: SpeechSource
  cache: PieceCache
  paces: VoicePaces
  /** The video's length; null: the track ends with the last cue. */
  trackEndMs: number | null
  signal?: AbortSignal
  logger?: Logger
  holder?: RenderHolderKind
  /**
   * The rate each line was last spoken at, by index (undefined: predict it). Why: the paces learnt
   * from a render change every later prediction, so without this a re-render after one edit
   * would ask again for lines whose audio is already in the cache at their old rate.
   */
  keepRates?: readonly (number | undefined)[]
  /** Told each stage and how far it is. */
  onProgress?: (stage: 'speaking' | 'fitting' | 'writing', done: number, total: number) => void
}

/** Each line at its cue (or pushed), fitted by its own fit, from its measured speech. */
function placeSpoken(
  lines: readonly TimedLine[],
  settings: VoiceoverSettings,
  slots: readonly number[],
  spoken: readonly (Spoken | undefined)[],
): PlacedLine[] {
  return placeLines(
    lines.map((line, i) => ({
      cueSample: msToSamples(line.startMs),
      slotSamples: msToSamples(slots[i] ?? 0),
      spokenSamples: (spoken[i]?.span.to ?? 0) - (spoken[i]?.span.from ?? 0),
      rate: spoken[i]?.rate ?? 1,
      mode: fitOfLine(line, settings),
    })),
    settings.fit,
    settings.limits,
  )
}

/** Each line's first-request rate: the one it was last spoken at, else the predicted one. */
function requestRates(options: VoiceoverRenderOptions, trackEndMs: number): number[] {
  const { lines, settings, paces, keepRates } = options
  return firstRates(lines, settings, paces, trackEndMs).map((rate, i) => keepRates?.[i] ?? rate)
}

/** What a voice-over render produced. */
export interface VoiceoverRenderResult {
  outputPath: string
  project: Project
  durationSeconds: number
  trackEndMs: number
  requests: number
  billableCharacters: number
  cachedLines: number
  loudness: LoudnessReport
  lines: LineOutcome[]
  /** Each line as placed and as spoken: enough to write the track again in another format. */
  placed: PlacedLine[]
  spoken: (Spoken | undefined)[]
}

/**
 * Renders a voice-over: each line requested once through the engine's fetcher and cache (in
 * `rate` mode at the pace its voice's measured speed predicts, and once more only when it still
 * overflows), its speech measured and fitted off main, then placed at its cue on one track as
 * long as the video (or the last cue), written in the project's format and loudness by the
 * engine's PCM writer. Checked before anything is sent; holds the render lock on the output.
 */
export async function renderVoiceover(
  options: VoiceoverRenderOptions,
): Promise<VoiceoverRenderResult> {
  const { lines, settings, cache, paces } = options
  const signal = options.signal ?? new AbortController().signal
  const logger = (options.logger ?? silentLogger).child('voiceover')
  const trackEndMs = options.trackEndMs ?? Math.max(0, ...lines.map((l) => l.endMs))
  const slots = slotsOf(lines, settings.slotEnd, trackEndMs)
  const rates = requestRates(options, trackEndMs)
  const first = planVoiceover(lines, settings, rates)
  const { plan } = first
  let { project } = first
  await preflightRender({
    project,
    summary: summarizePlan(project, plan),
    outputPath: options.outputPath,
    split: null,
    cache,
    catalog: options.source.listVoices?.bind(options.source) ?? null,
    preset: null,
    signal,
    logger,
  })
  const lock = await acquireRenderLock([options.outputPath], {
    kind: options.holder ?? 'cli',
    project: settings.title,
  })
  const pinned: string[] = []
  try {
    const counts = { requests: 0, billable: 0, done: 0, total: plan.pieces.length }
    const cachedLines = countCachedLines(plan, cache)
    const pin = (p: RenderPlan): void => {
      const hashes = p.pieces.map((piece) => piece.hash)
      cache.pin(hashes)
      pinned.push(...hashes)
    }
    pin(plan)
    const speech = await speakAll(lines, settings, slots, rates, plan, {
      source: options.source,
      cache,
      signal,
      logger,
      counts,
      pin,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    })
    const { spoken } = speech
    if (speech.project) project = speech.project
    if (signal.aborted) throw cancelledRender()
    await learnPaces(lines, settings, spoken, paces, logger)
    const placed = placeSpoken(lines, settings, slots, spoken)
    const written = await writeTrack(project, placed, spoken, trackEndMs, options, signal)
    return {
      outputPath: options.outputPath,
      project,
      durationSeconds: written.samples / 24_000,
      trackEndMs,
      requests: counts.requests,
      billableCharacters: counts.billable,
      cachedLines,
      loudness: written.loudness,
      lines: lines.map((line, i) =>
        lineOutcome(
          line,
          voiceOfLine(line, settings),
          slots[i] ?? 0,
          placed[i],
          spoken[i],
          pushedByCue(lines, i, placed[i]),
        ),
      ),
      placed,
      spoken,
    }
  } finally {
    cache.unpin(pinned)
    await lock.release()
  }
}
