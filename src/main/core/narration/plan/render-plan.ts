import { createHash } from 'node:crypto'
import type { Project, ScriptBlock } from '../../../../shared/domain/script'
import { isAacContainer, MAX_SPEECH_INPUT } from '../../../../shared/domain/speech'
import { AppError } from '../../../../shared/errors'
import type { SourceSpan } from './text-atoms'
import { splitBlock } from './split-block'
import type { SplitMemo } from './split-memo'
import { lexiconVersionOf } from './lexicon-versions'

/** Bump when the way pieces are requested or stored changes: old cache entries stop matching. */
export const PIECE_CACHE_VERSION = 1

/** The audio the engine asks the service for: raw PCM, or ADTS AAC for AAC output. */
export type EngineFormat = 'pcm' | 'aac'

/** Everything one synthesis request carries; its hash names the cached piece. */
export interface PieceRequest {
  input: string
  voiceId: string
  model: string | null
  language: string | null
  textNormalization: boolean
  loudnessNormalization: boolean
  format: EngineFormat
  /**
   * A regenerated take (2 and up): not sent to the service, only part of the hash, so a new take
   * is a new cache entry and every earlier take stays cached under its own.
   */
  take?: number
}

/** One request of the plan, in script order. */
export interface PlannedPiece {
  /** Position in the whole render. */
  index: number
  blockIndex: number
  request: PieceRequest
  /** Content hash of `request`: the cache key. */
  hash: string
  /** Offsets of the request input mapped back to the block text. */
  spans: SourceSpan[]
  billableCharacters: number
}

/** One block of the plan: its pieces and the exact silence after it. */
export interface PlannedBlock {
  index: number
  id: string
  text: string
  chapter: string | null
  pauseAfterMs: number
  /** Indexes into {@link RenderPlan.pieces}; empty for a block with nothing to say. */
  pieceIndexes: number[]
}

/** What a render of a project will request and assemble. */
export interface RenderPlan {
  engineFormat: EngineFormat
  blocks: PlannedBlock[]
  pieces: PlannedPiece[]
  /** Hash of every piece and pause in order: equal plans render identical audio. */
  planHash: string
}

/** Hashes a request: everything that changes the sound, nothing else. */
export function hashPieceRequest(request: PieceRequest): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        PIECE_CACHE_VERSION,
        request.format,
        request.voiceId,
        request.model,
        request.language,
        request.textNormalization,
        request.loudnessNormalization,
        request.input,
        // Why only when set: the first take keeps the hash every earlier render cached it under.
        ...(request.take === undefined ? [] : [request.take]),
      ]),
    )
    .digest('hex')
}

function resolveVoice(project: Project, block: ScriptBlock, index: number): string {
  if (block.voiceId) return block.voiceId
  if (block.speaker) {
    const cast = project.cast[block.speaker]
    if (cast) return cast
    if (!project.defaults.voiceId) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Block ${index + 1} is spoken by "${block.speaker}", who has no voice in the cast. Give ${block.speaker} a voice in the cast or choose a default voice.`,
        {
          details: {
            fields: { [block.id]: `no voice for speaker ${block.speaker}` },
            missingVoice: { block: index + 1, speaker: block.speaker },
          },
        },
      )
    }
  }
  if (project.defaults.voiceId) return project.defaults.voiceId
  throw new AppError(
    'VALIDATION_FAILED',
    `Block ${index + 1} has no voice. Choose a default voice or give the block one.`,
    { details: { fields: { [block.id]: 'no voice' }, missingVoice: { block: index + 1 } } },
  )
}

/**
 * The silence after a block: its own pause; else, when set, the heading pause before a new
 * chapter or the speaker pause before another speaker; else the paragraph or block pause. None
 * after the last block.
 */
export function pauseAfter(project: Project, index: number): number {
  const block = project.blocks[index]
  if (!block) return 0
  if (block.pauseAfterMs !== undefined) return block.pauseAfterMs
  const next = project.blocks[index + 1]
  if (next === undefined) return 0
  const { defaults } = project
  const newChapter = next.chapter !== undefined && next.chapter !== block.chapter
  if (newChapter && defaults.pauseAfterHeadingMs !== undefined) return defaults.pauseAfterHeadingMs
  const newSpeaker = (next.speaker ?? '') !== (block.speaker ?? '')
  if (newSpeaker && defaults.pauseBetweenSpeakersMs !== undefined) {
    return defaults.pauseBetweenSpeakersMs
  }
  return block.endsParagraph ? defaults.pauseBetweenParagraphsMs : defaults.pauseBetweenBlocksMs
}

/**
 * Turns a project into the ordered list of requests (split under the endpoint's limit, lexicon
 * applied) and the pauses between blocks. Pure: the same project always gives the same plan,
 * with or without `memo` (which only spares cutting blocks it has cut before).
 */
export function planRender(
  project: Project,
  options: { maxCodePoints?: number; engineFormat?: EngineFormat; memo?: SplitMemo } = {},
): RenderPlan {
  const engineFormat =
    options.engineFormat ?? (isAacContainer(project.defaults.format) ? 'aac' : 'pcm')
  // Compiled once per version of the lexicon, not once per plan: a check plans every block alone.
  const { lexicon, key: lexiconKey } = lexiconVersionOf(project.lexicon)
  const { memo } = options
  const pieces: PlannedPiece[] = []
  const blocks: PlannedBlock[] = []
  project.blocks.forEach((block, blockIndex) => {
    const language = block.language ?? project.defaults.language ?? null
    const splitOptions = {
      lexicon,
      locale: language ?? 'en',
      maxCodePoints: options.maxCodePoints ?? MAX_SPEECH_INPUT,
    }
    const texts = memo
      ? memo.splitBlock(block, splitOptions, lexiconKey)
      : splitBlock(block, splitOptions)
    const voiceId = texts.length > 0 ? resolveVoice(project, block, blockIndex) : ''
    const pieceIndexes: number[] = []
    for (const text of texts) {
      const request: PieceRequest = {
        input: text.input,
        voiceId,
        model: block.model ?? project.defaults.model ?? null,
        language,
        textNormalization: project.defaults.textNormalization,
        loudnessNormalization: project.defaults.serviceLoudnessNormalization,
        format: engineFormat,
        ...(block.take === undefined ? {} : { take: block.take }),
      }
      pieceIndexes.push(pieces.length)
      pieces.push({
        index: pieces.length,
        blockIndex,
        request,
        hash: hashPieceRequest(request),
        spans: text.spans,
        billableCharacters: text.billableCharacters,
      })
    }
    blocks.push({
      index: blockIndex,
      id: block.id,
      text: block.text,
      chapter: block.chapter ?? null,
      pauseAfterMs: pauseAfter(project, blockIndex),
      pieceIndexes,
    })
  })
  const planHash = createHash('sha256')
    .update(
      JSON.stringify(
        blocks.map((b) => [b.pauseAfterMs, b.pieceIndexes.map((i) => pieces[i]?.hash)]),
      ),
    )
    .digest('hex')
  return { engineFormat, blocks, pieces, planHash }
}
