import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { PauseRounding } from '../../../shared/domain/narration'
import { PCM_SAMPLE_RATE } from '../../../shared/domain/speech'
import { toDiskError } from '../files/atomic-write'
import {
  AAC_FRAME_SAMPLES,
  framesToMs,
  pauseFrames,
  silentAdtsFrame,
  summarizeAdts,
} from './aac-frames'
import type { ReadyPiece } from './assemble-program'
import { cancelledRender } from './assemble-program'
import type { OutputFile } from './output-file'
import { createOutputFile } from './output-file'
import type { SplitOutput } from './render-outputs'
import { splitFileName, splitPartCount } from './render-outputs'
import type { PlannedBlock, RenderPlan } from './render-plan'

/** What an AAC render needs from the render around it. */
export interface AacRenderInput {
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

/**
 * Writes an AAC (ADTS) output without any AAC encoder: the pieces were requested from the service
 * as AAC, their frames are joined in script order, and each pause is a run of locally built
 * silent frames, so a pause is exact to one frame (rounded to the nearest, reported). The
 * timeline (subtitles included) is the frame-rounded one: a piece starts at the sum of the frames
 * before it. Each piece carries the service encoder's own priming frame, as a piece decoded alone
 * would. Verified frame by frame before the rename, like every output.
 */
export async function renderAac(input: AacRenderInput): Promise<AacRenderResult> {
  const { plan, signal } = input
  const silent = silentAdtsFrame()
  const files: { file: OutputFile; frames: number; path: string }[] = []
  const extraFiles: string[] = []
  const main = { file: await createOutputFile(input.outputPath, { signal }), frames: 0, path: '' }
  files.push(main)
  let part: (typeof files)[number] | null = null
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
    await part.file.commit({
      format: 'aac',
      sampleRate: PCM_SAMPLE_RATE,
      samples: part.frames * AAC_FRAME_SAMPLES,
    })
    extraFiles.push(part.path)
    part = null
  }
  const splitParts = input.split ? splitPartCount(plan.blocks, input.split.mode) : 0
  const startBlock = async (block: PlannedBlock): Promise<void> => {
    if (!input.split) return
    const key = input.split.mode === 'block' ? block.id : (block.chapter ?? '')
    if (part && key === partKey) return
    await closePart()
    parts += 1
    const label = input.split.mode === 'block' ? block.id : block.chapter || 'Opening'
    const path = join(
      input.split.dir,
      splitFileName(parts, label, 'aac', { mode: input.split.mode, parts: splitParts }),
    )
    part = { file: await createOutputFile(path, { signal }), frames: 0, path }
    files.push(part)
    partKey = key
  }
  const write = async (bytes: Uint8Array, count: number): Promise<void> => {
    await main.file.write(bytes)
    main.frames += count
    if (part) {
      await part.file.write(bytes)
      part.frames += count
    }
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
    await main.file.commit({
      format: 'aac',
      sampleRate: PCM_SAMPLE_RATE,
      samples: frames * AAC_FRAME_SAMPLES,
    })
    return { samples: frames * AAC_FRAME_SAMPLES, extraFiles, pauseRounding: rounding }
  } catch (error) {
    await Promise.all(files.map((f) => f.file.abort()))
    throw error
  }
}
