import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ONE_PANEL_QUERY, useEditorUiStore } from './editor-ui-store'

/** A window of this width, as far as the store's media query can tell. */
function windowWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === ONE_PANEL_QUERY && width <= 1100,
  }))
}

describe('side panels and the window width', () => {
  beforeEach(() => useEditorUiStore.setState({ panel: null, outlineOpen: false }))
  afterEach(() => vi.unstubAllGlobals())

  it('in a narrow window, opening Cast closes Chapters and opening Chapters closes Cast', () => {
    windowWidth(1024)
    const ui = useEditorUiStore.getState()
    ui.setOutlineOpen(true)
    ui.setPanel('cast')
    expect(useEditorUiStore.getState()).toMatchObject({ panel: 'cast', outlineOpen: false })
    ui.setOutlineOpen(true)
    expect(useEditorUiStore.getState()).toMatchObject({ panel: null, outlineOpen: true })
    ui.attendCast({ speakers: ['ALICE'], defaultVoice: false })
    expect(useEditorUiStore.getState()).toMatchObject({ panel: 'cast', outlineOpen: false })
  })

  it('in a wide window, Chapters and Cast stay open together', () => {
    windowWidth(1280)
    const ui = useEditorUiStore.getState()
    ui.setOutlineOpen(true)
    ui.setPanel('lexicon')
    ui.attendCast({ speakers: [], defaultVoice: true })
    expect(useEditorUiStore.getState()).toMatchObject({ panel: 'cast', outlineOpen: true })
  })

  it('a window made narrow with both open keeps the panel and closes the outline', () => {
    windowWidth(1920)
    useEditorUiStore.getState().setOutlineOpen(true)
    useEditorUiStore.getState().setPanel('cast')
    useEditorUiStore.getState().fitPanelsToWindow()
    expect(useEditorUiStore.getState()).toMatchObject({ panel: 'cast', outlineOpen: true })
    windowWidth(1024)
    useEditorUiStore.getState().fitPanelsToWindow()
    expect(useEditorUiStore.getState()).toMatchObject({ panel: 'cast', outlineOpen: false })
  })
})
