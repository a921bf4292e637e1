import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createProject } from '../../../../../shared/domain/script'
import { compileQuery } from '../hooks/find-matches'
import {
  currentProject,
  takeDocumentChanges,
  useScriptDocumentStore,
} from './script-document-store'
import { marksForPaste, rememberCopy } from './marks-ui-store'

const store = useScriptDocumentStore
const words = (): string[] => {
  const block = currentProject().blocks[0]!
  return (block.marks ?? []).map((m) => block.text.slice(m.start, m.end))
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-27T12:00:00.000Z'))
  store.getState().load({
    docId: 'doc_1',
    project: createProject({
      blocks: [
        {
          id: 'a',
          text: 'It was screaming.',
          marks: [{ kind: 'emphasis', start: 7, end: 16, value: 'moderate' }],
        },
      ],
    }),
    fileName: null,
    location: null,
    unsaved: true,
  })
  takeDocumentChanges()
})

afterEach(() => {
  store.getState().unload()
  vi.useRealTimers()
})

describe('marks in the document store', () => {
  it('move with typing before them and come back with undo and redo', () => {
    store.getState().setText('a', 'Oh, it was screaming.', 4)
    expect(words()).toEqual(['screaming'])
    expect(currentProject().blocks[0]!.marks![0]!.start).toBe(11)
    store.getState().undo()
    expect(currentProject().blocks[0]!.marks![0]!.start).toBe(7)
    store.getState().redo()
    expect(words()).toEqual(['screaming'])
  })

  it('are set and taken off as one undo step each, and go to main with the block', () => {
    store.getState().setMarks('a', [{ kind: 'emotion', start: 0, end: 6, value: 'sad' }])
    expect(words()).toEqual(['It was'])
    expect(takeDocumentChanges()?.changes.blocks?.[0]?.marks).toEqual([
      { kind: 'emotion', start: 0, end: 6, value: 'sad' },
    ])
    store.getState().undo()
    expect(words()).toEqual(['screaming'])
  })

  it('follow a replace-all, as one undo step', async () => {
    const { pattern } = compileQuery({ text: 'It', regex: false, matchCase: true })
    const { replaceMarked } = await import('../../../../../shared/domain/text-mark-edits')
    const block = currentProject().blocks[0]!
    const out = replaceMarked({ text: block.text, marks: block.marks! }, pattern!, () => 'She')
    store.getState().replaceTexts([{ id: 'a', text: out.text, marks: out.marks }])
    expect(currentProject().blocks[0]!.text).toBe('She was screaming.')
    expect(words()).toEqual(['screaming'])
    store.getState().undo()
    expect(words()).toEqual(['screaming'])
    expect(currentProject().blocks[0]!.text).toBe('It was screaming.')
  })

  it('come back with a paste of what the app copied, and not with other text', () => {
    rememberCopy({
      text: 'screaming',
      marks: [{ kind: 'emphasis', start: 0, end: 9, value: 'moderate' }],
    })
    expect(marksForPaste('screaming')?.marks).toHaveLength(1)
    expect(marksForPaste('screaming!')).toBeNull()
  })
})
