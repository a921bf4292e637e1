import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type {
  VoiceoverLine,
  VoiceoverPatch,
  VoiceoverProject,
} from '../../../../../shared/domain/voiceover'
import { patchCachedProject, projectKey } from './project-cache'

// The page's cached project fed with a settings change's patch, in a real react-query client.
// The patch and the re-planned project are main's answers for a three-line project switched from
// `rate` to `stretch` (main's side, through the real dispatcher, is proved in
// src/main/ipc/handlers/voiceover-settings-patch.test.ts): line 2, too long, is stretched; line 3
// has a fit of its own; line 1 only takes the project's new fit, so the patch leaves it out.

const line = (cue: number, more: Partial<VoiceoverLine> = {}): VoiceoverLine => ({
  cue,
  line: cue * 4 - 2,
  startMs: cue * 3000,
  endMs: cue * 3000 + 2500,
  text: `Line ${cue}.`,
  speaker: null,
  voiceId: 'olivia',
  fit: 'rate',
  ownFit: false,
  slotMs: 3000,
  placedMs: cue * 3000,
  spokenMs: 1000,
  overflowMs: 0,
  pushedBy: null,
  action: 'as-is',
  rate: 1,
  measured: false,
  needsSpeaking: true,
  ...more,
})

function project(fit: VoiceoverLine['fit'], lines: VoiceoverLine[], revision: number) {
  return {
    projectId: 'p1',
    revision,
    subtitleName: 'harbour.srt',
    video: null,
    trackEndMs: 12_000,
    settings: { voiceId: 'olivia', cast: {}, fit, maxRate: 1.25, maxStretch: 1.15 },
    speakers: [],
    lines,
    track: null,
  } satisfies VoiceoverProject
}

const before = project(
  'rate',
  [
    line(1),
    line(2, { spokenMs: 2980, rate: 1.25, action: 'rate' }),
    line(3, { fit: 'shift', ownFit: true }),
  ],
  4,
)
const replanned = project(
  'stretch',
  [
    line(1, { fit: 'stretch' }),
    line(2, { fit: 'stretch', spokenMs: 2980, action: 'stretch' }),
    line(3, { fit: 'shift', ownFit: true }),
  ],
  5,
)
const { lines: _lines, revision: _revision, ...summary } = replanned
const patch: VoiceoverPatch = {
  projectId: 'p1',
  baseRevision: 4,
  revision: 5,
  summary,
  changed: [replanned.lines[1]!],
}

describe('a settings change’s patch in the page’s cache', () => {
  it('gives the cached project the re-planned project, the lines not sent taking the new fit', () => {
    const client = new QueryClient()
    client.setQueryData(projectKey('p1'), before)
    patchCachedProject(client, patch)
    expect(client.getQueryData(projectKey('p1'))).toEqual(replanned)
    // A line not sent and unchanged stays the very same object (its row need not redraw).
    const cached = client.getQueryData<VoiceoverProject>(projectKey('p1'))
    expect(cached?.lines[2]).toBe(before.lines[2])
  })

  it('asks main for the whole project again when the cache is not at the patch’s base', () => {
    const client = new QueryClient()
    const stale = { ...before, revision: 3 }
    client.setQueryData(projectKey('p1'), stale)
    patchCachedProject(client, patch)
    expect(client.getQueryData(projectKey('p1'))).toBe(stale)
    expect(client.getQueryState(projectKey('p1'))?.isInvalidated).toBe(true)
  })
})
