import type {
  VoiceoverLine,
  VoiceoverPatch,
  VoiceoverProject,
} from '../../../shared/domain/voiceover'

/**
 * Whether the page's copy of a line `a` reads as main's line `b` once patched (every field is a
 * plain value). A fit the line takes from the project is not compared: the patch's summary
 * carries the project's fit, and applyVoiceoverPatch gives it to every line without one of its
 * own. Why: switching a film's fit changed that field on all 1,500 lines, while most lines stay
 * where and how they were.
 */
function sameLine(a: VoiceoverLine, b: VoiceoverLine): boolean {
  const keys = Object.keys(a) as (keyof VoiceoverLine)[]
  return keys.every((key) => a[key] === b[key] || (key === 'fit' && !a.ownFit && !b.ownFit))
}

/**
 * What main last told the page about each project (its revision and lines), so an edit answers
 * with only the lines that changed. Why: the whole timeline of a film is about half a megabyte,
 * and copying it across IPC on every keystroke-sized edit kept main's loop busy.
 */
export class ShownViews {
  // Why weak: a closed project's last view goes with it, with nothing to forget by hand.
  readonly #shown = new WeakMap<object, { revision: number; lines: VoiceoverLine[] }>()

  /** The whole view, numbered; remembered as what the page now holds. */
  full(project: object, view: Omit<VoiceoverProject, 'revision'>): VoiceoverProject {
    const revision = (this.#shown.get(project)?.revision ?? 0) + 1
    this.#shown.set(project, { revision, lines: view.lines })
    return { ...view, revision }
  }

  /**
   * Only the lines that differ from what the page was last told, and the summary. `known`: the
   * lines the caller knows are the only ones that changed (null: compare them all).
   */
  patch(
    project: object,
    view: Omit<VoiceoverProject, 'revision'>,
    known: VoiceoverLine[] | null = null,
  ): VoiceoverPatch {
    const { lines, ...summary } = view
    const before = this.#shown.get(project)
    const baseRevision = before?.revision ?? 0
    const comparable = before !== undefined && before.lines.length === lines.length
    const changed =
      comparable && known !== null
        ? known
        : comparable
          ? lines.filter((line, i) => {
              const old = before.lines[i]
              return old === undefined || !sameLine(old, line)
            })
          : lines
    const revision = baseRevision + 1
    this.#shown.set(project, { revision, lines })
    return { projectId: view.projectId, baseRevision, revision, summary, changed }
  }
}
