import { Worker } from 'node:worker_threads'
import { AppError } from '../../../../shared/errors'
import { PCM_SAMPLE_RATE } from '../../../../shared/domain/speech'
import { kWeightingCoefficients } from '../pcm/loudness'
import type { PieceLoudness } from '../pcm/loudness-cells'
import { CELL_SAMPLES, measurePiece } from '../pcm/loudness-cells'
import { bytesToSamples, FADE_SAMPLES, fadeLoudEdges, SILENT_LEVEL } from '../pcm/pcm-edges'
import { audioDigest } from './piece-cache'

/** What is computed once for every synthesized piece before it is cached. */
export interface PieceAnalysis {
  sha256: string
  /** Loudness statistics of the placed piece (PCM pieces only). */
  loudness: PieceLoudness | null
}

/** The analysis on the calling thread (the reference the worker must match exactly). */
export function analyzePieceHere(audio: Uint8Array, pcm: boolean): PieceAnalysis {
  if (!pcm) return { sha256: audioDigest(audio), loudness: null }
  const samples = bytesToSamples(audio)
  fadeLoudEdges(samples, FADE_SAMPLES)
  return { sha256: audioDigest(audio), loudness: measurePiece(samples) }
}

// Why an eval'd worker in plain JavaScript: it runs unchanged under Node, tsx, Vitest and the
// bundled Electron main (no extra entry file to bundle). It mirrors fadeLoudEdges and
// measurePiece line for line; a test holds it to their exact results. It never changes the
// audio it is given (the edges are faded in small copies), so the bytes can be lent to it and
// handed back without a copy.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { createHash } = require('node:crypto')
const { shelf, highPass, fade, cell, silent } = workerData
function fadedEdges(s) {
  const n = Math.min(fade, Math.floor(s.length / 2))
  const loud = (from, to) => { for (let i = from; i < to; i++) if (Math.abs(s[i]) > silent) return true; return false }
  let head = null, tail = null
  if (n > 0 && loud(0, n)) {
    head = new Int16Array(n)
    for (let i = 0; i < n; i++) head[i] = Math.round(s[i] * (i / n))
  }
  const end = s.length
  if (n > 0 && loud(end - n, end)) {
    tail = new Int16Array(n)
    for (let i = 0; i < n; i++) { const k = end - 1 - i; tail[k - (end - n)] = Math.round(s[k] * (i / n)) }
  }
  return { n, head, tail }
}
function measure(s) {
  const { n, head, tail } = fadedEdges(s)
  const tailStart = s.length - n
  const a0 = shelf.b0, a1 = shelf.b1, a2 = shelf.b2, p1 = shelf.a1, p2 = shelf.a2
  const q1 = highPass.a1, q2 = highPass.a2
  const cells = new Float32Array(Math.ceil(s.length / cell))
  let x1 = 0, x2 = 0, y1a = 0, y2a = 0, y1b = 0, y2b = 0, peak = 0, energy = 0
  for (let c = 0; c < cells.length; c++) {
    const end = Math.min(s.length, (c + 1) * cell)
    let sum = 0
    for (let i = c * cell; i < end; i++) {
      const v = head !== null && i < n ? head[i] : tail !== null && i >= tailStart ? tail[i - tailStart] : s[i]
      const x = v / 32768
      const ax = x < 0 ? -x : x
      if (ax > peak) peak = ax
      energy += x * x
      const y = a0 * x + a1 * x1 + a2 * x2 - p1 * y1a - p2 * y2a
      x2 = x1; x1 = x
      const z = y - 2 * y1a + y2a - q1 * y1b - q2 * y2b
      y2a = y1a; y1a = y; y2b = y1b; y1b = z
      sum += z * z
    }
    cells[c] = sum
  }
  return { cells, samples: s.length, peak, energy }
}
parentPort.on('message', ({ id, buffer, offset, length, pcm, lent }) => {
  const audio = new Uint8Array(buffer, offset, length)
  // Lent bytes go back with every answer, failures included.
  const back = lent ? [buffer] : []
  try {
    const sha256 = createHash('sha256').update(audio).digest('hex')
    let loudness = null
    if (pcm) {
      const even = length - (length % 2)
      let s
      if (offset % 2 === 0) s = new Int16Array(buffer, offset, even / 2)
      else {
        s = new Int16Array(even / 2)
        new Uint8Array(s.buffer).set(audio.subarray(0, even))
      }
      loudness = measure(s)
    }
    parentPort.postMessage(
      { id, sha256, loudness, buffer: lent ? buffer : null },
      loudness ? [loudness.cells.buffer, ...back] : back,
    )
  } catch (error) {
    parentPort.postMessage({ id, error: String(error), buffer: lent ? buffer : null }, back)
  }
})
`

interface Reply {
  id: number
  sha256?: string
  loudness?: PieceLoudness | null
  error?: string
  buffer?: ArrayBuffer | null
}

interface Waiting {
  resolve(reply: Reply): void
  reject(error: Error): void
}

let worker: Worker | null = null
let unavailable = false
let nextId = 0
const waiting = new Map<number, Waiting>()

function start(): Worker | null {
  if (worker || unavailable) return worker
  try {
    const [shelf, highPass] = kWeightingCoefficients(PCM_SAMPLE_RATE)
    const w = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { shelf, highPass, fade: FADE_SAMPLES, cell: CELL_SAMPLES, silent: SILENT_LEVEL },
    })
    w.unref()
    w.on('message', (reply: Reply) => {
      const pending = waiting.get(reply.id)
      if (!pending) return
      waiting.delete(reply.id)
      pending.resolve(reply)
    })
    w.on('error', (error) => {
      for (const p of waiting.values()) p.reject(error)
      waiting.clear()
      worker = null
    })
    worker = w
  } catch {
    unavailable = true
  }
  return worker
}

/** True when `audio` spans a whole ArrayBuffer of its own, so it can be lent to a thread. */
function ownsItsBuffer(audio: Uint8Array): boolean {
  return (
    audio.buffer instanceof ArrayBuffer &&
    audio.byteOffset === 0 &&
    audio.byteLength === audio.buffer.byteLength &&
    audio.byteLength >= 64 * 1024
  )
}

/**
 * Computes a piece's SHA-256 and (PCM) loudness statistics on a worker thread. Why a thread:
 * this runs for every piece while the answers of the next requests are being received on the
 * main thread; there, it would delay them and so the whole render. Why lend the bytes (transfer
 * them there and back) instead of copying them: a copy per piece made in the worker thread is
 * memory its allocator keeps, tens of megabytes over a long render. Returns the audio to use
 * from now on: the same bytes, in a new view when they were lent (the caller's view is then
 * empty). Falls back to the calling thread when a worker cannot be started or refuses the work;
 * if the worker stops while holding lent bytes, the piece fails (re-rendering requests it again).
 */
export async function analyzePiece(
  audio: Uint8Array,
  pcm: boolean,
): Promise<PieceAnalysis & { audio: Uint8Array }> {
  const w = start()
  if (!w) return { ...analyzePieceHere(audio, pcm), audio }
  const id = nextId++
  const lent = ownsItsBuffer(audio)
  const { byteOffset: offset, byteLength: length } = audio
  let reply: Reply
  try {
    reply = await new Promise<Reply>((resolve, reject) => {
      waiting.set(id, { resolve, reject })
      w.ref()
      const message = { id, buffer: audio.buffer, offset, length, pcm, lent }
      w.postMessage(message, lent ? [audio.buffer as ArrayBuffer] : [])
    })
  } catch (error) {
    waiting.delete(id)
    if (lent && audio.byteLength === 0) {
      throw new AppError(
        'INTERNAL',
        'VoiceDesk could not check a piece of audio it received: its analysis thread stopped. Render again; finished pieces are kept.',
        { cause: error, retryable: true },
      )
    }
    return { ...analyzePieceHere(audio, pcm), audio }
  } finally {
    if (waiting.size === 0) worker?.unref()
  }
  const bytes = reply.buffer ? new Uint8Array(reply.buffer, offset, length) : audio
  if (reply.error !== undefined || reply.sha256 === undefined) {
    return { ...analyzePieceHere(bytes, pcm), audio: bytes }
  }
  return { sha256: reply.sha256, loudness: reply.loudness ?? null, audio: bytes }
}
