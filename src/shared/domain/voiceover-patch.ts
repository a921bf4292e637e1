import type { VoiceoverPatch, VoiceoverProject } from './voiceover'

/**
 * The page's view with an edit's patch applied: its changed lines put in place by cue, the summary
 * replaced, and every other line without a fit of its own given the project's fit (a patch leaves
 * out lines whose only change is that inherited fit). Null when the view is not at the revision
 * the patch was made from (an answer missed or out of order): the caller then asks main for the
 * whole view again.
 */
export function applyVoiceoverPatch(
  view: VoiceoverProject | undefined,
  patch: VoiceoverPatch,
): VoiceoverProject | null {
  if (!view || view.projectId !== patch.projectId || view.revision !== patch.baseRevision) {
    return null
  }
  const changed = new Map(patch.changed.map((line) => [line.cue, line]))
  const { fit } = patch.summary.settings
  return {
    ...patch.summary,
    revision: patch.revision,
    lines: view.lines.map(
      (line) =>
        changed.get(line.cue) ?? (line.ownFit || line.fit === fit ? line : { ...line, fit }),
    ),
  }
}
