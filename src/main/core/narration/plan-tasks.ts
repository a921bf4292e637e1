import type { RenderEstimate } from '../../../shared/domain/narration'
import type { Project } from '../../../shared/domain/script'
import { projectFromScriptText } from '../script-workspace/script-text'
import type { PieceCache } from './piece-cache'
import type { EngineFormat, PlannedPiece, RenderPlan } from './render-plan'
import { planRender } from './render-plan'

/** Options of a plan, as {@link planRender} takes them. */
export interface PlanOptions {
  maxCodePoints?: number
  engineFormat?: EngineFormat
}

/** Work that may run on the planning thread; each runs the same code on either thread. */
export type PlanTask =
  | { kind: 'plan'; project: Project; options: PlanOptions }
  | { kind: 'pieces'; project: Project; options: PlanOptions }
  | { kind: 'import'; fileName: string; text: string }

/** What an estimate needs of each piece: what it is and what it costs. */
export interface PieceCost {
  hash: string
  billableCharacters: number
}

/**
 * A plan on its way between threads: each piece's spans (hundreds of thousands of small objects
 * for a long block) travel as one flat array of numbers, which a thread hands over without a copy.
 */
export interface PackedPlan {
  plan: Omit<RenderPlan, 'pieces'> & { pieces: Omit<PlannedPiece, 'spans'>[] }
  spans: Int32Array
  /** Number of spans of each piece, in order. */
  spanCounts: number[]
}

/** Flattens a plan's spans into one array (see {@link PackedPlan}). */
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
  return { plan: { ...plan, pieces }, spans, spanCounts }
}

/** Rebuilds the plan {@link packPlan} flattened, equal to the original. */
export function unpackPlan(packed: PackedPlan): RenderPlan {
  let k = 0
  const { spans } = packed
  const pieces = packed.plan.pieces.map((piece, i) => {
    const own = []
    for (let n = packed.spanCounts[i] ?? 0; n > 0; n--) {
      own.push({
        outStart: spans[k] ?? 0,
        outEnd: spans[k + 1] ?? 0,
        srcStart: spans[k + 2] ?? 0,
        srcEnd: spans[k + 3] ?? 0,
      })
      k += 4
    }
    return { ...piece, spans: own }
  })
  return { ...packed.plan, pieces }
}

/** The result of each task, as it crosses between threads. */
export type PlanTaskResult<T extends PlanTask> = T extends { kind: 'plan' }
  ? PackedPlan
  : T extends { kind: 'pieces' }
    ? PieceCost[]
    : Project

/** Runs one task on the calling thread (the planning thread runs exactly this). */
export function runPlanTask<T extends PlanTask>(task: T): PlanTaskResult<T> {
  switch (task.kind) {
    case 'plan':
      return packPlan(planRender(task.project, task.options)) as PlanTaskResult<T>
    case 'pieces':
      return planRender(task.project, task.options).pieces.map((p) => ({
        hash: p.hash,
        billableCharacters: p.billableCharacters,
      })) as PlanTaskResult<T>
    default:
      return projectFromScriptText(task.fileName, task.text) as PlanTaskResult<T>
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
  for (const piece of pieces) {
    if (cache.has(piece.hash)) {
      cachedPieces += 1
    } else if (!seen.has(piece.hash)) {
      requests += 1
      billableCharacters += piece.billableCharacters
    }
    seen.add(piece.hash)
  }
  return { totalPieces: pieces.length, cachedPieces, requests, billableCharacters }
}
