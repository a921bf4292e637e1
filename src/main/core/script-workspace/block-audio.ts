import { readFile } from 'node:fs/promises'
import type { Project } from '../../../shared/domain/script'
import type { BlockAudio, BlockTake, TimedBlockWord } from '../../../shared/domain/script-workspace'
import { PCM_SAMPLE_RATE } from '../../../shared/domain/speech'
import { AppError } from '../../../shared/errors'
import { toDiskError } from '../files/atomic-write'
import { applyGain, LoudnessMeter } from '../narration/pcm/loudness'
import type { PieceCache } from '../narration/fetch/piece-cache'
import type { RenderPlan } from '../narration/plan/render-plan'
import type { SpeechSource } from '../narration/fetch/speech-source'
import { timedWordsOfPiece } from '../narration/assemble/spoken-words'
import { wavHeader } from '../../../shared/domain/wav-header'
import { planBlock } from './block-states'

function toSamples(bytes: Uint8Array): Int16Array {
  // Copied into a fresh buffer: file buffers may start at an odd offset of a shared pool.
  const samples = new Int16Array(Math.floor(bytes.byteLength / 2))
  new Uint8Array(samples.buffer).set(bytes.subarray(0, samples.byteLength))
  return samples
}

function toWav(samples: Int16Array): Uint8Array {
  const data = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength)
  const wav = new Uint8Array(44 + data.byteLength)
  wav.set(wavHeader(PCM_SAMPLE_RATE, 1, data.byteLength), 0)
  wav.set(data, 44)
  return wav
}

/** Reads a planned block's pieces from the cache, in order; null when one is missing. */
async function readBlockFromCache(
  plan: RenderPlan,
  cache: PieceCache,
): Promise<{ samples: Int16Array; words: TimedBlockWord[] } | null> {
  const block = plan.blocks[0]
  if (block === undefined || plan.pieces.length === 0) return null
  const parts: Int16Array[] = []
  const words: TimedBlockWord[] = []
  let at = 0
  for (const piece of plan.pieces) {
    const cached = await cache.get(piece.hash)
    if (cached === null) return null
    let bytes: Uint8Array
    try {
      bytes = await readFile(cached.audioPath)
    } catch (error) {
      throw toDiskError(error, cached.audioPath)
    }
    const samples = toSamples(bytes)
    const offsetMs = (at * 1000) / PCM_SAMPLE_RATE
    for (const word of timedWordsOfPiece(
      cached.meta.speechMarks,
      { blockIndex: 0, spans: piece.spans, blockText: block.text },
      offsetMs,
    )) {
      words.push({
        start: word.srcStart,
        end: word.srcEnd,
        startMs: word.startMs,
        endMs: word.endMs,
      })
    }
    parts.push(samples)
    at += samples.length
  }
  const all = new Int16Array(at)
  let offset = 0
  for (const part of parts) {
    all.set(part, offset)
    offset += part.length
  }
  return { samples: all, words }
}

/**
 * The rendered audio of one block, straight from the piece cache (no request), as WAV with its
 * words placed on the block's timeline and mapped to offsets in the block text. NOT_FOUND when the
 * block's current text has not been rendered.
 */
export async function cachedBlockAudio(
  project: Project,
  blockId: string,
  cache: PieceCache,
): Promise<BlockAudio> {
  const plan = await planBlock(project, blockId)
  const read = plan === null ? null : await readBlockFromCache(plan, cache)
  if (read === null) {
    throw new AppError(
      'NOT_FOUND',
      'This block has not been rendered since its last change. Preview it, or render the script first.',
    )
  }
  return {
    wav: toWav(read.samples),
    durationMs: (read.samples.length * 1000) / PCM_SAMPLE_RATE,
    words: read.words,
  }
}

/** Synthesizes the pieces of a plan that are not cached yet, into the cache. */
async function fillCache(
  plan: RenderPlan,
  cache: PieceCache,
  source: SpeechSource,
  signal: AbortSignal,
): Promise<void> {
  for (const piece of plan.pieces) {
    if (cache.has(piece.hash)) continue
    const result = await source.synthesizePiece(piece.request, signal)
    await cache.put(
      {
        hash: piece.hash,
        format: plan.engineFormat,
        bytes: result.audio.byteLength,
        speechMarks: result.speechMarks,
        billableCharacters: result.billableCharacters ?? piece.billableCharacters,
        requestId: result.requestId,
      },
      result.audio,
    )
  }
}

/**
 * Two (or more) takes of a block in different voices, synthesized through the cache (so keeping
 * one costs nothing at render time), measured with the BS.1770 meter and gain-matched to the
 * quietest take, so the comparison is about the voice, not the level.
 */
export async function blockTakes(
  project: Project,
  blockId: string,
  voiceIds: readonly string[],
  cache: PieceCache,
  source: SpeechSource,
  signal: AbortSignal,
): Promise<BlockTake[]> {
  const raw: { voiceId: string; samples: Int16Array; lufs: number | null }[] = []
  for (const voiceId of voiceIds) {
    const variant: Project = {
      ...project,
      blocks: project.blocks.map((b) => (b.id === blockId ? { ...b, voiceId } : b)),
    }
    const plan = await planBlock(variant, blockId)
    if (plan === null || plan.pieces.length === 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        'This block has nothing to say yet: write some text first.',
      )
    }
    cache.pin(plan.pieces.map((p) => p.hash))
    try {
      await fillCache(plan, cache, source, signal)
      const read = await readBlockFromCache(plan, cache)
      if (read === null)
        throw new AppError('INTERNAL', 'A take vanished from the cache; try again.')
      const meter = new LoudnessMeter(PCM_SAMPLE_RATE)
      meter.push(read.samples)
      raw.push({ voiceId, samples: read.samples, lufs: meter.integrated() })
    } finally {
      cache.unpin(plan.pieces.map((p) => p.hash))
    }
  }
  await cache.flush()
  const measured = raw.map((t) => t.lufs).filter((v): v is number => v !== null)
  const target = measured.length > 0 ? Math.min(...measured) : null
  return raw.map((take) => {
    const gainDb = target === null || take.lufs === null ? 0 : target - take.lufs
    applyGain(take.samples, 10 ** (gainDb / 20))
    return { voiceId: take.voiceId, wav: toWav(take.samples), measuredLufs: take.lufs, gainDb }
  })
}
