import type { CleanupSettings } from '../../../../../shared/domain/cleanup-rules'
import type {
  LexiconEntry,
  ProjectDefaults,
  Publishing,
  ScriptBlock,
} from '../../../../../shared/domain/script'
import type { DocumentMetrics } from './document-metrics'
import { billableCount, charCount, countInto, totalBillableOf } from './document-metrics'
import { markPending } from './pending-changes'

/** The project-wide parts of a document (everything but the blocks). */
export interface DocumentMeta {
  title: string
  defaults: ProjectDefaults
  cast: Record<string, string>
  lexicon: LexiconEntry[]
  publishing: Publishing
  /** The clean-up rules last applied to this project. */
  cleanup?: CleanupSettings
}

/** One undoable change. Block ops cover edit, insert (before null) and delete (after null). */
export type Operation =
  | {
      kind: 'block'
      id: string
      index: number
      before: ScriptBlock | null
      after: ScriptBlock | null
      at: number
    }
  | { kind: 'meta'; before: DocumentMeta; after: DocumentMeta; at: number }
  | { kind: 'batch'; ops: Operation[]; at: number }

/** The part of the document an operation changes. */
export interface DocumentContent extends DocumentMetrics {
  meta: DocumentMeta
  order: string[]
  /** Changed in place (see the store): a block's change is a new object, not a new Map. */
  blocks: Map<string, ScriptBlock>
}

/** Reads and patches the document an operation applies to (the store's get and set). */
export interface ContentAccess {
  get(): DocumentContent
  set(patch: Partial<DocumentContent>): void
}

const COALESCE_MS = 1000
const MAX_UNDO = 500

/**
 * Applies an operation forwards (`do`) or backwards (`undo`), keeps the counts with it, and notes
 * what main must be sent. A batch applies its parts in order, or in reverse when undone.
 */
export function applyOperation(doc: ContentAccess, op: Operation, direction: 'do' | 'undo'): void {
  if (op.kind === 'batch') {
    const ops = direction === 'do' ? op.ops : [...op.ops].reverse()
    for (const inner of ops) applyOperation(doc, inner, direction)
    return
  }
  const state = doc.get()
  if (op.kind === 'meta') {
    markPending.meta()
    const meta = direction === 'do' ? op.after : op.before
    // Another lexicon changes what every block costs.
    if (meta.lexicon !== state.meta.lexicon) {
      doc.set({ meta, totalBillable: totalBillableOf(state.blocks.values(), meta.lexicon) })
    } else doc.set({ meta })
    return
  }
  applyBlockOperation(doc, op, direction === 'do' ? op.after : op.before)
}

function applyBlockOperation(
  doc: ContentAccess,
  op: Extract<Operation, { kind: 'block' }>,
  target: ScriptBlock | null,
): void {
  const state = doc.get()
  const { blocks } = state
  const current = blocks.get(op.id) ?? null
  let order = state.order
  let { totalChars, totalBillable } = state
  if (current !== null) {
    totalChars -= charCount(current.text)
    totalBillable -= billableCount(current, state.meta.lexicon)
  }
  if (target === null) {
    blocks.delete(op.id)
    order = order.filter((id) => id !== op.id)
    markPending.order()
  } else {
    blocks.set(op.id, target)
    totalChars += charCount(target.text)
    totalBillable += billableCount(target, state.meta.lexicon)
    if (current === null) {
      order = [...order]
      order.splice(Math.min(op.index, order.length), 0, op.id)
      markPending.order()
    }
    markPending.block(op.id)
  }
  doc.set({
    order,
    totalChars,
    totalBillable,
    blockVoices: countInto(state.blockVoices, current?.voiceId, target?.voiceId),
    speakers: countInto(state.speakers, current?.speaker, target?.speaker),
  })
}

/**
 * The undo history after `op`: typing in one block within a second of the last keystroke joins
 * the step before it; anything else is a new step, and the oldest fall off past 500.
 */
export function pushStep(undoStack: Operation[], op: Operation): Operation[] {
  const last = undoStack.at(-1)
  if (
    op.kind === 'block' &&
    last?.kind === 'block' &&
    last.id === op.id &&
    last.before !== null &&
    op.before !== null &&
    op.after !== null &&
    // Only typing merges (setText stamps the time; other edits and a save use 0): changing a
    // block's voice or pause is always its own step, also right after typing in it.
    last.at > 0 &&
    op.at > 0 &&
    op.at - last.at < COALESCE_MS
  ) {
    return [...undoStack.slice(0, -1), { ...last, after: op.after, at: op.at }]
  }
  return [...undoStack, op].slice(-MAX_UNDO)
}
