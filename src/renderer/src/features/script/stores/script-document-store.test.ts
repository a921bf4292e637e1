import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultCleanup } from '../../../../../shared/domain/cleanup-rules'
import { createProject } from '../../../../../shared/domain/script'
import type { ScriptBlockInput } from '../../../../../shared/domain/script'
import { hasPendingChanges, restoreDocumentChanges } from './pending-changes'
import {
  currentProject,
  isDirty,
  takeDocumentChanges,
  useScriptDocumentStore,
} from './script-document-store'

const store = useScriptDocumentStore

function open(blocks: ScriptBlockInput[], unsaved = false): void {
  store.getState().load({
    docId: 'doc_1',
    project: createProject({ title: 'Harbour', blocks }),
    fileName: 'harbour.voicedesk.json',
    location: '/books',
    unsaved,
  })
}

const texts = (): string[] => currentProject().blocks.map((b) => b.text)

beforeEach(() => {
  // setText stamps each edit with Date.now(): the test owns the clock that merges typing.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-24T12:00:00.000Z'))
  open([
    { id: 'a', text: 'One.', speaker: 'ALICE' },
    { id: 'b', text: 'Two.', voiceId: 'emma' },
  ])
  takeDocumentChanges()
})

afterEach(() => {
  store.getState().unload()
  vi.useRealTimers()
})

describe('script document store: undo and redo', () => {
  it('merges typing in one block within a second into one step, and starts a new one after', () => {
    const s = store.getState()
    s.setText('a', 'One. T')
    vi.advanceTimersByTime(400)
    s.setText('a', 'One. Tw')
    vi.advanceTimersByTime(400)
    s.setText('a', 'One. Two')
    vi.advanceTimersByTime(1_001)
    s.setText('a', 'One. Two!')
    expect(store.getState().undoStack).toHaveLength(2)
    store.getState().undo()
    expect(texts()).toEqual(['One. Two', 'Two.'])
    store.getState().undo()
    expect(texts()).toEqual(['One.', 'Two.'])
    store.getState().undo()
    expect(texts()).toEqual(['One.', 'Two.'])
    store.getState().redo()
    store.getState().redo()
    expect(texts()).toEqual(['One. Two!', 'Two.'])
  })

  it('does not merge typing that follows a redo into the redone step, however soon it comes', () => {
    const s = store.getState()
    s.setText('a', 'One. First')
    s.undo()
    s.redo()
    s.setText('a', 'One. First, then more')
    expect(store.getState().undoStack).toHaveLength(2)
    store.getState().undo()
    expect(texts()).toEqual(['One. First', 'Two.'])
  })

  it('does not merge typing in two different blocks, nor across a save', () => {
    const s = store.getState()
    s.setText('a', 'One!')
    s.setText('b', 'Two!')
    expect(store.getState().undoStack).toHaveLength(2)
    s.markSaved({ docId: 'doc_1', fileName: 'harbour.voicedesk.json', location: '/books' }, 3)
    s.setText('b', 'Two!!')
    expect(store.getState().undoStack).toHaveLength(3)
    store.getState().undo()
    expect(texts()).toEqual(['One!', 'Two!'])
  })

  it('undoes and redoes an insert and a delete with order, counts, speakers and voices', () => {
    const s = store.getState()
    const id = s.insertBlockAfter('a', { text: 'Middle.', speaker: 'BOB' })
    expect(currentProject().blocks.map((b) => b.id)).toEqual(['a', id, 'b'])
    expect(store.getState().speakers).toEqual({ ALICE: 1, BOB: 1 })
    expect(store.getState().totalChars).toBe(4 + 7 + 4)
    s.removeBlock('b')
    expect(texts()).toEqual(['One.', 'Middle.'])
    expect(store.getState().blockVoices).toEqual({})
    store.getState().undo()
    expect(currentProject().blocks.map((b) => b.id)).toEqual(['a', id, 'b'])
    expect(store.getState().blockVoices).toEqual({ emma: 1 })
    store.getState().undo()
    expect(texts()).toEqual(['One.', 'Two.'])
    expect(store.getState().speakers).toEqual({ ALICE: 1 })
    expect(store.getState().totalChars).toBe(8)
    store.getState().redo()
    expect(currentProject().blocks.map((b) => b.id)).toEqual(['a', id, 'b'])
  })

  it('a new change clears what could be redone', () => {
    const s = store.getState()
    s.setText('a', 'Changed.')
    store.getState().undo()
    expect(store.getState().redoStack).toHaveLength(1)
    store.getState().setText('b', 'Other.')
    expect(store.getState().redoStack).toEqual([])
    store.getState().redo()
    expect(texts()).toEqual(['One.', 'Other.'])
  })

  it('replaces many texts as one step, and skips blocks whose text is the same', () => {
    store.getState().replaceTexts([
      { id: 'a', text: 'Uno.' },
      { id: 'b', text: 'Two.' },
      { id: 'missing', text: 'x' },
    ])
    expect(texts()).toEqual(['Uno.', 'Two.'])
    expect(store.getState().undoStack).toHaveLength(1)
    store.getState().replaceTexts([{ id: 'a', text: 'Uno.' }])
    expect(store.getState().undoStack).toHaveLength(1)
    store.getState().undo()
    expect(texts()).toEqual(['One.', 'Two.'])
  })

  it('keeps the clean-up rules with the project in the same step as their changes', () => {
    const rules = { ...defaultCleanup(), links: 'remove' as const }
    store.getState().replaceTexts([{ id: 'a', text: 'Uno.' }], rules)
    expect(store.getState().meta.cleanup).toEqual(rules)
    expect(takeDocumentChanges()?.changes.meta?.cleanup).toEqual(rules)
    expect(store.getState().undoStack).toHaveLength(1)
    store.getState().undo()
    expect(texts()).toEqual(['One.', 'Two.'])
    expect(store.getState().meta.cleanup).toBeUndefined()
  })

  it('undoes a lexicon change together with what it did to the billable count', () => {
    const before = store.getState().totalBillable
    store
      .getState()
      .updateMeta({ lexicon: [{ term: 'Two', alias: 'Twenty two', matchCase: true }] })
    expect(store.getState().totalBillable).toBe(before + 'Twenty two'.length - 'Two'.length)
    store.getState().undo()
    expect(store.getState().meta.lexicon).toEqual([])
    expect(store.getState().totalBillable).toBe(before)
  })

  it('never removes the last block, and ignores edits of unknown blocks', () => {
    const s = store.getState()
    s.removeBlock('b')
    store.getState().removeBlock('a')
    expect(texts()).toEqual(['One.'])
    store.getState().setText('nope', 'x')
    store.getState().updateBlock('nope', { text: 'x' })
    expect(store.getState().undoStack).toHaveLength(1)
  })

  it('keeps a voice or pause change as its own step, also right after typing', () => {
    const s = store.getState()
    s.setText('a', 'One!')
    s.updateBlock('a', { voiceId: 'george' })
    s.updateBlock('a', { pauseAfterMs: 900 })
    expect(store.getState().undoStack).toHaveLength(3)
    store.getState().undo()
    expect(currentProject().blocks[0]).toMatchObject({ text: 'One!', voiceId: 'george' })
    expect(currentProject().blocks[0]?.pauseAfterMs).toBeUndefined()
    store.getState().undo()
    expect(currentProject().blocks[0]?.voiceId).toBeUndefined()
    expect(texts()).toEqual(['One!', 'Two.'])
  })

  it('keeps at most 500 steps', () => {
    for (let i = 0; i < 520; i++) store.getState().updateBlock('a', { text: `Edit ${i}` })
    expect(store.getState().undoStack).toHaveLength(500)
    for (let i = 0; i < 500; i++) store.getState().undo()
    // The 20 oldest steps fell off: undo stops at the 20th edit, not at the opened text.
    expect(texts()[0]).toBe('Edit 19')
  })
})

describe('script document store: change tracking', () => {
  it('hands main only what changed since the last take, and is dirty until saved', () => {
    expect(hasPendingChanges()).toBe(false)
    expect(isDirty(store.getState())).toBe(false)
    store.getState().setText('b', 'Two!')
    expect(isDirty(store.getState())).toBe(true)
    const taken = takeDocumentChanges()
    expect(taken).toEqual({
      changes: { blocks: [expect.objectContaining({ id: 'b', text: 'Two!' })] },
      blockIds: ['b'],
      metaChanged: false,
    })
    expect(takeDocumentChanges()).toBeNull()
    store
      .getState()
      .markSaved(
        { docId: 'doc_1', fileName: 'harbour.voicedesk.json', location: '/books' },
        store.getState().revision,
      )
    expect(isDirty(store.getState())).toBe(false)
  })

  it('reports order and meta changes, and puts back changes main did not receive', () => {
    const id = store.getState().insertBlockAfter(null, { text: 'End.' })
    store.getState().updateMeta({ title: 'Harbour, revised' })
    const taken = takeDocumentChanges()
    expect(taken?.blockIds).toEqual([id])
    expect(taken?.metaChanged).toBe(true)
    expect(taken?.changes.order).toEqual(['a', 'b', id])
    expect(taken?.changes.meta?.title).toBe('Harbour, revised')
    expect(hasPendingChanges()).toBe(false)
    restoreDocumentChanges(taken!.changes)
    expect(hasPendingChanges()).toBe(true)
    const again = takeDocumentChanges()
    expect(again?.blockIds).toEqual([id])
    expect(again?.changes.order).toEqual(['a', 'b', id])
  })

  it('sends the whole document when asked for everything', () => {
    const all = takeDocumentChanges(true)
    expect(all?.blockIds).toEqual(['a', 'b'])
    expect(all?.changes.blocks?.map((b) => b.text)).toEqual(['One.', 'Two.'])
    expect(all?.metaChanged).toBe(true)
  })

  it('a recovered draft opens unsaved', () => {
    open([{ id: 'x', text: 'Draft.' }], true)
    expect(isDirty(store.getState())).toBe(true)
  })

  it('undo and redo are changes main must hear about, with the order when a block comes or goes', () => {
    const id = store.getState().insertBlockAfter('a', { text: 'Middle.' })
    takeDocumentChanges()
    store.getState().undo()
    const undone = takeDocumentChanges()
    // The removed block is not sent; the order without it is.
    expect(undone?.changes.blocks).toEqual([])
    expect(undone?.changes.order).toEqual(['a', 'b'])
    store.getState().redo()
    const redone = takeDocumentChanges()
    expect(redone?.blockIds).toEqual([id])
    expect(redone?.changes.order).toEqual(['a', id, 'b'])
  })

  it('an undone text edit sends the block as it is after the undo', () => {
    store.getState().setText('a', 'Changed.')
    takeDocumentChanges()
    store.getState().undo()
    expect(takeDocumentChanges()?.changes.blocks).toEqual([
      expect.objectContaining({ id: 'a', text: 'One.' }),
    ])
  })

  it('an undone settings change sends the settings back, and counts as a change of meta', () => {
    store.getState().updateMeta({ title: 'Renamed' })
    takeDocumentChanges()
    store.getState().undo()
    const taken = takeDocumentChanges()
    expect(taken?.metaChanged).toBe(true)
    expect(taken?.changes.meta?.title).toBe('Harbour')
  })

  it('every step, undo and redo move the revision on; undoing back to a save is still unsaved', () => {
    const start = store.getState().revision
    store.getState().setText('a', 'One!')
    store
      .getState()
      .markSaved(
        { docId: 'doc_1', fileName: 'harbour.voicedesk.json', location: '/books' },
        store.getState().revision,
      )
    store.getState().undo()
    store.getState().redo()
    expect(store.getState().revision).toBe(start + 3)
    // The text is as saved, but the file and main's copy are not known to match: save again.
    expect(texts()).toEqual(['One!', 'Two.'])
    expect(isDirty(store.getState())).toBe(true)
  })

  it('undo of a batch restores every block and marks each as changed', () => {
    store.getState().replaceTexts([
      { id: 'a', text: 'Uno.' },
      { id: 'b', text: 'Dos.' },
    ])
    takeDocumentChanges()
    store.getState().undo()
    expect(texts()).toEqual(['One.', 'Two.'])
    expect(takeDocumentChanges()?.blockIds.sort()).toEqual(['a', 'b'])
  })

  it('opening or closing a script forgets what was waiting to be sent', () => {
    store.getState().setText('a', 'Unsent.')
    open([{ id: 'x', text: 'Other script.' }])
    expect(hasPendingChanges()).toBe(false)
    store.getState().setText('x', 'Edited.')
    store.getState().unload()
    expect(hasPendingChanges()).toBe(false)
    expect(store.getState().undoStack).toEqual([])
  })

  it('sending everything also clears what was waiting', () => {
    store.getState().setText('a', 'Waiting.')
    takeDocumentChanges(true)
    expect(hasPendingChanges()).toBe(false)
  })
})
