import type { FileHandle } from 'node:fs/promises'
import { open } from 'node:fs/promises'
import { PCM_SAMPLE_RATE } from '../../../shared/domain/speech'
import type { ReadyPiece } from './assemble-program'
import { cancelledRender, FADE_SAMPLES, loudnessOfPlaced } from './assemble-program'
import type { PieceLoudness, ProgramLoudness } from './loudness-cells'
import { loadPieceLoudness } from './loudness-cells'
import type { OutputLayout } from './output-layout'
import { createOutputFile } from './output-file'
import { bytesToSamples, fadeLoudEdges, pauseSamples, samplesToBytes } from './pcm-edges'
import type { RenderPlan } from './render-plan'
import { WAV_HEADER_BYTES, wavHeader } from './wav-header'

/** What a splice needs from the render around it. */
export interface SpliceInput {
  plan: RenderPlan
  outputPath: string
  format: 'wav' | 'pcm'
  /** The layout of the file now at `outputPath` (already checked against it). */
  previous: OutputLayout
  ready: (pieceIndex: number) => Promise<ReadyPiece>
  readAudio: (pieceIndex: number, piece: ReadyPiece) => Promise<Uint8Array>
  loudness: ProgramLoudness
  onMeasured: (piece: ReadyPiece, loudness: PieceLoudness) => void
  piecePlaced: (pieceIndex: number, startSample: number, piece: ReadyPiece) => void
  onStage?: (name: string) => void
  /** CPU work to do while the final fsync runs (every piece is placed by then). */
  whileSyncing?: () => void
  signal: AbortSignal
}

/** What a splice wrote. */
export interface SpliceResult {
  samples: number
  segments: [string, number][]
  /** Bytes copied from the previous file, and bytes assembled anew. */
  copiedBytes: number
  writtenBytes: number
}

const COPY_CHUNK = 1024 * 1024
const COPY_LANES = 4

/** Copies `length` bytes at `from` in `src` to `to` in `dst`, a few chunks at a time in parallel. */
async function copyRange(
  src: FileHandle,
  dst: FileHandle,
  from: number,
  to: number,
  length: number,
): Promise<void> {
  let next = 0
  const lane = async (): Promise<void> => {
    const buffer = new Uint8Array(Math.min(COPY_CHUNK, length))
    while (next < length) {
      const at = next
      next += COPY_CHUNK
      const size = Math.min(COPY_CHUNK, length - at)
      let got = 0
      while (got < size) {
        const { bytesRead } = await src.read(buffer, got, size - got, from + at + got)
        if (bytesRead === 0) throw new Error('the previous output ended early')
        got += bytesRead
      }
      let put = 0
      while (put < size) {
        const { bytesWritten } = await dst.write(buffer, put, size - put, to + at + put)
        put += bytesWritten
      }
    }
  }
  await Promise.all(
    Array.from({ length: Math.min(COPY_LANES, Math.ceil(length / COPY_CHUNK)) }, lane),
  )
}

/**
 * Renders a WAV or PCM output (24 kHz, no gain) by splicing: stretches of pieces and pauses that
 * sit unchanged, in the same order, in the previous file are copied from it byte for byte; only
 * new or moved pieces are read from the cache and placed (edges faded, as always). The bytes are
 * exactly those a render from scratch writes, because a placed piece depends only on its own
 * audio. The copy of everything before the first change starts while the changed pieces are
 * still being synthesized. One fsync, at the end; verified before the rename like every output.
 * Null when the previous file cannot be opened (then the caller assembles).
 */
export async function renderBySplice(input: SpliceInput): Promise<SpliceResult | null> {
  const { plan, previous, signal } = input
  const dataOffset = input.format === 'wav' ? WAV_HEADER_BYTES : 0
  // The layout was checked against this file a moment ago; if it vanished since, assemble anew.
  const old = await open(input.outputPath, 'r').catch(() => null)
  if (!old) return null
  const out = await createOutputFile(input.outputPath, { signal, backgroundSync: false })
  try {
    const offsets: number[] = []
    const firstByHash = new Map<string, number>()
    let at = previous.dataOffset
    previous.segments.forEach(([hash, samples], index) => {
      offsets.push(at)
      if (hash !== '' && !firstByHash.has(hash)) firstByHash.set(hash, index)
      at += samples * 2
    })

    const tasks: Promise<void>[] = []
    const run = (task: Promise<void>): void => {
      task.catch(() => undefined)
      tasks.push(task)
    }
    let walking = true
    let copy: { from: number; to: number; length: number; last: number } | null = null
    const closeCopy = (): void => {
      if (copy) {
        const { from, to, length } = copy
        copiedBytes += length
        run(copyRange(old, out.handle, from, to, length))
      }
      copy = null
    }
    const segments: [string, number][] = []
    let copiedBytes = 0
    let writtenBytes = 0
    let position = 0
    /** Places segment [hash, samples] from the previous file if it is there; false if not. */
    const reuse = (hash: string, samples: number): boolean => {
      const follows = copy ? previous.segments[copy.last + 1] : undefined
      if (copy && follows && follows[0] === hash && follows[1] === samples) {
        copy.length += samples * 2
        copy.last += 1
        return true
      }
      const index = hash === '' ? undefined : firstByHash.get(hash)
      if (index === undefined || previous.segments[index]?.[1] !== samples) return false
      closeCopy()
      copy = {
        from: offsets[index]!,
        to: dataOffset + position * 2,
        length: samples * 2,
        last: index,
      }
      return true
    }

    // Why the words and loudness of each piece are worked out beside the walk, not in it: the
    // walk only computes where everything goes, so the copies start as early as possible (the
    // suffix's the moment the changed pieces arrive); this work then runs between the copies'
    // I/O callbacks, yielding often so it never holds them up.
    type Placement =
      | {
          kind: 'piece'
          pieceIndex: number
          position: number
          piece: ReadyPiece
          stats: PieceLoudness | null
        }
      | { kind: 'silence'; samples: number }
    const placements: Placement[] = []
    let wake: (() => void) | null = null
    const wakeWorker = (): void => {
      const resume = wake
      wake = null
      resume?.()
    }
    const place = (item: Placement): void => {
      placements.push(item)
      wakeWorker()
    }
    const work = async (): Promise<void> => {
      for (let n = 1; ; n++) {
        const item = placements.shift()
        if (!item) {
          if (!walking) return
          await new Promise<void>((resolve) => (wake = resolve))
          continue
        }
        if (item.kind === 'silence') {
          input.loudness.addSilence(item.samples)
          continue
        }
        input.piecePlaced(item.pieceIndex, item.position, item.piece)
        // Statistics are stored with the piece (checked against its length); only entries of
        // older versions lack them, and only those are read to measure.
        let stats = item.stats ?? loadPieceLoudness(item.piece.storedLoudness, item.piece.bytes / 2)
        if (!stats) {
          const placed = bytesToSamples(await input.readAudio(item.pieceIndex, item.piece))
          fadeLoudEdges(placed, FADE_SAMPLES)
          stats = loudnessOfPlaced(item.piece, placed, input.onMeasured)
        }
        input.loudness.addPiece(stats)
        if (n % 8 === 0) await new Promise((resolve) => setImmediate(resolve))
      }
    }
    const working = work()
    working.catch(() => undefined)

    const silence = new Uint8Array(PCM_SAMPLE_RATE * 2)
    for (const block of plan.blocks) {
      for (const pieceIndex of block.pieceIndexes) {
        const piece = await input.ready(pieceIndex)
        if (signal.aborted) throw cancelledRender()
        const samples = piece.bytes / 2
        if (reuse(piece.hash, samples)) {
          place({ kind: 'piece', pieceIndex, position, piece, stats: piece.loudness })
        } else {
          closeCopy()
          const placed = bytesToSamples(await input.readAudio(pieceIndex, piece))
          fadeLoudEdges(placed, FADE_SAMPLES)
          const stats = loudnessOfPlaced(piece, placed, input.onMeasured)
          place({ kind: 'piece', pieceIndex, position, piece, stats })
          writtenBytes += placed.byteLength
          run(out.writeAt(samplesToBytes(placed), dataOffset + position * 2))
        }
        segments.push([piece.hash, samples])
        position += samples
      }
      const pause = pauseSamples(block.pauseAfterMs, PCM_SAMPLE_RATE)
      if (pause > 0) {
        place({ kind: 'silence', samples: pause })
        if (!reuse('', pause)) {
          closeCopy()
          for (let done = 0; done < pause; done += silence.byteLength / 2) {
            const n = Math.min(silence.byteLength / 2, pause - done)
            run(out.writeAt(silence.subarray(0, n * 2), dataOffset + (position + done) * 2))
          }
          writtenBytes += pause * 2
        }
        segments.push(['', pause])
        position += pause
      }
    }
    closeCopy()
    walking = false
    wakeWorker()
    input.onStage?.('splice laid out')
    await Promise.all([...tasks, working])
    input.onStage?.('splice copied')
    if (input.format === 'wav') await out.writeAt(wavHeader(PCM_SAMPLE_RATE, 1, position * 2), 0)
    await out.commit(
      { format: input.format, sampleRate: PCM_SAMPLE_RATE, samples: position },
      input.whileSyncing,
    )
    input.onStage?.('splice committed')
    return { samples: position, segments, copiedBytes, writtenBytes }
  } catch (error) {
    await out.abort()
    throw error
  } finally {
    // Not awaited: the previous file was just replaced, and closing its last handle makes the
    // kernel free it (hundreds of megabytes), which the render need not wait for.
    void old.close().catch(() => undefined)
  }
}
