import { describe, expect, it } from 'vitest'
import type {
  VoiceoverFit,
  VoiceoverPatch,
  VoiceoverProject,
  VoiceoverSettingsInput,
} from '../../../shared/domain/voiceover'
import { applyVoiceoverPatch } from '../../../shared/domain/voiceover-patch'
import { dataOf, dispatchRuntime } from '../../testing/dispatch-runtime'

// The page's copy of a project kept only by main's patch answers, through the real dispatcher:
// each answer applied with applyVoiceoverPatch (what the page's cache does with it, see
// features/voiceover/api/project-cache.ts). Two copies of the sample are opened: the page's,
// changed and patched, and a twin given the same changes, whose whole view (a full re-plan) the
// page's copy must equal after each change.

/** A view without what names one opening of it. */
const comparable = (view: VoiceoverProject) => {
  const { projectId: _id, revision: _revision, ...rest } = view
  return rest
}

type Change = { settings: VoiceoverSettingsInput } | { cue: number; fit: VoiceoverFit | null }

describe('settings changes answered as patches', () => {
  it('keep the page’s copy equal to a full re-plan, sending only the lines that changed', async () => {
    const env = await dispatchRuntime(undefined)
    let page = dataOf<VoiceoverProject>(await env.call('voiceover:openSample', undefined))
    const twin = dataOf<VoiceoverProject>(await env.call('voiceover:openSample', undefined))
    const changes: Change[] = [
      { settings: { voiceId: 'olivia' } },
      { settings: { cast: { TOM: 'george' } } },
      { cue: 2, fit: 'stretch' },
      { settings: { fit: 'shift' } },
      { settings: { maxRate: 1.5 } },
      // Line 2's own fit is now the project's: it shows no fit of its own, then one again.
      { settings: { fit: 'stretch' } },
      { settings: { fit: 'rate' } },
      { settings: { cast: { TOM: null } } },
    ]
    const sent: number[] = []
    for (const change of changes) {
      const call = (projectId: string) =>
        'settings' in change
          ? env.call('voiceover:setSettings', { projectId, settings: change.settings })
          : env.call('voiceover:setLineFit', { projectId, cue: change.cue, fit: change.fit })
      const answer = dataOf<VoiceoverPatch>(await call(page.projectId))
      sent.push(answer.changed.length)
      const next = applyVoiceoverPatch(page, answer)
      expect(next).not.toBeNull()
      page = next!
      dataOf(await call(twin.projectId))
      const replanned = dataOf<VoiceoverProject>(
        await env.call('voiceover:view', { projectId: twin.projectId }),
      )
      expect(comparable(page)).toEqual(comparable(replanned))
    }
    // The fastest pace moved only the lines asked faster; the fit back to `rate` changed every
    // line's inherited fit but sent only the lines whose plan changed.
    expect(sent[4]).toBeLessThan(page.lines.length)
    expect(sent[6]).toBeLessThan(page.lines.length)
  })
})
