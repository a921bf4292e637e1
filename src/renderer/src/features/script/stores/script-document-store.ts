import { create } from 'zustand'
import { billableCharacters } from '../../../../../shared/domain/billable'
import type { CompiledLexicon } from '../../../../../shared/domain/lexicon'
import { compileLexicon } from '../../../../../shared/domain/lexicon'
import type {
  LexiconEntry,
  Project,
  ProjectDefaults,
  Publishing,
  ScriptBlock,
} from '../../../../../shared/domain/script'
import { publishingSchema } from '../../../../../shared/domain/script'
import type {
  DocumentChangesInput,
  OpenedDocument,
} from '../../../../../shared/domain/script-workspace'

/** The project-wide parts of a document (everything but the blocks). */
export interface DocumentMeta {
  title: string
  defaults: ProjectDefaults
  cast: Record<string, string>
  lexicon: LexiconEntry[]
  publishing: Publishing
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
  /**
   * The blocks by id. Why a Map changed in place: copying a 5,000-entry record on every keystroke
   * is work proportional to the whole script. Select one block (`s.blocks.get(id)`): a changed
   * block is a new object, so only its row re-renders; never select the Map itself.
   */
  blocks: Map<string, ScriptBlock>
  /** Bumped by every change; the draft and block-state sync follow it. */
  revision: number
  /** The revision that is in the file (null: never saved or restored from a draft). */
  savedRevision: number | null
  totalChars: number
  totalBillable: number
  /** How many blocks name each voice (kept per change, for the Voices workspace's warning). */
  blockVoices: Readonly<Record<string, number>>
  /** How many blocks each speaker speaks (for the cast panel). */
  speakers: Readonly<Record<string, number>>
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
}

/**
 * What changed since main last heard about the document (sent as block-level changes). Outside
 * the state on purpose: it changes with every keystroke and nothing renders from it.
 */
interface PendingChanges {
  blocks: Set<string>
  order: boolean
  meta: boolean
}

let pending: PendingChanges = { blocks: new Set(), order: false, meta: false }

function countInto(
  counts: Readonly<Record<string, number>>,
  before: string | undefined,
  after: string | undefined,
): Readonly<Record<string, number>> {
  if (before === after) return counts
  const next = { ...counts }
  if (before !== undefined) {
    const n = (next[before] ?? 0) - 1
    if (n > 0) next[before] = n
    else delete next[before]
  }
  if (after !== undefined) next[after] = (next[after] ?? 0) + 1
  return next
}

/** Characters of a block as written. */
export function charCount(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

let compiled: { entries: readonly LexiconEntry[]; lexicon: CompiledLexicon | null } | null = null

/** The project's lexicon compiled once per version of it (entries are replaced, never mutated). */
export function lexiconOf(entries: readonly LexiconEntry[]): CompiledLexicon | null {
  if (compiled?.entries !== entries) {
    compiled = { entries, lexicon: entries.length > 0 ? compileLexicon(entries) : null }
  }
  return compiled.lexicon
}

/** Billable characters of a block: the spoken text (lexicon aliases, no SSML tags), as billed. */
export function billableCount(
  block: Pick<ScriptBlock, 'text' | 'ssml'>,
  lexicon: readonly LexiconEntry[],
): number {
  return billableCharacters(block, lexiconOf(lexicon))
}

function totalBillableOf(blocks: Iterable<ScriptBlock>, lexicon: readonly LexiconEntry[]): number {
  let total = 0
  for (const block of blocks) total += billableCount(block, lexicon)
  return total
}

const COALESCE_MS = 1000
const MAX_UNDO = 500

function emptyMeta(): DocumentMeta {
  return {
    title: '',
    cast: {},
    lexicon: [],
    publishing: publishingSchema.parse({}),
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
      pending.meta = true
      const meta = direction === 'do' ? op.after : op.before
      // Another lexicon changes what every block costs.
      if (meta.lexicon !== state.meta.lexicon) {
        set({ meta, totalBillable: totalBillableOf(state.blocks.values(), meta.lexicon) })
      } else set({ meta })
      return
    }
    const target = direction === 'do' ? op.after : op.before
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
      pending.order = true
    } else {
      blocks.set(op.id, target)
      totalChars += charCount(target.text)
      totalBillable += billableCount(target, state.meta.lexicon)
      if (current === null) {
        order = [...order]
        order.splice(Math.min(op.index, order.length), 0, op.id)
        pending.order = true
      }
      pending.blocks.add(op.id)
    }
    set({
      order,
      totalChars,
      totalBillable,
      blockVoices: countInto(state.blockVoices, current?.voiceId, target?.voiceId),
      speakers: countInto(state.speakers, current?.speaker, target?.speaker),
    })
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
      // Only typing merges (setText stamps the time; other edits and a save use 0): changing a
      // block's voice or pause is always its own step, also right after typing in it.
      last.at > 0 &&
      op.at > 0 &&
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
    blocks: new Map(),
    revision: 0,
    savedRevision: null,
    totalChars: 0,
    totalBillable: 0,
    blockVoices: {},
    speakers: {},
    undoStack: [],
    redoStack: [],

    load(opened) {
      const blocks = new Map<string, ScriptBlock>()
      let totalChars = 0
      let totalBillable = 0
      const blockVoices: Record<string, number> = {}
      const speakers: Record<string, number> = {}
      for (const block of opened.project.blocks) {
        blocks.set(block.id, block)
        totalChars += charCount(block.text)
        totalBillable += billableCount(block, opened.project.lexicon)
        if (block.voiceId !== undefined)
          blockVoices[block.voiceId] = (blockVoices[block.voiceId] ?? 0) + 1
        if (block.speaker !== undefined)
          speakers[block.speaker] = (speakers[block.speaker] ?? 0) + 1
      }
      pending = { blocks: new Set(), order: false, meta: false }
      const { blocks: _ignored, format: _f, version: _v, ...meta } = opened.project
      set({
        doc: { docId: opened.docId, fileName: opened.fileName, location: opened.location },
        meta,
        order: opened.project.blocks.map((b) => b.id),
        blocks,
        revision: 1,
        savedRevision: opened.unsaved ? null : 1,
        totalChars,
        totalBillable,
        blockVoices,
        speakers,
        undoStack: [],
        redoStack: [],
      })
    },
    unload() {
      pending = { blocks: new Set(), order: false, meta: false }
      set({
        doc: null,
        meta: emptyMeta(),
        order: [],
        blocks: new Map(),
        blockVoices: {},
        speakers: {},
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
      const before = get().blocks.get(id)
      if (before === undefined || before.text === text) return
      record({
        kind: 'block',
        id,
        // Only insertions use the index; looking it up would scan the whole order per keystroke.
        index: -1,
        before,
        after: { ...before, text },
        at: Date.now(),
      })
    },
    updateBlock(id, patch) {
      const before = get().blocks.get(id)
      if (before === undefined) return
      const after = { ...before, ...patch }
      for (const key of Object.keys(patch) as (keyof ScriptBlock)[]) {
        if (patch[key] === undefined) delete after[key]
      }
      record({ kind: 'block', id, index: -1, before, after, at: 0 })
    },
    insertBlockAfter(id, block = {}) {
      const { order, blocks } = get()
      const anchor = id === null ? undefined : blocks.get(id)
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
      const before = blocks.get(id)
      if (before === undefined || order.length <= 1) return
      record({ kind: 'block', id, index: order.indexOf(id), before, after: null, at: 0 })
    },
    updateMeta(patch) {
      const before = get().meta
      record({ kind: 'meta', before, after: { ...before, ...patch }, at: 0 })
    },
    replaceTexts(changes) {
      const { blocks } = get()
      const ops: Operation[] = []
      for (const change of changes) {
        const before = blocks.get(change.id)
        if (before === undefined || before.text === change.text) continue
        ops.push({
          kind: 'block',
          id: change.id,
          index: -1,
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
  }
})

/** The document as a project file body (built on demand: autosave, save, render, preview). */
export function currentProject(): Project {
  const { meta, order, blocks } = useScriptDocumentStore.getState()
  return {
    format: 'voicedesk-project',
    version: 1,
    ...meta,
    blocks: order.map((id) => blocks.get(id)).filter((b): b is ScriptBlock => b !== undefined),
  }
}

/**
 * Takes what changed since the last call, as the block-level changes main applies: work in
 * proportion to the edit, not to the script. `everything` sends the whole document (after main
 * refused a change it could not follow).
 */
export function takeDocumentChanges(everything = false): {
  changes: DocumentChangesInput
  blockIds: string[]
  metaChanged: boolean
} | null {
  const { meta, order, blocks } = useScriptDocumentStore.getState()
  const taken = pending
  pending = { blocks: new Set(), order: false, meta: false }
  if (everything) {
    return {
      changes: { meta, order, blocks: order.map((id) => blocks.get(id)!) },
      blockIds: order,
      metaChanged: true,
    }
  }
  if (taken.blocks.size === 0 && !taken.order && !taken.meta) return null
  const changed: ScriptBlock[] = []
  const blockIds: string[] = []
  for (const id of taken.blocks) {
    const block = blocks.get(id)
    if (block === undefined) continue
    changed.push(block)
    blockIds.push(id)
  }
  return {
    changes: {
      blocks: changed,
      ...(taken.meta ? { meta } : {}),
      ...(taken.order ? { order } : {}),
    },
    blockIds,
    metaChanged: taken.meta,
  }
}

/** Puts changes back after main did not receive them (they go with the next send). */
export function restoreDocumentChanges(changes: DocumentChangesInput): void {
  for (const block of changes.blocks ?? []) pending.blocks.add(block.id)
  if (changes.order !== undefined) pending.order = true
  if (changes.meta !== undefined) pending.meta = true
}

/** True when some change has not been sent to main yet. */
export function hasPendingChanges(): boolean {
  return pending.blocks.size > 0 || pending.order || pending.meta
}

/** True when the document has changes that are not in its file. */
export function isDirty(state: Pick<ScriptDocumentState, 'revision' | 'savedRevision'>): boolean {
  return state.savedRevision !== state.revision
}
