import { AppError } from '../../../shared/errors'
import type { Logger } from '../log/logger'
import type { PieceCache } from '../narration/fetch/piece-cache'
import type { ReadyPiece } from '../narration/fetch/piece-fetcher'
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
  /**
   * The rate line `i` is first asked at, decided when it is handed to the service (not before),
   * so it can use every line measured so far.
   */
  firstRate: (i: number) => number
  /** Told each line as soon as it is measured (the voice's pace learns from it). */
  onMeasured?: (i: number, spoken: Spoken) => void
  /** Told each line once it is final: measured, and not to be asked for again. */
  onFinal?: (i: number, spoken: Spoken) => void
  onProgress?: (stage: 'speaking', done: number, total: number) => void
}

/** One request of one line waiting for a place: its first, or a faster one. */
interface Turn {
  line: number
  rate: number
  /** A line is asked for a faster pace once at most. */
  again: boolean
}

/**
 * Speaks the lines through one queue that keeps the source's in-flight limit (plus a few, so its
 * scheduler never waits on us) busy: each line is planned only when its turn comes, at the pace
 * its voice's measured speed then predicts, measured off main as soon as its audio is in, and a
 * line fitted by `rate` that still overflows is put at the head of the queue at once, at the rate
 * its measured length calls for (at most the maximum). Why one queue and not two waves: a second
 * wave started only after the last first answer, leaving the service half idle at the end; and
 * rates planned all up front could not use the pace measured on the first lines.
 */
export async function speakAll(
  lines: readonly TimedLine[],
  settings: VoiceoverSettings,
  slots: readonly number[],
  ctx: SpeakContext,
): Promise<Spoken[]> {
  return new SpeakRun(lines, settings, slots, ctx).run()
}

class SpeakRun {
  private readonly spoken: Spoken[] = []
  private readonly again: Turn[] = []
  private readonly tasks: Promise<void>[] = []
  /** Pieces asked for and not yet in: a line with the same text waits for them, not asks again. */
  private readonly arriving = new Map<string, Promise<unknown>>()
  private readonly limit: number
  private next = 0
  private active = 0
  private failure: Error | null = null

  constructor(
    private readonly lines: readonly TimedLine[],
    private readonly settings: VoiceoverSettings,
    private readonly slots: readonly number[],
    private readonly ctx: SpeakContext,
  ) {
    this.limit = ctx.source.maxInFlight + 5
  }

  async run(): Promise<Spoken[]> {
    this.pump()
    // Turns started while awaiting are appended, so this walks every one of them.
    for (let k = 0; k < this.tasks.length; k++) await this.tasks[k]
    if (this.failure !== null) throw this.failure
    return this.spoken
  }

  private pump(): void {
    while (this.failure === null && !this.ctx.signal.aborted && this.active < this.limit) {
      const turn = this.again.shift() ?? this.firstTurn()
      if (!turn) return
      this.active += 1
      this.tasks.push(
        this.speak(turn).catch((error: unknown) => {
          this.failure ??=
            error instanceof Error ? error : new AppError('INTERNAL', 'The voice-over failed.')
        }),
      )
    }
  }

  private firstTurn(): Turn | null {
    if (this.next >= this.lines.length) return null
    const line = this.next
    this.next += 1
    return { line, rate: this.ctx.firstRate(line), again: false }
  }

  private async speak(turn: Turn): Promise<void> {
    let released = false
    const release = (): void => {
      if (released) return
      released = true
      this.active -= 1
      this.pump()
    }
    try {
      const pieces = await this.fetch(turn)
      // The answer is in: its place goes to the next request while this line is measured.
      release()
      await this.measure(turn, pieces)
    } finally {
      release()
    }
  }

  private async fetch(turn: Turn): Promise<ReadyPiece[]> {
    const { ctx } = this
    const line = this.lines[turn.line]
    if (!line) return []
    const { plan } = planVoiceover([line], this.settings, [turn.rate])
    ctx.pin(plan)
    const hashes = plan.pieces.map((p) => p.hash)
    const waits = hashes.flatMap((h) => {
      const arriving = this.arriving.get(h)
      return arriving ? [arriving] : []
    })
    await Promise.allSettled(waits)
    const { counts } = ctx
    const fetcher = startPieceFetcher(plan, ctx.cache, ctx.source, {
      signal: ctx.signal,
      parallelism: plan.pieces.length,
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
    for (const h of hashes) if (!this.arriving.has(h)) this.arriving.set(h, fetcher.finished)
    try {
      await fetcher.finished
      return await Promise.all(plan.pieces.map((p) => fetcher.ready(p.index)))
    } finally {
      for (const h of hashes) if (this.arriving.get(h) === fetcher.finished) this.arriving.delete(h)
    }
  }

  private async measure(turn: Turn, pieces: readonly ReadyPiece[]): Promise<void> {
    const { lines, settings, ctx } = this
    const line = lines[turn.line]
    if (!line) return
    const paths = pieces.map((p) => p.audioPath)
    const span = await runVoiceoverOffMain({ kind: 'measure', paths })
    const spoken: Spoken = {
      rate: turn.rate,
      requests: (this.spoken[turn.line]?.requests ?? 0) + 1,
      paths,
      hashes: pieces.map((p) => p.hash),
      span,
    }
    this.spoken[turn.line] = spoken
    ctx.onMeasured?.(turn.line, spoken)
    const faster =
      turn.again || fitOfLine(line, settings) !== 'rate'
        ? null
        : secondRate(
            turn.rate,
            samplesToMs(span.to - span.from),
            this.slots[turn.line] ?? 0,
            settings.limits.maxRate,
          )
    if (faster === null) {
      ctx.onFinal?.(turn.line, spoken)
      return
    }
    ctx.logger.debug('asking again at a faster pace', { cue: line.cue, rate: faster })
    ctx.counts.total += pieces.length
    this.again.push({ line: turn.line, rate: faster, again: true })
    this.pump()
  }
}
