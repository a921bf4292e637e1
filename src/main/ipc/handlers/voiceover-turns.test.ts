import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { VoiceoverPatch, VoiceoverProject } from '../../../shared/domain/voiceover'
import { applyVoiceoverPatch } from '../../../shared/domain/voiceover-patch'
import {
  TIMELINE_CHECK_LINES,
  TIMELINE_SLICE_LINES,
  TIMELINE_SLICE_MS,
} from '../../core/voiceover-workspace/voiceover-live-timeline'
import { lineView } from '../../core/voiceover-workspace/voiceover-timeline'
import type * as Timeline from '../../core/voiceover-workspace/voiceover-timeline'
import { useTempDirs } from '../../testing/temp-dir'
import { dataOf, dispatchRuntime } from '../../testing/dispatch-runtime'

// A film's settings changed through the real dispatcher: its whole timeline is worked out a slice
// of lines at a time, so main's loop turns between slices (counted by the line views made before
// the first turn, not by a clock), and a change sent meanwhile is worked out after it, whole.

vi.mock('../../core/voiceover-workspace/voiceover-timeline', async (original) => {
  const actual = await original<typeof Timeline>()
  return { ...actual, lineView: vi.fn(actual.lineView) }
})

const tempDir = useTempDirs('vd-ipc-voiceover-turns-')
const CUES = 1_000

/** `count` cues `stepMs` apart, each shown for most of its slot, with the words `wordsOf` gives. */
function subtitles(count: number, stepMs: number, wordsOf: (i: number) => string): string {
  const t = (ms: number): string => {
    const two = (n: number): string => String(n).padStart(2, '0')
    const s = Math.floor(ms / 1000)
    return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)},${String(ms % 1000).padStart(3, '0')}`
  }
  return Array.from({ length: count }, (_, i) => {
    const start = i * stepMs + 200
    return `${i + 1}\n${t(start)} --> ${t(start + stepMs - 400)}\n${wordsOf(i)}\n`
  }).join('\n')
}

/** `count` cues two seconds apart, every third too long for its slot. */
const film = (count: number): string =>
  subtitles(count, 2000, (i) =>
    i % 3 === 0
      ? 'ANNA: Nobody on the quay had expected the storm to pass so quickly that grey morning.'
      : 'ANNA: The bells rang.',
  )

/**
 * The cues whose line reads differently in `b` than in `a`, the fit a line takes from the
 * project aside (a patch leaves that to its summary).
 */
const planChanged = (a: VoiceoverProject, b: VoiceoverProject): number[] =>
  b.lines
    .filter((line, i) => {
      const old = a.lines[i]!
      const inherited = !old.ownFit && !line.ownFit
      return JSON.stringify(inherited ? { ...old, fit: line.fit } : old) !== JSON.stringify(line)
    })
    .map((line) => line.cue)

async function openFilm(srt = film(CUES)): Promise<{
  env: Awaited<ReturnType<typeof dispatchRuntime>>
  opened: VoiceoverProject
}> {
  const env = await dispatchRuntime(undefined)
  const path = join(await tempDir(), 'film.srt')
  await writeFile(path, srt)
  env.recorder.answerNextOpen([path])
  const opened = dataOf<VoiceoverProject>(await env.call('voiceover:open', undefined))
  expect(opened.lines).toHaveLength(CUES)
  return { env, opened }
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

describe('voiceover:setSettings on a film', () => {
  it('works the timeline out a slice of lines per turn of main’s loop', async () => {
    const { env, opened } = await openFilm()
    const made = vi.mocked(lineView)
    for (const settings of [
      { fit: 'shift' },
      { voiceId: 'olivia' },
      { cast: { ANNA: 'george' } },
    ]) {
      made.mockClear()
      const answer = env.call('voiceover:setSettings', { projectId: opened.projectId, settings })
      await nextTurn()
      // One slice at most before main's loop got its first turn; all of them by the answer.
      expect(made.mock.calls.length).toBeGreaterThan(0)
      expect(made.mock.calls.length).toBeLessThanOrEqual(TIMELINE_SLICE_LINES)
      dataOf<VoiceoverPatch>(await answer)
      expect(made.mock.calls.length).toBe(CUES)
    }
  })

  it('gives main’s loop a turn once a slice has run its time, short of its lines', async () => {
    const { env, opened } = await openFilm()
    const made = vi.mocked(lineView)
    made.mockClear()
    // Each read of the clock is a slice's whole time later, as on a machine so loaded that a few
    // lines take that long: the first look at the clock ends the slice.
    let now = 0
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += TIMELINE_SLICE_MS))
    try {
      const answer = env.call('voiceover:setSettings', {
        projectId: opened.projectId,
        settings: { fit: 'shift' },
      })
      await nextTurn()
      expect(made.mock.calls.length).toBeGreaterThan(0)
      expect(made.mock.calls.length).toBeLessThanOrEqual(TIMELINE_CHECK_LINES)
      expect(TIMELINE_CHECK_LINES).toBeLessThan(TIMELINE_SLICE_LINES)
      dataOf<VoiceoverPatch>(await answer)
      expect(made.mock.calls.length).toBe(CUES)
    } finally {
      clock.mockRestore()
    }
  })

  it('answers with only the lines whose plan changed, and the patched view equals a fresh one', async () => {
    // Every fifth line needs about 137% of its voice's pace: too long at 125% (it runs into the
    // next line and pushes it a little), fitting at 150%. The others fit as they are.
    const medium = 'Nobody on the quay had expected the storm to pass so quickly.'
    const srt = subtitles(CUES, 3000, (i) => (i % 5 === 0 ? medium : 'The bells rang.'))
    const { env, opened } = await openFilm(srt)
    const { projectId } = opened
    const tooLong = opened.lines.filter((l) => l.action === 'overflow').map((l) => l.cue)
    expect(tooLong).toEqual(opened.lines.filter((_, i) => i % 5 === 0).map((l) => l.cue))
    // What such a line moves: itself and the line it pushes.
    const moved = opened.lines.filter((_, i) => i % 5 <= 1).map((l) => l.cue)
    expect(opened.lines.filter((_, i) => i % 5 === 1).every((l) => l.action === 'shifted')).toBe(
      true,
    )

    let page = opened
    for (const settings of [{ maxRate: 1.5 }, { fit: 'stretch' }]) {
      const answer = dataOf<VoiceoverPatch>(
        await env.call('voiceover:setSettings', { projectId, settings }),
      )
      const fresh = dataOf<VoiceoverProject>(await env.call('voiceover:view', { projectId }))
      expect(answer).not.toHaveProperty('lines')
      // Only the lines whose plan changed come back, not the whole film (the fit every line takes
      // from the project changes on all of them with `stretch`: the summary carries it).
      expect(answer.changed.map((l) => l.cue)).toEqual(moved)
      expect(answer.changed.map((l) => l.cue)).toEqual(planChanged(page, fresh))
      const next = applyVoiceoverPatch(page, answer)
      expect(next).not.toBeNull()
      expect({ ...next, revision: 0 }).toEqual({ ...fresh, revision: 0 })
      // The view asked for is an answer too: the page holds it from here on.
      page = fresh
    }
    expect(page.lines.every((l) => l.fit === 'stretch' && !l.ownFit)).toBe(true)
  })

  it('answers an edit sent meanwhile after the settings, so the page’s view equals a fresh one', async () => {
    const { env, opened } = await openFilm()
    const { projectId } = opened
    const settled = env.call('voiceover:setSettings', { projectId, settings: { fit: 'shift' } })
    await nextTurn()
    const edited = env.call('voiceover:editLine', { projectId, cue: 901, text: 'Yes.' })
    const afterSettings = applyVoiceoverPatch(opened, dataOf<VoiceoverPatch>(await settled))
    if (afterSettings === null) throw new Error('the settings’ answer did not apply to the view')
    // The settings' answer was worked out before the edit: line 901 still has its old words.
    expect(afterSettings.lines[900]!.text).not.toBe('Yes.')
    expect(afterSettings.settings.fit).toBe('shift')
    const patch = dataOf<VoiceoverPatch>(await edited)
    const page = applyVoiceoverPatch(afterSettings, patch)
    expect(page).not.toBeNull()
    const fresh = dataOf<VoiceoverProject>(await env.call('voiceover:view', { projectId }))
    expect(page!.lines[900]!.text).toBe('Yes.')
    expect(page!.lines).toEqual(fresh.lines)
  })
})
