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
import { msToSamples, placeLine, pushedByCue, samplesToMs, slotsOf } from './line-fit'
import { spokenCharacters } from './spoken-length'
import type { TimedLine } from './subtitle-lines'
import type { VoicePaces } from './voice-pace'
import type { VoiceoverSettings } from './voiceover-plan'
import { fitOfLine, lineRate, planVoiceover, voiceOfLine, voiceoverProject } from './voiceover-plan'
import type { LineOutcome } from './voiceover-result'
import { lineOutcome } from './voiceover-result'
import type { SpeakContext, Spoken } from './voiceover-speak'
import { speakAll } from './voiceover-speak'
import { LiveTrack } from './voiceover-track'

function countCachedLines(plan: RenderPlan, cache: PieceCache): number {
  return plan.blocks.filter((b) =>
    b.pieceIndexes.every((i) => cache.has(plan.pieces[i]?.hash ?? '')),
  ).length
}

/** Adds a line's measured speech to its voice's pace, so the lines asked after it are predicted from it. */
function learnPace(
  line: TimedLine | undefined,
  settings: VoiceoverSettings,
  spoken: Spoken,
  paces: VoicePaces,
): void {
  const voice = line ? voiceOfLine(line, settings) : null
  if (!line || !voice) return
  const seconds = samplesToMs(spoken.span.to - spoken.span.from) / 1000
  paces.record(voice, spokenCharacters(line.text), seconds, spoken.rate)
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

/** Places line `i` at its cue (or pushed past the line `before`), fitted by its own fit, from its measured speech. */
function placeSpoken(
  options: VoiceoverRenderOptions,
  slots: readonly number[],
): (i: number, spoken: Spoken | undefined, before: PlacedLine | undefined) => PlacedLine {
  const { lines, settings } = options
  return (i, spoken, before) =>
    placeLine(
      {
        cueSample: msToSamples(lines[i]?.startMs ?? 0),
        slotSamples: msToSamples(slots[i] ?? 0),
        spokenSamples: (spoken?.span.to ?? 0) - (spoken?.span.from ?? 0),
        rate: spoken?.rate ?? 1,
        ...(lines[i] ? { mode: fitOfLine(lines[i], settings) } : {}),
      },
      before,
      settings.fit,
      settings.limits,
    )
}

/**
 * Speaks the lines and writes the track at once: the track takes each line as soon as it is
 * final. A track that cannot be written stops the requests; a failed request stops the track.
 */
async function speakAndWrite(
  options: VoiceoverRenderOptions,
  project: Project,
  slots: readonly number[],
  trackEndMs: number,
  ctx: Omit<SpeakContext, 'signal' | 'firstRate' | 'onMeasured' | 'onFinal' | 'onProgress'>,
  signal: AbortSignal,
): Promise<{ spoken: Spoken[]; placed: PlacedLine[]; samples: number; loudness: LoudnessReport }> {
  const { lines, settings, paces, onProgress } = options
  const inner = new AbortController()
  const stop = (): void => inner.abort(signal.reason)
  signal.addEventListener('abort', stop, { once: true })
  let speaking = true
  const track = new LiveTrack(
    project,
    lines.length,
    placeSpoken(options, slots),
    msToSamples(lines[0]?.startMs ?? 0),
    msToSamples(trackEndMs),
    {
      outputPath: options.outputPath,
      cache: options.cache,
      // The lines written while others are still spoken count as fitted once speaking is done.
      onProgress: (stage, done, total) => {
        if (stage !== 'fitting' || !speaking) onProgress?.(stage, done, total)
      },
    },
    inner.signal,
  )
  track.written.catch(() => inner.abort())
  try {
    const spoken = await speakAll(lines, settings, slots, {
      ...ctx,
      signal: inner.signal,
      firstRate: (i) => requestRate(options, slots, i),
      onMeasured: (i, s) => learnPace(lines[i], settings, s, paces),
      onFinal: (i, s) => track.lineFinal(i, s),
      ...(onProgress ? { onProgress } : {}),
    })
    speaking = false
    if (signal.aborted) throw cancelledRender()
    lines.forEach((_, i) => track.lineFinal(i, spoken[i]))
    const written = await track.written
    return { spoken, placed: track.placedLines(), ...written }
  } catch (error) {
    track.fail(error)
    // The track's own failure (a full disk) is what stopped the requests: that is the one to tell.
    const trackError = await track.written.then(
      () => null,
      (e: unknown) => e,
    )
    throw signal.aborted ? cancelledRender() : (trackError ?? error)
  } finally {
    signal.removeEventListener('abort', stop)
  }
}

/** Line `i`'s first-request rate: the one it was last spoken at, else the one its voice's pace predicts now. */
function requestRate(options: VoiceoverRenderOptions, slots: readonly number[], i: number): number {
  const { lines, settings, paces, keepRates } = options
  const line = lines[i]
  return keepRates?.[i] ?? (line ? lineRate(line, slots[i] ?? 0, settings, paces) : 1)
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

/** What became of each line: its slot, how it was placed and fitted, and what pushed it. */
function outcomesOf(
  options: VoiceoverRenderOptions,
  slots: readonly number[],
  placed: readonly PlacedLine[],
  spoken: readonly (Spoken | undefined)[],
): VoiceoverRenderResult['lines'] {
  const { lines, settings } = options
  return lines.map((line, i) =>
    lineOutcome(
      line,
      voiceOfLine(line, settings),
      slots[i] ?? 0,
      placed[i],
      spoken[i],
      pushedByCue(lines, i, placed[i]),
    ),
  )
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
  // Planned up front only to check it and count what is cached; each line's pace is decided when
  // it is asked for, from the lines measured by then.
  const { project: firstProject, plan } = planVoiceover(
    lines,
    settings,
    lines.map((_, i) => requestRate(options, slots, i)),
  )
  await preflightRender({
    project: firstProject,
    summary: summarizePlan(firstProject, plan),
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
    const { spoken, placed, ...written } = await speakAndWrite(
      options,
      firstProject,
      slots,
      trackEndMs,
      { source: options.source, cache, logger, counts, pin },
      signal,
    )
    // A pace file that cannot be written costs only a less exact prediction next time.
    await paces
      .save()
      .catch((error: unknown) => logger.warn('voice paces not saved', { error: String(error) }))
    const project = voiceoverProject(
      lines,
      settings,
      lines.map((_, i) => spoken[i]?.rate ?? 1),
    )
    return {
      outputPath: options.outputPath,
      project,
      durationSeconds: written.samples / 24_000,
      trackEndMs,
      requests: counts.requests,
      billableCharacters: counts.billable,
      cachedLines,
      loudness: written.loudness,
      lines: outcomesOf(options, slots, placed, spoken),
      placed,
      spoken,
    }
  } finally {
    cache.unpin(pinned)
    await lock.release()
  }
}
