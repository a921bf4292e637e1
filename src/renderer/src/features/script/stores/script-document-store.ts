import type { CleanupSettings } from '../../../../../shared/domain/cleanup-rules'
import { create } from 'zustand'
import type { Project, ScriptBlock } from '../../../../../shared/domain/script'
import { publishingSchema } from '../../../../../shared/domain/script'
import type { TextMark } from '../../../../../shared/domain/text-marks'
import { diffTexts, shiftMarks } from '../../../../../shared/domain/text-mark-edits'
import type {
  DocumentChangesInput,
  OpenedDocument,
} from '../../../../../shared/domain/script-workspace'
import type { ContentAccess, DocumentContent, DocumentMeta, Operation } from './document-history'
import { applyOperation, pushStep } from './document-history'
import { measureScript } from './document-metrics'
import { clearPending, takePending } from './pending-changes'

// Block rows read these through the store they render from.
export { billableCount, charCount, lexiconOf } from './document-metrics'

export interface DocumentInfo {
  docId: string
  fileName: string | null
  location: string | null
}

/** The open document's data (its actions are in {@link ScriptDocumentState}). */
interface DocumentData extends DocumentContent {
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
  undoStack: Operation[]
  redoStack: Operation[]
}

interface ScriptDocumentState extends DocumentData {
  load(opened: OpenedDocument): void
  unload(): void
  markSaved(info: DocumentInfo, revision: number): void
  /** Typing: the new text (its marks follow the edit); `caret` settles an ambiguous edit. */
  setText(id: string, text: string, caret?: number): void
  /**
   * A block's marks (the marks popover, the toolbar), with its text too for a paste with marks,
   * as one undo step.
   */
  setMarks(id: string, marks: TextMark[], text?: string): void
  updateBlock(id: string, patch: Partial<ScriptBlock>): void
  insertBlockAfter(id: string | null, block?: Partial<ScriptBlock>): string
  removeBlock(id: string): void
  updateMeta(patch: Partial<DocumentMeta>): void
  /**
   * Applies many block edits as one undo step (replace all, clean up): each block's text with its
   * marks moved to match, and a chapter name when it changes.
   */
  replaceTexts(
    changes: { id: string; text: string; marks?: TextMark[]; chapter?: string }[],
    cleanup?: CleanupSettings,
  ): void
  undo(): void
  redo(): void
}

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

/** No script open. */
function closedDocument(): DocumentData {
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
  }
}

/** A script as it opens: its blocks by id, its counts, no history. */
function openedDocument(opened: OpenedDocument): DocumentData {
  const { blocks: list, format: _f, version: _v, ...meta } = opened.project
  return {
    doc: { docId: opened.docId, fileName: opened.fileName, location: opened.location },
    meta,
    order: list.map((b) => b.id),
    blocks: new Map(list.map((block) => [block.id, block])),
    revision: 1,
    savedRevision: opened.unsaved ? null : 1,
    ...measureScript(list, meta.lexicon),
    undoStack: [],
    redoStack: [],
  }
}

/** A block's edit as one operation (not stamped with a time: it never merges with typing). */
function blockEdit(id: string, before: ScriptBlock, after: ScriptBlock, at = 0): Operation {
  // Only insertions use the index; looking it up would scan the whole order per keystroke.
  return { kind: 'block', id, index: -1, before, after, at }
}

/**
 * The block edits of a replace all or a clean-up: each changed block's text with its marks (when
 * given) and its chapter's new name (when it changes).
 */
function replacedTextOps(
  blocks: ReadonlyMap<string, ScriptBlock>,
  changes: { id: string; text: string; marks?: TextMark[]; chapter?: string }[],
): Operation[] {
  const ops: Operation[] = []
  for (const { id, text, marks, chapter } of changes) {
    const before = blocks.get(id)
    if (before === undefined) continue
    const renamed = chapter !== undefined && before.chapter !== chapter
    if (before.text !== text || renamed) {
      ops.push(
        blockEdit(id, before, {
          ...before,
          text,
          ...(marks ? { marks } : {}),
          ...(renamed ? { chapter } : {}),
        }),
      )
    }
  }
  return ops
}

/** A block with a patch applied; a field patched to undefined is removed. */
function patched(before: ScriptBlock, patch: Partial<ScriptBlock>): ScriptBlock {
  const after = { ...before, ...patch }
  for (const key of Object.keys(patch) as (keyof ScriptBlock)[]) {
    if (patch[key] === undefined) delete after[key]
  }
  return after
}

/** A block after typing: its new text, its marks moved with the edit. */
function typedInto(before: ScriptBlock, text: string, caret: number | undefined): ScriptBlock {
  // Only a block with marks pays for the diff: typing in the rest stays one string compare.
  if (before.marks === undefined || before.marks.length === 0) return { ...before, text }
  const marks = shiftMarks(before.marks, diffTexts(before.text, text, caret), text.length)
  return { ...before, text, marks }
}

/** A new block after `id` (at the end for null), in the chapter of the block it follows. */
function insertion(
  { order, blocks }: Pick<DocumentData, 'order' | 'blocks'>,
  id: string | null,
  block: Partial<ScriptBlock>,
): Extract<Operation, { kind: 'block' }> {
  const anchor = id === null ? undefined : blocks.get(id)
  const newId = crypto.randomUUID()
  const created: ScriptBlock = {
    id: newId,
    text: '',
    ssml: false,
    endsParagraph: true,
    ...(anchor?.chapter === undefined ? {} : { chapter: anchor.chapter }),
    ...block,
  }
  const index = id === null ? order.length : order.indexOf(id) + 1
  return { kind: 'block', id: newId, index, before: null, after: created, at: 0 }
}

/**
 * The open script being edited: UI state, so zustand. Blocks are kept by stable id (a row
 * re-renders only when its own block changes); undo/redo is a history of operations, consecutive
 * typing in one block within a second merged into one step (see document-history.ts).
 */
export const useScriptDocumentStore = create<ScriptDocumentState>()((set, get) => {
  const content: ContentAccess = { get, set }

  const record = (op: Operation): void => {
    applyOperation(content, op, 'do')
    const { undoStack, revision } = get()
    set({ undoStack: pushStep(undoStack, op), redoStack: [], revision: revision + 1 })
  }

  /** Undo takes the last step off the undo history and onto the redo one; redo the other way. */
  const step = (direction: 'do' | 'undo'): void => {
    const { undoStack, redoStack, revision } = get()
    const [from, to] = direction === 'undo' ? [undoStack, redoStack] : [redoStack, undoStack]
    const op = from.at(-1)
    if (op === undefined) return
    applyOperation(content, op, direction)
    // A step that was undone or redone is closed: typing after a redo starts a step of its own,
    // however soon it comes (else one undo would take back both, the redone text with it).
    const moved = { from: from.slice(0, -1), to: [...to, { ...op, at: 0 }] }
    set({
      undoStack: direction === 'undo' ? moved.from : moved.to,
      redoStack: direction === 'undo' ? moved.to : moved.from,
      revision: revision + 1,
    })
  }

  return {
    ...closedDocument(),

    load(opened) {
      clearPending()
      set(openedDocument(opened))
    },
    unload() {
      clearPending()
      set(closedDocument())
    },
    markSaved(info, revision) {
      // A save ends the current typing step: undo after it never reaches back past the save.
      const undoStack = get().undoStack.map((op, i, all) =>
        i === all.length - 1 ? { ...op, at: 0 } : op,
      )
      set({ doc: info, savedRevision: revision, undoStack })
    },
    setText(id, text, caret) {
      const before = get().blocks.get(id)
      if (before === undefined || before.text === text) return
      record(blockEdit(id, before, typedInto(before, text, caret), Date.now()))
    },
    setMarks(id, marks, text) {
      const before = get().blocks.get(id)
      if (before) record(blockEdit(id, before, { ...before, marks, text: text ?? before.text }))
    },
    updateBlock(id, patch) {
      const before = get().blocks.get(id)
      if (before !== undefined) record(blockEdit(id, before, patched(before, patch)))
    },
    insertBlockAfter(id, block = {}) {
      const op = insertion(get(), id, block)
      record(op)
      return op.id
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
    replaceTexts(changes, cleanup) {
      const ops = replacedTextOps(get().blocks, changes)
      // The rules that made the change are kept with the project in the same undoable step.
      if (cleanup !== undefined) {
        const before = get().meta
        ops.push({ kind: 'meta', before, after: { ...before, cleanup }, at: 0 })
      }
      if (ops.length > 0) record({ kind: 'batch', ops, at: 0 })
    },
    undo: () => step('undo'),
    redo: () => step('do'),
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
  const taken = takePending()
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

/** True when the document has changes that are not in its file. */
export function isDirty(state: Pick<ScriptDocumentState, 'revision' | 'savedRevision'>): boolean {
  return state.savedRevision !== state.revision
}
