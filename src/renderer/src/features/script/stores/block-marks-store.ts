import { create } from 'zustand'
import type { BlockAudioState } from '../../../../../shared/domain/script-workspace'

/**
 * The cached/stale marks main computed for blocks, merged as partial answers arrive (a check
 * after an edit asks only about the blocks that changed). Not a react-query cache: it is filled
 * incrementally, and a 100,000-word script must not be re-asked in full after each keystroke.
 */
interface BlockMarksState {
  marks: Record<string, BlockAudioState>
  merge(marks: Record<string, BlockAudioState>): void
  clear(): void
}

export const useBlockMarksStore = create<BlockMarksState>()((set) => ({
  marks: {},
  merge: (marks) => set((state) => ({ marks: { ...state.marks, ...marks } })),
  clear: () => set({ marks: {} }),
}))
