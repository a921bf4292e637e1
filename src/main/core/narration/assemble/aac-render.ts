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
  if (container === 'm4b') {
    const m4b = await openM4bOutput(path, { ...tagging, signal })
    const file: FrameFile = {
      path,
      frames: 0,
      async write(adts, count) {
        await m4b.write(adts)
        file.frames += count
      },
      commit: (chapterTimes) => m4b.commit(chapterTimes ? { chapterTimes } : {}),
      abort: () => m4b.abort(),
    }
    return file
  }
  const adts = await createOutputFile(path, { signal })
  const file: FrameFile = {
    path,
    frames: 0,
    async write(bytes, count) {
      await adts.write(bytes)
      file.frames += count
    },
    commit: () =>
      adts.commit({
        format: 'aac',
        sampleRate: PCM_SAMPLE_RATE,
        samples: file.frames * AAC_FRAME_SAMPLES,
      }),
    abort: () => adts.abort(),
  }
  return file
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
  const silent = silentAdtsFrame()
  const files: FrameFile[] = []
  const extraFiles: string[] = []
  const m4b = input.container === 'm4b'
  const chapters = m4b ? chapterTitles(plan.blocks) : []
  const chapterStarts: number[] = []
  let chapterKey: string | null = null
  const tags = input.tags ?? undefined
  const main = await openFrameFile(input.outputPath, input.container, signal, {
    ...(m4b && tags ? { tags } : {}),
    chapterTitles: chapters,
  })
  files.push(main)
  let part: FrameFile | null = null
  let partKey: string | null = null
  let parts = 0
  let frames = 0
  const rounding: PauseRounding = {
    frameMs: framesToMs(1),
    pauses: 0,
    maxErrorMs: 0,
    totalErrorMs: 0,
  }
  const closePart = async (): Promise<void> => {
    if (!part) return
    await part.commit()
    extraFiles.push(part.path)
    part = null
  }
  const splitParts = input.split ? splitPartCount(plan.blocks, input.split.mode) : 0
  const startBlock = async (block: PlannedBlock): Promise<void> => {
    if (chapters.length > 0 && (block.chapter ?? '') !== chapterKey) {
      chapterStarts.push(frames)
      chapterKey = block.chapter ?? ''
    }
    if (!input.split) return
    const key = input.split.mode === 'block' ? block.id : (block.chapter ?? '')
    if (part && key === partKey) return
    await closePart()
    parts += 1
    const label = input.split.mode === 'block' ? block.id : block.chapter || OPENING_CHAPTER
    const path = join(
      input.split.dir,
      splitFileName(parts, label, input.container, { mode: input.split.mode, parts: splitParts }),
    )
    const base = tags ?? {}
    part = await openFrameFile(
      path,
      input.container,
      signal,
      m4b
        ? {
            tags: {
              ...base,
              ...(input.split.mode === 'chapter' ? { title: label } : {}),
              album: base.album || base.title || '',
              track: { number: parts, total: splitParts },
            },
          }
        : {},
    )
    files.push(part)
    partKey = key
  }
  const write = async (bytes: Uint8Array, count: number): Promise<void> => {
    await main.write(bytes, count)
    await part?.write(bytes, count)
    frames += count
    input.onAudio(count * AAC_FRAME_SAMPLES)
  }

  try {
    if (input.split) {
      try {
        await mkdir(input.split.dir, { recursive: true })
      } catch (error) {
        throw toDiskError(error, join(input.split.dir, 'x'))
      }
    }
    for (const block of plan.blocks) {
      await startBlock(block)
      for (const pieceIndex of block.pieceIndexes) {
        const piece = await input.ready(pieceIndex)
        if (signal.aborted) throw cancelledRender()
        const audio = await input.readAudio(pieceIndex, piece)
        const { frames: count } = summarizeAdts(audio, `block ${block.index + 1}`)
        input.piecePlaced(pieceIndex, frames * AAC_FRAME_SAMPLES, piece)
        await write(audio, count)
      }
      if (block.pauseAfterMs > 0) {
        const count = pauseFrames(block.pauseAfterMs)
        const error = framesToMs(count) - block.pauseAfterMs
        rounding.pauses += 1
        rounding.totalErrorMs += error
        rounding.maxErrorMs = Math.max(rounding.maxErrorMs, Math.abs(error))
        if (count > 0) {
          const run = new Uint8Array(silent.byteLength * count)
          for (let i = 0; i < count; i++) run.set(silent, i * silent.byteLength)
          await write(run, count)
        }
      }
    }
    await closePart()
    await main.commit(chapterSpans(chapterStarts, frames, framesToMs))
    return { samples: frames * AAC_FRAME_SAMPLES, extraFiles, pauseRounding: rounding }
  } catch (error) {
    await Promise.all(files.map((f) => f.abort()))
    throw error
  }
}
