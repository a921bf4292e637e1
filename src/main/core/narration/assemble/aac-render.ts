import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { PauseRounding } from '../../../../shared/domain/narration'
import { PCM_SAMPLE_RATE } from '../../../../shared/domain/speech'
import { toDiskError } from '../../files/atomic-write'
import {
  AAC_FRAME_SAMPLES,
  framesToMs,
  pauseFrames,
  silentAdtsFrame,
  summarizeAdts,
} from './aac-frames'
import type { ReadyPiece } from '../fetch/piece-fetcher'
import { cancelledRender } from './assemble-program'
import type { AudioTags } from '../../audio/audio-tags'
import type { ChapterTime } from './audio-output'
import { openM4bOutput } from './m4b-output'
import { createOutputFile } from './output-file'
import type { SplitOutput } from './render-outputs'
import {
  chapterSpans,
  chapterTitles,
  OPENING_CHAPTER,
  splitFileName,
  splitPartCount,
} from './render-outputs'
import type { PlannedBlock, RenderPlan } from '../plan/render-plan'

/** What an AAC render needs from the render around it. */
export interface AacRenderInput {
  /** ADTS as it comes (`aac`), or muxed into an M4B audiobook with tags and chapters. */
  container: 'aac' | 'm4b'
  /** The files' tags (M4B only; null: none set). */
  tags?: AudioTags | null
  plan: RenderPlan
  outputPath: string
  split: SplitOutput | null
  ready: (pieceIndex: number) => Promise<ReadyPiece>
  readAudio: (pieceIndex: number, piece: ReadyPiece) => Promise<Uint8Array>
  piecePlaced: (pieceIndex: number, startSample: number, piece: ReadyPiece) => void
  onAudio: (samples: number) => void
  signal: AbortSignal
}

/** What an AAC render wrote. */
export interface AacRenderResult {
  samples: number
  extraFiles: string[]
  pauseRounding: PauseRounding
}

/** One file of AAC frames being written: ADTS or M4B. */
interface FrameFile {
  path: string
  frames: number
  write(adts: Uint8Array, count: number): Promise<void>
  commit(chapterTimes?: readonly ChapterTime[]): Promise<void>
  abort(): Promise<void>
}

async function openFrameFile(
  path: string,
  container: AacRenderInput['container'],
  signal: AbortSignal,
  tagging: { tags?: AudioTags; chapterTitles?: readonly string[] } = {},
): Promise<FrameFile> {
  let out: { write(bytes: Uint8Array): Promise<unknown>; abort(): Promise<void> }
  let finish: (frames: number, chapterTimes?: readonly ChapterTime[]) => Promise<void>
  if (container === 'm4b') {
    const m4b = await openM4bOutput(path, { ...tagging, signal })
    out = m4b
    finish = (_frames, chapterTimes) => m4b.commit(chapterTimes ? { chapterTimes } : {})
  } else {
    const adts = await createOutputFile(path, { signal })
    out = adts
    finish = (frames) =>
      adts.commit({
        format: 'aac',
        sampleRate: PCM_SAMPLE_RATE,
        samples: frames * AAC_FRAME_SAMPLES,
      })
  }
  const file: FrameFile = {
    path,
    frames: 0,
    async write(bytes, count) {
      await out.write(bytes)
      file.frames += count
    },
    commit: (chapterTimes) => finish(file.frames, chapterTimes),
    abort: () => out.abort(),
  }
  return file
}

/** The per-block or per-chapter files of a split AAC render: one open at a time, in order. */
class FrameParts {
  /** Every part opened, committed or not (aborted together when the render fails). */
  readonly opened: FrameFile[] = []
  readonly committed: string[] = []
  private part: FrameFile | null = null
  private partKey: string | null = null
  private readonly total: number

  constructor(
    private readonly split: SplitOutput,
    private readonly input: AacRenderInput,
  ) {
    this.total = splitPartCount(input.plan.blocks, split.mode)
  }

  /** Opens the part `block` starts, unless it continues the open one. */
  async startBlock(block: PlannedBlock): Promise<void> {
    const { split, input } = this
    const key = split.mode === 'block' ? block.id : (block.chapter ?? '')
    if (this.part && key === this.partKey) return
    await this.close()
    const number = this.opened.length + 1
    const label = split.mode === 'block' ? block.id : block.chapter || OPENING_CHAPTER
    const path = join(
      split.dir,
      splitFileName(number, label, input.container, { mode: split.mode, parts: this.total }),
    )
    const base = input.tags ?? {}
    this.part = await openFrameFile(
      path,
      input.container,
      input.signal,
      input.container === 'm4b'
        ? {
            tags: {
              ...base,
              ...(split.mode === 'chapter' ? { title: label } : {}),
              album: base.album || base.title || '',
              track: { number, total: this.total },
            },
          }
        : {},
    )
    this.opened.push(this.part)
    this.partKey = key
  }

  async write(bytes: Uint8Array, count: number): Promise<void> {
    await this.part?.write(bytes, count)
  }

  /** Commits the open part. */
  async close(): Promise<void> {
    if (!this.part) return
    await this.part.commit()
    this.committed.push(this.part.path)
    this.part = null
  }
}

/** A pause as silent frames, rounded to the nearest frame; the rounding is added to `rounding`. */
function pauseRun(pauseMs: number, rounding: PauseRounding): { run: Uint8Array; count: number } {
  const count = pauseFrames(pauseMs)
  const error = framesToMs(count) - pauseMs
  rounding.pauses += 1
  rounding.totalErrorMs += error
  rounding.maxErrorMs = Math.max(rounding.maxErrorMs, Math.abs(error))
  const silent = silentAdtsFrame()
  const run = new Uint8Array(silent.byteLength * count)
  for (let i = 0; i < count; i++) run.set(silent, i * silent.byteLength)
  return { run, count }
}

/**
 * Writes an AAC (ADTS) or M4B output without any AAC encoder: the pieces were requested from the service
 * as AAC, their frames are joined in script order, and each pause is a run of locally built
 * silent frames, so a pause is exact to one frame (rounded to the nearest, reported). The
 * timeline (subtitles included) is the frame-rounded one: a piece starts at the sum of the frames
 * before it. Each piece carries the service encoder's own priming frame, as a piece decoded alone
 * would. Verified frame by frame before the rename, like every output. An M4B marks a chapter
 * wherever the heading changes, at the first frame of its first block.
 */
export async function renderAac(input: AacRenderInput): Promise<AacRenderResult> {
  const { plan, signal } = input
  const m4b = input.container === 'm4b'
  const chapters = m4b ? chapterTitles(plan.blocks) : []
  const chapterStarts: number[] = []
  let chapterKey: string | null = null
  const tags = input.tags ?? undefined
  const main = await openFrameFile(input.outputPath, input.container, signal, {
    ...(m4b && tags ? { tags } : {}),
    chapterTitles: chapters,
  })
  const parts = input.split ? new FrameParts(input.split, input) : null
  let frames = 0
  const rounding: PauseRounding = {
    frameMs: framesToMs(1),
    pauses: 0,
    maxErrorMs: 0,
    totalErrorMs: 0,
  }
  const write = async (bytes: Uint8Array, count: number): Promise<void> => {
    await main.write(bytes, count)
    await parts?.write(bytes, count)
    frames += count
    input.onAudio(count * AAC_FRAME_SAMPLES)
  }

  try {
    if (input.split) await makeSplitDir(input.split.dir)
    for (const block of plan.blocks) {
      if (chapters.length > 0 && (block.chapter ?? '') !== chapterKey) {
        chapterStarts.push(frames)
        chapterKey = block.chapter ?? ''
      }
      await parts?.startBlock(block)
      for (const pieceIndex of block.pieceIndexes) {
        const piece = await input.ready(pieceIndex)
        if (signal.aborted) throw cancelledRender()
        const audio = await input.readAudio(pieceIndex, piece)
        const { frames: count } = summarizeAdts(audio, `block ${block.index + 1}`)
        input.piecePlaced(pieceIndex, frames * AAC_FRAME_SAMPLES, piece)
        await write(audio, count)
      }
      if (block.pauseAfterMs > 0) {
        const { run, count } = pauseRun(block.pauseAfterMs, rounding)
        if (count > 0) await write(run, count)
      }
    }
    await parts?.close()
    await main.commit(chapterSpans(chapterStarts, frames, framesToMs))
    return {
      samples: frames * AAC_FRAME_SAMPLES,
      extraFiles: parts?.committed ?? [],
      pauseRounding: rounding,
    }
  } catch (error) {
    await Promise.all([main, ...(parts?.opened ?? [])].map((f) => f.abort()))
    throw error
  }
}

async function makeSplitDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true })
  } catch (error) {
    throw toDiskError(error, join(dir, 'x'))
  }
}
