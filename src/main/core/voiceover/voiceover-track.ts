import { createHash } from 'node:crypto'
import type { LoudnessReport } from '../../../shared/domain/narration'
import type { Project } from '../../../shared/domain/script'
import { AppError } from '../../../shared/errors'
import { renderPcmFormats } from '../narration/assemble/pcm-render'
import type { PieceCache } from '../narration/fetch/piece-cache'
import type { ReadyPiece } from '../narration/fetch/piece-fetcher'
import type { PlannedBlock, PlannedPiece, RenderPlan } from '../narration/plan/render-plan'
import type { PlacedLine } from './line-fit'
import { msToSamples, samplesToMs } from './line-fit'
import type { Spoken } from './voiceover-speak'
import { runVoiceoverOffMain } from './voiceover-offload'

/** Where the track goes and who hears of its progress. */
export interface TrackTarget {
  outputPath: string
  cache: PieceCache
  onProgress?: (stage: 'fitting' | 'writing', done: number, total: number) => void
}

/** Places line `i` after the track's speech so far (ending at `end`), from its final speech. */
export type PlaceNext = (
  i: number,
  spoken: Spoken | undefined,
  before: PlacedLine | undefined,
) => PlacedLine

/** The audio of a line with no speech: one silent sample, so every line has a piece to wait on. */
const SILENT_PIECE_SAMPLES = 1

interface Gate {
  promise: Promise<ReadyPiece>
  resolve(piece: ReadyPiece): void
  reject(error: unknown): void
}

function gate(): Gate {
  let resolve!: (piece: ReadyPiece) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<ReadyPiece>((res, rej) => {
    resolve = res
    reject = rej
  })
  // A failure before the writer reaches a line is reported by the one it waits on.
  promise.catch(() => undefined)
  return { promise, resolve, reject }
}

/**
 * A track written while its lines are still being spoken: each line is placed once it and every
 * line before it are final, and handed to the engine's writer once the line after it is placed
 * too (the silence after a line runs to the next line's start). Why: fitting and writing a
 * film's lines only after the last answer added seconds after the service was done; the writer
 * is far faster than the service, so now it only follows the last line.
 * Every line has one piece (a silent sample when it has no speech), so the writer waits on each.
 */
export class LiveTrack {
  readonly written: Promise<{ samples: number; loudness: LoudnessReport }>
  private readonly placed: PlacedLine[] = []
  private readonly finals: (Spoken | null | undefined)[]
  private readonly gates: Gate[]
  private readonly plan: RenderPlan
  private frontier = 0

  constructor(
    project: Project,
    private readonly count: number,
    private readonly placeNext: PlaceNext,
    private readonly leadInSamples: number,
    private readonly trackEndSamples: number,
    target: TrackTarget,
    signal: AbortSignal,
  ) {
    this.finals = new Array<Spoken | null | undefined>(count).fill(undefined)
    this.gates = Array.from({ length: count }, gate)
    const blocks: PlannedBlock[] = [
      {
        index: 0,
        id: 'lead-in',
        text: '',
        chapter: null,
        pauseAfterMs: samplesToMs(count > 0 ? leadInSamples : trackEndSamples),
        pieceIndexes: [],
      },
    ]
    const pieces: PlannedPiece[] = []
    for (let i = 0; i < count; i++) {
      pieces.push({ ...SILENT_REQUEST_PIECE, index: i, blockIndex: i + 1 })
      blocks.push({
        index: i + 1,
        id: project.blocks[i]?.id ?? `line-${i}`,
        text: project.blocks[i]?.text ?? '',
        chapter: null,
        pauseAfterMs: 0,
        pieceIndexes: [i],
      })
    }
    const planHash = createHash('sha256')
      .update(JSON.stringify([count, leadInSamples, trackEndSamples, blocks.map((b) => b.id)]))
      .digest('hex')
    this.plan = { engineFormat: 'pcm', blocks, pieces, planHash }
    this.written = this.write(project, target, signal)
    this.written.catch(() => undefined)
  }

  /** Line `i` is final: spoken as it will be heard (undefined: it has no speech). */
  lineFinal(i: number, spoken: Spoken | undefined): void {
    if (i < 0 || i >= this.count || this.finals[i] !== undefined) return
    this.finals[i] = spoken ?? null
    while (this.frontier < this.count && this.finals[this.frontier] !== undefined) {
      const f = this.frontier
      const line = this.placeNext(f, this.finals[f] ?? undefined, this.placed[f - 1])
      this.placed[f] = line
      this.frontier += 1
      if (f > 0) this.release(f - 1)
    }
    if (this.frontier === this.count && this.count > 0) this.release(this.count - 1)
  }

  /** The lines will never all be final: the writer stops with `error`. */
  fail(error: unknown): void {
    for (const g of this.gates) g.reject(error)
  }

  /** Every line as placed (complete once all are final). */
  placedLines(): PlacedLine[] {
    return this.placed
  }

  /** Hands line `j` to the writer: its audio's identity and the silence up to the next line. */
  private release(j: number): void {
    const line = this.placed[j]
    const block = this.plan.blocks[j + 1]
    const piece = this.plan.pieces[j]
    if (!line || !block || !piece) return
    const s = this.finals[j] ?? undefined
    const audible = line.finalSamples > 0 && s !== undefined
    const samples = audible ? line.finalSamples : SILENT_PIECE_SAMPLES
    const end = line.placedSample + samples
    const nextStart =
      this.placed[j + 1]?.placedSample ??
      Math.max(this.trackEndSamples, line.placedSample + line.finalSamples)
    block.pauseAfterMs = samplesToMs(Math.max(0, nextStart - end))
    piece.hash = audible
      ? createHash('sha256')
          .update(JSON.stringify([s.hashes, s.span.from, s.span.to, line.tempo]))
          .digest('hex')
      : 'silent-line'
    this.gates[j]?.resolve({
      hash: piece.hash,
      audioPath: audible ? (s.paths[0] ?? '') : '',
      bytes: samples * 2,
      speechMarks: { sentence: null, words: [] },
      loudness: null,
      trusted: true,
    })
  }

  private async write(
    project: Project,
    target: TrackTarget,
    signal: AbortSignal,
  ): Promise<{ samples: number; loudness: LoudnessReport }> {
    let fitted = 0
    const allFetched = Promise.all(this.gates.map((g) => g.promise)).then(() => undefined)
    // Awaited only with a loudness target; a failure is reported by the line the writer waits on.
    allFetched.catch(() => undefined)
    const result = await renderPcmFormats({
      project,
      plan: this.plan,
      outputPath: target.outputPath,
      split: null,
      cache: target.cache,
      ready: (i) => this.gates[i]?.promise ?? Promise.reject(missingLine()),
      allFetched,
      readAudio: async (i) => {
        const s = this.finals[i] ?? undefined
        const p = this.placed[i]
        if (!p) throw missingLine()
        const bytes =
          s && p.finalSamples > 0
            ? await runVoiceoverOffMain({
                kind: 'fit',
                paths: s.paths,
                from: s.span.from,
                to: s.span.to,
                tempo: p.tempo,
              })
            : new Uint8Array(SILENT_PIECE_SAMPLES * 2)
        fitted += 1
        target.onProgress?.('fitting', fitted, this.count)
        return bytes
      },
      // The statistics of a fitted line belong to no cached piece: nothing to store.
      onMeasured: () => undefined,
      onAudio: () => undefined,
      onEncoding: () => target.onProgress?.('writing', 1, 1),
      tags: null,
      signal,
    })
    return { samples: result.samples, loudness: result.loudness }
  }
}

/** A line's piece before it is final: no request (the line is spoken elsewhere), no hash yet. */
const SILENT_REQUEST_PIECE: Omit<PlannedPiece, 'index' | 'blockIndex'> = {
  request: {
    input: '',
    voiceId: '',
    model: null,
    language: null,
    textNormalization: false,
    loudnessNormalization: false,
    format: 'pcm',
  },
  hash: '',
  spans: [],
  billableCharacters: 0,
}

/** Writes a track whose lines are all placed already, through the engine's PCM writer. */
export async function writeTrack(
  project: Project,
  placed: readonly PlacedLine[],
  spoken: readonly (Spoken | undefined)[],
  trackEndMs: number,
  options: TrackTarget,
  signal: AbortSignal,
): Promise<{ samples: number; loudness: LoudnessReport }> {
  const track = new LiveTrack(
    project,
    placed.length,
    (i) => placed[i] ?? missingPlacement(),
    placed[0]?.placedSample ?? 0,
    msToSamples(trackEndMs),
    options,
    signal,
  )
  placed.forEach((_, i) => track.lineFinal(i, spoken[i]))
  return track.written
}

function missingPlacement(): never {
  throw missingLine()
}

function missingLine(): AppError {
  return new AppError('INTERNAL', 'A voice-over line went missing while writing. Run it again.')
}
