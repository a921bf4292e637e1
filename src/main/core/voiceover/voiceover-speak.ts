import type { Project } from '../../../shared/domain/script'
import type { Logger } from '../log/logger'
import type { PieceCache } from '../narration/fetch/piece-cache'
import { startPieceFetcher } from '../narration/fetch/piece-fetcher'
import type { SpeechSource } from '../narration/fetch/speech-source'
import type { RenderPlan } from '../narration/plan/render-plan'
import { samplesToMs } from './line-fit'
import type { TimedLine } from './subtitle-lines'
import { secondRate } from './voice-pace'
import type { VoiceoverSettings } from './voiceover-plan'
import { fitOfLine, planVoiceover } from './voiceover-plan'
import type { SpeechSpan } from './voiceover-tasks'
import { runVoiceoverOffMain } from './voiceover-offload'

/** A line as the service spoke it: its rate, its requests, its cached files and its speech. */
export interface Spoken {
  rate: number
  requests: number
  paths: string[]
  hashes: string[]
  span: SpeechSpan
}

/** Where a voice-over's lines are spoken and what it counts. */
export interface SpeakContext {
  source: SpeechSource
  cache: PieceCache
  signal: AbortSignal
  logger: Logger
  counts: { requests: number; billable: number; done: number; total: number }
  /** Keeps a plan's pieces in the cache until the render ends. */
  pin: (plan: RenderPlan) => void
  onProgress?: (stage: 'speaking', done: number, total: number) => void
}

/**
 * Fetches every piece of `plan` through the engine's fetcher (cache first, then the service) and
 * measures each line (off main) as soon as its own pieces are in, while later lines are still
 * being spoken. Why not after the last answer: measuring a film's 1,500 lines one by one then
 * left the service idle for tens of seconds before any line could be asked for again.
 */
async function speakLines(
  plan: RenderPlan,
  ctx: SpeakContext,
  rates: readonly number[],
  only: ReadonlySet<number> | null,
  into: Spoken[],
): Promise<void> {
  const { counts } = ctx
  const fetcher = startPieceFetcher(plan, ctx.cache, ctx.source, {
    signal: ctx.signal,
    parallelism: ctx.source.maxInFlight + 5,
    events: {
      onPiece(_piece, how, billable) {
        if (how === 'requested' || how === 'repaired') {
          counts.requests += 1
          counts.billable += billable
        }
        if (how !== 'repaired') counts.done += 1
        ctx.onProgress?.('speaking', counts.done, counts.total)
      },
    },
  })
  const measured = plan.blocks.map(async (block) => {
    const pieces = await Promise.all(block.pieceIndexes.map((i) => fetcher.ready(i)))
    if (only && !only.has(block.index)) return
    const paths = pieces.map((p) => p.audioPath)
    const span = await runVoiceoverOffMain({ kind: 'measure', paths })
    into[block.index] = {
      rate: rates[block.index] ?? 1,
      requests: (into[block.index]?.requests ?? 0) + 1,
      paths,
      hashes: pieces.map((p) => p.hash),
      span,
    }
  })
  await Promise.all(measured)
  await fetcher.finished
}

/**
 * Speaks every line of `plan` once; a line fitted by `rate` that that still overflows its slot at its
 * predicted rate is asked once more at the rate its measured length calls for (at most the
 * maximum). Returns the project as last planned and each line as spoken.
 */
export async function speakAll(
  lines: readonly TimedLine[],
  settings: VoiceoverSettings,
  slots: readonly number[],
  firstRates: readonly number[],
  firstPlan: RenderPlan,
  ctx: SpeakContext,
): Promise<{ project: Project | null; spoken: Spoken[] }> {
  const spoken: Spoken[] = []
  await speakLines(firstPlan, ctx, firstRates, null, spoken)
  const again = new Set<number>()
  const rates = firstRates.map((rate, i) => {
    const line = lines[i]
    if (!line || fitOfLine(line, settings) !== 'rate') return rate
    const s = spoken[i]
    const spokenMs = s ? samplesToMs(s.span.to - s.span.from) : 0
    const next = secondRate(rate, spokenMs, slots[i] ?? 0, settings.limits.maxRate)
    if (next === null) return rate
    again.add(i)
    return next
  })
  if (again.size === 0) return { project: null, spoken }
  ctx.logger.info('asking again at a faster pace', { lines: again.size })
  const { project, plan } = planVoiceover(lines, settings, rates)
  ctx.pin(plan)
  ctx.counts.total += again.size
  await speakLines(plan, ctx, rates, again, spoken)
  return { project, spoken }
}
