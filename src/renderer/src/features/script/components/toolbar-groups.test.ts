import { beforeEach, describe, expect, it } from 'vitest'
import { useEditorUiStore } from '../stores/editor-ui-store'
import { editingGroups } from './toolbar-groups'
import type { EditingState } from './toolbar-groups'

const idle: EditingState = {
  canUndo: false,
  canRedo: false,
  hasSelection: false,
  panel: null,
  outlineOpen: false,
}

function action(state: EditingState, group: string, id: string) {
  const found = editingGroups(state)
    .find((g) => g.id === group)
    ?.actions.find((a) => a.id === id)
  if (found === undefined) throw new Error(`no ${group}/${id} in the toolbar`)
  return found
}

describe('editingGroups', () => {
  beforeEach(() => useEditorUiStore.getState().setPanel(null))

  it('folds Replace and Settings first, then pace, Pronunciations, Find, markup, edit; Chapters and Cast last', () => {
    const folds = editingGroups(idle)
      .map((g) => [g.id, g.fold] as const)
      .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
      .map(([id]) => id)
    expect(folds).toEqual(['find-more', 'pace', 'lexicon', 'find', 'markup', 'edit', 'panels'])
  })

  it('gives every markup, find and panel tool its word, short where the name is a sentence', () => {
    const words = editingGroups(idle)
      .filter((g) => g.id !== 'edit')
      .flatMap((g) => g.actions.map((a) => (a.showLabel === true ? (a.word ?? a.label) : null)))
    expect(words).toEqual([
      'Pause',
      'Emphasis',
      'Slower',
      'Faster',
      'Find',
      'Replace',
      'Settings',
      'Chapters',
      'Cast',
      'Pronunciations',
    ])
    // The word is part of the name a screen reader says (label in name).
    for (const action of editingGroups(idle).flatMap((g) => g.actions))
      if (action.word !== undefined)
        expect(action.label.toLowerCase()).toContain(action.word.toLowerCase())
  })

  it('names the pronunciations panel as its heading does', () => {
    expect(action(idle, 'lexicon', 'lexicon').label).toBe('Pronunciations')
  })

  it.each([
    [false, false],
    [true, false],
    [false, true],
  ])('Undo enabled %s and Redo enabled %s as the history allows', (canUndo, canRedo) => {
    const state = { ...idle, canUndo, canRedo }
    expect(action(state, 'edit', 'undo').disabled).toBe(!canUndo)
    expect(action(state, 'edit', 'redo').disabled).toBe(!canRedo)
  })

  it.each(['emphasis', 'slow', 'fast'])(
    'without a selection, %s is disabled and says to select some text',
    (id) => {
      const group = id === 'emphasis' ? 'markup' : 'pace'
      const off = action(idle, group, id)
      expect(off.disabled).toBe(true)
      expect(off.label).toMatch(/\(select some text first\)$/)
      expect(off.hint).toMatch(/\(select some text first\)$/)
      const on = action({ ...idle, hasSelection: true }, group, id)
      expect(on.disabled).toBe(false)
      expect(on.label).not.toContain('select some text')
    },
  )

  it('always offers a pause at the caret, which needs no selection', () => {
    const pause = action(idle, 'markup', 'break')
    expect(pause.disabled).toBeFalsy()
    expect(pause.label).toBe('Insert a pause')
  })

  it('shows the open side panel pressed, and its button shows then hides it', () => {
    expect(action({ ...idle, panel: 'lexicon' }, 'lexicon', 'lexicon').pressed).toBe(true)
    expect(action({ ...idle, panel: 'lexicon' }, 'panels', 'cast').pressed).toBe(false)
    action(idle, 'panels', 'cast').onSelect()
    expect(useEditorUiStore.getState().panel).toBe('cast')
    action({ ...idle, panel: 'cast' }, 'panels', 'cast').onSelect()
    expect(useEditorUiStore.getState().panel).toBeNull()
  })

  it('opens find alone, or with replace', () => {
    action(idle, 'find-more', 'replace').onSelect()
    expect(useEditorUiStore.getState()).toMatchObject({ findOpen: true, replaceOpen: true })
    useEditorUiStore.getState().closeFind()
    action(idle, 'find', 'find').onSelect()
    expect(useEditorUiStore.getState()).toMatchObject({ findOpen: true, replaceOpen: false })
  })
})
