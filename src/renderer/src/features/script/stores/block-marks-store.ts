import { create } from 'zustand'
import type { BlockMark } from '../../../../../shared/domain/script-workspace'

/**
 * The marks main computed for blocks (state, and a rendered block's length), merged as partial
 * answers arrive (a check after an edit asks only about the blocks that changed). Not a
 * react-query cache: it is filled incrementally, and a 100,000-word script must not be re-asked in
 * full after each keystroke.
 */
interface BlockMarksState {
  marks: Record<string, BlockMark>
  /** A render of the open script is under way: its blocks without audio yet read "Rendering…". */
  rendering: boolean
  /** The block the running render is at (the first one without its audio); the rest wait. */
  inFlight: string | null
  merge(marks: Record<string, BlockMark>): void
  clear(): void
  setRendering(rendering: boolean): void
  setInFlight(id: string | null): void
}

/** Keeps the mark a block already has when the new one says the same, so its row is not drawn again. */
function sameMark(a: BlockMark | undefined, b: BlockMark): boolean {
  return a !== undefined && a.state === b.state && a.seconds === b.seconds
}

export const useBlockMarksStore = create<BlockMarksState>()((set) => ({
  marks: {},
  rendering: false,
  inFlight: null,
  setRendering: (rendering) =>
    set((state) => (state.rendering === rendering ? state : { rendering })),
  setInFlight: (inFlight) => set((state) => (state.inFlight === inFlight ? state : { inFlight })),
  merge: (marks) =>
    set((state) => {
      let next: Record<string, BlockMark> | null = null
      for (const [id, mark] of Object.entries(marks)) {
        if (sameMark(state.marks[id], mark)) continue
        next ??= { ...state.marks }
        next[id] = mark
      }
      return next === null ? state : { marks: next }
    }),
  clear: () => set({ marks: {} }),
}))

/** How many blocks main marks as changed since their render. */
export function countStale(marks: Record<string, BlockMark>): number {
  let stale = 0
  for (const id in marks) if (marks[id]?.state === 'stale') stale++
  return stale
}
