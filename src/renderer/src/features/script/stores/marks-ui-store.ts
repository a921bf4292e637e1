import { create } from 'zustand'
import type { MarkedText } from '../../../../../shared/domain/text-mark-edits'

/** Speaks part of a block at once (the workspace's preview, handed over by the marks bar). */
export type SelectionPreview = (blockId: string, selection: { start: number; end: number }) => void

interface MarksUiState {
  /** The block whose marks popover is open (for the selection in it), or null. */
  popoverBlockId: string | null
  preview: SelectionPreview | null
  openPopover(blockId: string): void
  closePopover(): void
  setPreview(preview: SelectionPreview | null): void
}

/** The marks popover: which block it is open on. UI state only. */
export const useMarksUiStore = create<MarksUiState>()((set) => ({
  popoverBlockId: null,
  preview: null,
  setPreview: (preview) => set({ preview }),
  openPopover: (popoverBlockId) => set({ popoverBlockId }),
  closePopover: () => set({ popoverBlockId: null }),
}))

/**
 * The app's own clipboard beside the system's plain text: the marks of the text last copied or
 * cut in a block. A paste whose plain text is that text gets its marks back; any other paste is
 * plain text. Why not a custom clipboard format: other programs never see marks, and this needs
 * no permission.
 */
let copied: MarkedText | null = null

/** Remembers what a block copy put on the clipboard, with its marks. */
export function rememberCopy(piece: MarkedText): void {
  copied = piece.marks.length > 0 ? piece : null
}

/** The marks of a pasted text when it is what the app copied last; else none. */
export function marksForPaste(text: string): MarkedText | null {
  return copied !== null && copied.text === text ? copied : null
}
