import { create } from 'zustand'

export type SidePanel = 'cast' | 'lexicon' | null

/** Where the caret is: the block and the selection inside it (UTF-16 offsets). */
export interface Caret {
  blockId: string
  start: number
  end: number
}

interface EditorUiState {
  caret: Caret | null
  findOpen: boolean
  replaceOpen: boolean
  panel: SidePanel
  renderDialogOpen: boolean
  /** The project settings dialog (toolbar, File > Project Settings…). */
  projectSettingsOpen: boolean
  /** The Clean up text dialog. */
  cleanupOpen: boolean
  /** The block whose A/B comparison dialog is open. */
  abBlockId: string | null
  /** A block to scroll to and focus (the report's "jump to block", find). */
  reveal: { blockId: string; start: number; end: number; nonce: number } | null
  /** Whether a Word document or EPUB book is imported with its footnotes read (else left out). */
  readFootnotes: boolean
  /** The block whose takes (regenerate, play, choose) are open below its text. */
  takesBlockId: string | null
  /** The chapter outline beside the blocks; remembered on this computer. */
  outlineOpen: boolean
  /**
   * Cast entries to fix, marked in the Cast panel (a blocked render's unknown voice, the banner's
   * missing default): the speakers, and whether the default voice is one. The first one's voice
   * chooser opens (`nonce` tells a new request from an old one).
   */
  castAttention: CastAttention | null
  setCaret(caret: Caret): void
  openFind(replace: boolean): void
  closeFind(): void
  setPanel(panel: SidePanel): void
  setRenderDialogOpen(open: boolean): void
  setProjectSettingsOpen(open: boolean): void
  setCleanupOpen(open: boolean): void
  openAb(blockId: string | null): void
  revealBlock(blockId: string, start?: number, end?: number): void
  setReadFootnotes(read: boolean): void
  openTakes(blockId: string | null): void
  setOutlineOpen(open: boolean): void
  /** In a narrow window, closes the outline when a side panel is open too (one at a time). */
  fitPanelsToWindow(): void
  /** Opens the Cast panel with these entries marked, the first one's chooser open. */
  attendCast(entries: { speakers: string[]; defaultVoice: boolean }): void
  /** Unmarks one cast entry (its voice was chosen): a speaker's name, or null for the default. */
  settleCast(speaker: string | null): void
  /** Notes that the marked entry's chooser has opened: it does not open again by itself. */
  markCastOpened(): void
}

/** Cast entries marked for the user's attention; see EditorUiState.castAttention. */
export interface CastAttention {
  speakers: string[]
  defaultVoice: boolean
  nonce: number
  /** The first entry's chooser has opened once (closing and opening Cast leaves it closed). */
  opened: boolean
}

const OUTLINE_KEY = 'voicedesk.script.outline'

/** The outline's remembered state; closed when the page's storage cannot be read. */
function rememberedOutline(): boolean {
  try {
    return globalThis.localStorage?.getItem(OUTLINE_KEY) === 'open'
  } catch {
    return false
  }
}

/** Remembers the outline's state; a storage that refuses only means it is not remembered. */
function rememberOutline(open: boolean): void {
  try {
    globalThis.localStorage?.setItem(OUTLINE_KEY, open ? 'open' : 'closed')
  } catch {
    // Why ignored: a view preference that is not kept is no loss to the user's work.
  }
}

/** The window width at and under which the editor shows one side panel at a time (script.css). */
export const ONE_PANEL_QUERY = '(max-width: 1100px)'

/**
 * Whether the window is narrow: the outline and a side panel side by side would leave the script
 * a column where every one-line block wraps, so opening one closes the other.
 */
function oneSidePanelOnly(): boolean {
  return globalThis.matchMedia?.(ONE_PANEL_QUERY).matches ?? false
}

/** Editor chrome: caret, find bar, side panel, dialogs. UI state only. */
export const useEditorUiStore = create<EditorUiState>()((set) => ({
  caret: null,
  findOpen: false,
  replaceOpen: false,
  panel: null,
  renderDialogOpen: false,
  projectSettingsOpen: false,
  cleanupOpen: false,
  abBlockId: null,
  reveal: null,
  readFootnotes: false,
  takesBlockId: null,
  outlineOpen: rememberedOutline(),
  castAttention: null,
  setCaret: (caret) => set({ caret }),
  openFind: (replace) => set({ findOpen: true, replaceOpen: replace }),
  closeFind: () => set({ findOpen: false, replaceOpen: false }),
  // Why the outline closes unremembered: it was not the user's choice, only the window's size.
  setPanel: (panel) =>
    set(panel !== null && oneSidePanelOnly() ? { panel, outlineOpen: false } : { panel }),
  setRenderDialogOpen: (open) => set({ renderDialogOpen: open }),
  setProjectSettingsOpen: (open) => set({ projectSettingsOpen: open }),
  setCleanupOpen: (open) => set({ cleanupOpen: open }),
  openAb: (blockId) => set({ abBlockId: blockId }),
  revealBlock: (blockId, start = 0, end = start) =>
    set({ reveal: { blockId, start, end, nonce: Date.now() } }),
  setReadFootnotes: (readFootnotes) => set({ readFootnotes }),
  openTakes: (takesBlockId) => set({ takesBlockId }),
  setOutlineOpen: (outlineOpen) => {
    rememberOutline(outlineOpen)
    set(outlineOpen && oneSidePanelOnly() ? { outlineOpen, panel: null } : { outlineOpen })
  },
  fitPanelsToWindow: () =>
    set((state) =>
      state.outlineOpen && state.panel !== null && oneSidePanelOnly()
        ? { outlineOpen: false }
        : state,
    ),
  attendCast: (entries) =>
    set((state) => ({
      panel: 'cast',
      outlineOpen: state.outlineOpen && !oneSidePanelOnly(),
      castAttention: { ...entries, nonce: Date.now(), opened: false },
    })),
  markCastOpened: () =>
    set((state) =>
      state.castAttention === null || state.castAttention.opened
        ? state
        : { castAttention: { ...state.castAttention, opened: true } },
    ),
  settleCast: (speaker) =>
    set((state) => {
      const was = state.castAttention
      if (was === null) return state
      const next = {
        ...was,
        speakers: speaker === null ? was.speakers : was.speakers.filter((s) => s !== speaker),
        defaultVoice: speaker === null ? false : was.defaultVoice,
      }
      return {
        castAttention: next.speakers.length === 0 && !next.defaultVoice ? null : next,
      }
    }),
}))
