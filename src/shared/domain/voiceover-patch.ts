import type { VoiceoverPatch, VoiceoverProject } from './voiceover'

/**
 * The page's view with an edit's patch applied: its changed lines put in place by cue, the summary
 * replaced. Null when the view is not at the revision the patch was made from (an answer missed
 * or out of order): the caller then asks main for the whole view again.
 */
export function applyVoiceoverPatch(
  view: VoiceoverProject | undefined,
  patch: VoiceoverPatch,
): VoiceoverProject | null {
  if (!view || view.projectId !== patch.projectId || view.revision !== patch.baseRevision) {
    return null
  }
  const changed = new Map(patch.changed.map((line) => [line.cue, line]))
  return {
    ...patch.summary,
    revision: patch.revision,
    lines: view.lines.map((line) => changed.get(line.cue) ?? line),
  }
}
