import { create } from 'zustand'
import type {
  LexiconEntry,
  Project,
  ProjectDefaults,
  ScriptBlock,
} from '../../../../../shared/domain/script'
import type { OpenedDocument } from '../../../../../shared/domain/script-workspace'

/** The project-wide parts of a document (everything but the blocks). */
export interface DocumentMeta {
  title: string
  defaults: ProjectDefaults
  cast: Record<string, string>
  lexicon: LexiconEntry[]
}

/** One undoable change. Block ops cover edit, insert (before null) and delete (after null). */
type Operation =
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

export interface DocumentInfo {
  docId: string
  fileName: string | null
  location: string | null
}

interface ScriptDocumentState {
  doc: DocumentInfo | null
  meta: DocumentMeta
  order: string[]
  blocks: Record<string, ScriptBlock>
  /** Bumped by every change; autosave and block-state checks follow it. */
  revision: number
  /** The revision that is in the file (null: never saved or restored from a draft). */
  savedRevision: number | null
  /** Blocks changed since the last block-state check. */
  changedBlocks: Set<string>
  totalChars: number
  totalBillable: number
  undoStack: Operation[]
  redoStack: Operation[]
  load(opened: OpenedDocument): void
  unload(): void
  markSaved(info: DocumentInfo, revision: number): void
  setText(id: string, text: string): void
  updateBlock(id: string, patch: Partial<ScriptBlock>): void
  insertBlockAfter(id: string | null, block?: Partial<ScriptBlock>): string
  removeBlock(id: string): void
  updateMeta(patch: Partial<DocumentMeta>): void
  /** Applies many block edits as one undo step (replace all). */
  replaceTexts(changes: { id: string; text: string }[]): void
  undo(): void
  redo(): void
  takeChangedBlocks(): string[]
}

/** Characters of a block as written. */
export function charCount(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

/** Billable characters of a block: code points of the spoken text, SSML tags left out. */
export function billableCount(block: Pick<ScriptBlock, 'text' | 'ssml'>): number {
  const spoken = block.ssml
    ? block.text
        .replace(/<sub\b[^>]*\balias="([^"]*)"[^>]*>[^<]*<\/sub>/g, '$1')
        .replace(/<[^>]*>/g, '')
        .replace(/&(?:amp|lt|gt|quot|apos);/g, '_')
    : block.text
  return charCount(spoken.trim())
}

const COALESCE_MS = 1000
const MAX_UNDO = 500

function emptyMeta(): DocumentMeta {
  return {
    title: '',
    cast: {},
    lexicon: [],
    defaults: {
      format: 'mp3',
      sampleRate: 24_000,
      pauseBetweenBlocksMs: 300,
      pauseBetweenParagraphsMs: 700,
      textNormalization: false,
      serviceLoudnessNormalization: false,
      loudness: { mode: 'service' },
    },
  }
}

function newBlockId(): string {
  return crypto.randomUUID()
}

/**
 * The open script being edited: UI state, so zustand. Blocks are kept by stable id (a row
 * re-renders only when its own block changes); undo/redo is a history of operations, consecutive
 * typing in one block within a second merged into one step.
 */
export const useScriptDocumentStore = create<ScriptDocumentState>()((set, get) => {
  const apply = (op: Operation, direction: 'do' | 'undo'): void => {
    const state = get()
    if (op.kind === 'batch') {
      const ops = direction === 'do' ? op.ops : [...op.ops].reverse()
      for (const inner of ops) apply(inner, direction)
      return
    }
    if (op.kind === 'meta') {
      set({ meta: direction === 'do' ? op.after : op.before })
      return
    }
    const target = direction === 'do' ? op.after : op.before
    const current = state.blocks[op.id] ?? null
    const blocks = { ...state.blocks }
    let order = state.order
    let { totalChars, totalBillable } = state
    if (current !== null) {
      totalChars -= charCount(current.text)
      totalBillable -= billableCount(current)
    }
    if (target === null) {
      delete blocks[op.id]
      order = order.filter((id) => id !== op.id)
    } else {
      blocks[op.id] = target
      totalChars += charCount(target.text)
      totalBillable += billableCount(target)
      if (current === null) {
        order = [...order]
        order.splice(Math.min(op.index, order.length), 0, op.id)
      }
    }
    state.changedBlocks.add(op.id)
    set({ blocks, order, totalChars, totalBillable })
  }

  const record = (op: Operation): void => {
    apply(op, 'do')
    const { undoStack, revision } = get()
    const last = undoStack.at(-1)
    let stack: Operation[]
    if (
      op.kind === 'block' &&
      last?.kind === 'block' &&
      last.id === op.id &&
      last.before !== null &&
      op.before !== null &&
      op.after !== null &&
      op.at - last.at < COALESCE_MS
    ) {
      stack = [...undoStack.slice(0, -1), { ...last, after: op.after, at: op.at }]
    } else {
      stack = [...undoStack, op].slice(-MAX_UNDO)
    }
    set({ undoStack: stack, redoStack: [], revision: revision + 1 })
  }

  return {
    doc: null,
    meta: emptyMeta(),
    order: [],
    blocks: {},
    revision: 0,
    savedRevision: null,
    changedBlocks: new Set(),
    totalChars: 0,
    totalBillable: 0,
    undoStack: [],
    redoStack: [],

    load(opened) {
      const blocks: Record<string, ScriptBlock> = {}
      let totalChars = 0
      let totalBillable = 0
      for (const block of opened.project.blocks) {
        blocks[block.id] = block
        totalChars += charCount(block.text)
        totalBillable += billableCount(block)
      }
      const { blocks: _ignored, format: _f, version: _v, ...meta } = opened.project
      set({
        doc: { docId: opened.docId, fileName: opened.fileName, location: opened.location },
        meta,
        order: opened.project.blocks.map((b) => b.id),
        blocks,
        revision: 1,
        savedRevision: opened.unsaved ? null : 1,
        changedBlocks: new Set(),
        totalChars,
        totalBillable,
        undoStack: [],
        redoStack: [],
      })
    },
    unload() {
      set({
        doc: null,
        meta: emptyMeta(),
        order: [],
        blocks: {},
        undoStack: [],
        redoStack: [],
        totalChars: 0,
        totalBillable: 0,
        revision: 0,
        savedRevision: null,
      })
    },
    markSaved(info, revision) {
      // A save ends the current typing step: undo after it never reaches back past the save.
      const undoStack = get().undoStack.map((op, i, all) =>
        i === all.length - 1 ? { ...op, at: 0 } : op,
      )
      set({ doc: info, savedRevision: revision, undoStack })
    },
    setText(id, text) {
      const before = get().blocks[id]
      if (before === undefined || before.text === text) return
      record({
        kind: 'block',
        id,
        index: get().order.indexOf(id),
        before,
        after: { ...before, text },
        at: Date.now(),
      })
    },
    updateBlock(id, patch) {
      const before = get().blocks[id]
      if (before === undefined) return
      const after = { ...before, ...patch }
      for (const key of Object.keys(patch) as (keyof ScriptBlock)[]) {
        if (patch[key] === undefined) delete after[key]
      }
      record({ kind: 'block', id, index: get().order.indexOf(id), before, after, at: 0 })
    },
    insertBlockAfter(id, block = {}) {
      const { order, blocks } = get()
      const anchor = id === null ? undefined : blocks[id]
      const newId = newBlockId()
      const index = id === null ? order.length : order.indexOf(id) + 1
      const created: ScriptBlock = {
        id: newId,
        text: '',
        ssml: false,
        endsParagraph: true,
        ...(anchor?.chapter === undefined ? {} : { chapter: anchor.chapter }),
        ...block,
      }
      record({ kind: 'block', id: newId, index, before: null, after: created, at: 0 })
      return newId
    },
    removeBlock(id) {
      const { order, blocks } = get()
      const before = blocks[id]
      if (before === undefined || order.length <= 1) return
      record({ kind: 'block', id, index: order.indexOf(id), before, after: null, at: 0 })
    },
    updateMeta(patch) {
      const before = get().meta
      record({ kind: 'meta', before, after: { ...before, ...patch }, at: 0 })
    },
    replaceTexts(changes) {
      const { blocks, order } = get()
      const ops: Operation[] = []
      for (const change of changes) {
        const before = blocks[change.id]
        if (before === undefined || before.text === change.text) continue
        ops.push({
          kind: 'block',
          id: change.id,
          index: order.indexOf(change.id),
          before,
          after: { ...before, text: change.text },
          at: 0,
        })
      }
      if (ops.length > 0) record({ kind: 'batch', ops, at: 0 })
    },
    undo() {
      const { undoStack, redoStack, revision } = get()
      const op = undoStack.at(-1)
      if (op === undefined) return
      apply(op, 'undo')
      set({
        undoStack: undoStack.slice(0, -1),
        redoStack: [...redoStack, op],
        revision: revision + 1,
      })
    },
    redo() {
      const { undoStack, redoStack, revision } = get()
      const op = redoStack.at(-1)
      if (op === undefined) return
      apply(op, 'do')
      set({
        undoStack: [...undoStack, op],
        redoStack: redoStack.slice(0, -1),
        revision: revision + 1,
      })
    },
    takeChangedBlocks() {
      const ids = [...get().changedBlocks]
      get().changedBlocks.clear()
      return ids
    },
  }
})

/** The document as a project file body (built on demand: autosave, save, render, preview). */
export function currentProject(): Project {
  const { meta, order, blocks } = useScriptDocumentStore.getState()
  return {
    format: 'voicedesk-project',
    version: 1,
    ...meta,
    blocks: order.map((id) => blocks[id]).filter((b): b is ScriptBlock => b !== undefined),
  }
}

/** True when the document has changes that are not in its file. */
export function isDirty(state: Pick<ScriptDocumentState, 'revision' | 'savedRevision'>): boolean {
  return state.savedRevision !== state.revision
}
