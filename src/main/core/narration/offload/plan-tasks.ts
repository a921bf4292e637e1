import type { RenderEstimate } from '../../../../shared/domain/narration'
import type { Project } from '../../../../shared/domain/script'
import { AppError } from '../../../../shared/errors'
import { projectFromScriptText } from '../../script-workspace/script-text'
import type { PageRange } from '../../../../shared/domain/manuscript'
import type { FootnoteMode, ImportedDocument } from '../import/import-document'
import type { ImportProgress } from '../import/import-pdf'
import { steppedProgress } from '../import/import-progress'
import type { PieceCache } from '../fetch/piece-cache'
import type { EngineFormat, PlannedPiece, RenderPlan } from '../plan/render-plan'
import { parseProjectFile } from '../import/project-file'
import type { LexiconFileRead } from '../../../../shared/domain/lexicon-layers'
import { readLexiconBytes } from '../import/lexicon-file'
import { planRender } from '../plan/render-plan'
import { SplitMemo } from '../plan/split-memo'
import type { SourceSpan } from '../plan/text-atoms'
import type { PlanSummary } from '../plan/voice-uses'
import { summarizePlan } from '../plan/voice-uses'

/** Options of a plan, as {@link planRender} takes them. */
export interface PlanOptions {
  maxCodePoints?: number
  engineFormat?: EngineFormat
}

/** Work that may run on the planning thread; each runs the same code on either thread. */
export type PlanTask =
  | { kind: 'plan'; project: Project; options: PlanOptions }
  | { kind: 'pieces'; project: Project; options: PlanOptions }
  | { kind: 'check'; project: Project; options: PlanOptions }
  /** Each block planned alone (as a block's check and preview plan it): its piece hashes. */
  | { kind: 'blockHashes'; project: Project }
  | { kind: 'import'; fileName: string; text: string }
  | { kind: 'projectFile'; path: string; text: string }
  /** A pronunciation file (PLS or CSV) read into lexicon entries. */
  | { kind: 'lexiconFile'; fileName: string; bytes: Uint8Array }
  /** A manuscript document: unzipped or parsed here, the one task that is asynchronous. */
  | {
      kind: 'document'
      fileName: string
      bytes: Uint8Array
      footnotes: FootnoteMode
      pages?: PageRange
      password?: string
    }
  /** A PDF's page count, read before its pages are chosen (see countPdfPages). */
  | { kind: 'pdfPageCount'; fileName: string; bytes: Uint8Array; password?: string }

/** A block's piece hashes when planned alone; null when no voice resolves for it. */
export type BlockHashes = string[] | null

/** What an estimate needs of each piece: what it is and what it costs. */
export interface PieceCost {
  hash: string
  billableCharacters: number
}

/**
 * A plan on its way between threads: each piece's spans (hundreds of thousands of small objects
 * for a long block) travel as one flat array of numbers, which a thread hands over without a copy,
 * and the blocks travel without their text, which the receiving side already holds.
 */
export interface PackedPlan {
  plan: Omit<RenderPlan, 'pieces'> & { pieces: Omit<PlannedPiece, 'spans'>[] }
  spans: Int32Array
  /** Number of spans of each piece, in order. */
  spanCounts: number[]
}

/** Flattens a plan's spans into one array and leaves out the block texts (see {@link PackedPlan}). */
export function packPlan(plan: RenderPlan): PackedPlan {
  const total = plan.pieces.reduce((n, p) => n + p.spans.length, 0)
  const spans = new Int32Array(total * 4)
  const spanCounts: number[] = []
  let k = 0
  const pieces = plan.pieces.map(({ spans: own, ...piece }) => {
    for (const s of own) {
      spans[k++] = s.outStart
      spans[k++] = s.outEnd
      spans[k++] = s.srcStart
      spans[k++] = s.srcEnd
    }
    spanCounts.push(own.length)
    return piece
  })
  const blocks = plan.blocks.map((block) => ({ ...block, text: '' }))
  return { plan: { ...plan, blocks, pieces }, spans, spanCounts }
}

function spansAt(spans: Int32Array, from: number, count: number): SourceSpan[] {
  const own: SourceSpan[] = []
  for (let k = from * 4, end = (from + count) * 4; k < end; k += 4) {
    own.push({
      outStart: spans[k] ?? 0,
      outEnd: spans[k + 1] ?? 0,
      srcStart: spans[k + 2] ?? 0,
      srcEnd: spans[k + 3] ?? 0,
    })
  }
  return own
}

/**
 * Rebuilds the plan {@link packPlan} flattened, equal to the original, taking the block texts from
 * `project` (the project it was planned from). Why each piece's spans are built only when read: a
 * long block has hundreds of thousands of them, and building them all at once held main's event
 * loop for over 100 ms per megabyte; a render reads one piece's spans as that piece arrives.
 */
export function unpackPlan(packed: PackedPlan, project: Project): RenderPlan {
  const { spans, spanCounts } = packed
  let first = 0
  const pieces = packed.plan.pieces.map((piece, i) => {
    const from = first
    const count = spanCounts[i] ?? 0
    first += count
    let own: SourceSpan[] | null = null
    return Object.defineProperty({ ...piece }, 'spans', {
      enumerable: true,
      get: () => (own ??= spansAt(spans, from, count)),
    }) as PlannedPiece
  })
  const blocks = packed.plan.blocks.map((block) => ({
    ...block,
    text: project.blocks[block.index]?.text ?? '',
  }))
  return { ...packed.plan, blocks, pieces }
}

/** The result of each task, as it crosses between threads. */
export type PlanTaskResult<T extends PlanTask> = T extends { kind: 'plan' }
  ? PackedPlan
  : T extends { kind: 'pieces' }
    ? PieceCost[]
    : T extends { kind: 'check' }
      ? PlanSummary
      : T extends { kind: 'blockHashes' }
        ? BlockHashes[]
        : T extends { kind: 'document' }
          ? ImportedDocument
          : T extends { kind: 'lexiconFile' }
            ? LexiconFileRead
            : T extends { kind: 'pdfPageCount' }
              ? number
              : Project

/**
 * The blocks this thread has cut before. Why one per thread and kept: the editor's estimates and
 * the render plan the same script again and again, with a paragraph or two changed each time.
 */
const splitMemo = new SplitMemo()

/**
 * Runs one task on the calling thread (the planning thread runs exactly this). A document import
 * returns a promise (unzipping is asynchronous) and tells `hooks` its progress; every other task
 * returns its result at once.
 */
export function runPlanTask<T extends PlanTask>(
  task: T,
  hooks: ImportProgress = {},
): PlanTaskResult<T> | Promise<PlanTaskResult<T>> {
  switch (task.kind) {
    case 'plan':
      return packPlan(
        planRender(task.project, { ...task.options, memo: splitMemo }),
      ) as PlanTaskResult<T>
    case 'pieces':
      return planRender(task.project, { ...task.options, memo: splitMemo }).pieces.map((p) => ({
        hash: p.hash,
        billableCharacters: p.billableCharacters,
      })) as PlanTaskResult<T>
    case 'check':
      // Its problems (a block without a voice, bad SSML) are thrown as errors; what comes back is
      // only what the checks before a render read: the voices used, piece costs and pauses.
      return summarizePlan(
        task.project,
        planRender(task.project, { ...task.options, memo: splitMemo }),
      ) as PlanTaskResult<T>
    case 'blockHashes':
      return task.project.blocks.map((block) =>
        hashesOfBlock({ ...task.project, blocks: [block] }),
      ) as PlanTaskResult<T>
    case 'projectFile':
      return parseProjectFile(task.path, task.text) as PlanTaskResult<T>
    case 'lexiconFile':
      return readLexiconBytes(task.fileName, task.bytes) as PlanTaskResult<T>
    case 'document':
      return import('../import/import-document').then(
        ({ importDocument }) =>
          importDocument(task.fileName, task.bytes, task.footnotes, {
            ...steppedProgress(hooks),
            ...(task.pages !== undefined ? { pages: task.pages } : {}),
            ...(task.password !== undefined ? { password: task.password } : {}),
          }) as Promise<PlanTaskResult<T>>,
      )
    case 'pdfPageCount':
      return import('../import/import-document').then(
        ({ countDocumentPages }) =>
          countDocumentPages(task.fileName, task.bytes, task.password) as Promise<
            PlanTaskResult<T>
          >,
      )
    default:
      return projectFromScriptText(task.fileName, task.text) as PlanTaskResult<T>
  }
}

function hashesOfBlock(one: Project): BlockHashes {
  try {
    return planRender(one, { memo: splitMemo }).pieces.map((p) => p.hash)
  } catch (error) {
    // A block without a voice is a state of that block, not a failure of the whole check.
    if (error instanceof AppError && error.code === 'VALIDATION_FAILED') return null
    throw error
  }
}

/**
 * Counts what a render with these pieces will cost: a piece already cached or met before in the
 * same render is not requested again.
 */
export function estimateOfPieces(
  pieces: readonly PieceCost[],
  cache: Pick<PieceCache, 'has'>,
): RenderEstimate {
  const seen = new Set<string>()
  let requests = 0
  let cachedPieces = 0
  let billableCharacters = 0
  let cachedCharacters = 0
  let spokenCharacters = 0
  for (const piece of pieces) {
    spokenCharacters += piece.billableCharacters
    if (cache.has(piece.hash)) {
      cachedPieces += 1
      cachedCharacters += piece.billableCharacters
    } else if (!seen.has(piece.hash)) {
      requests += 1
      billableCharacters += piece.billableCharacters
    }
    seen.add(piece.hash)
  }
  return {
    totalPieces: pieces.length,
    cachedPieces,
    requests,
    billableCharacters,
    cachedCharacters,
    spokenCharacters,
  }
}
