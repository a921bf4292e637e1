import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { VoiceoverPatch, VoiceoverProject } from '../../../shared/domain/voiceover'
import { applyVoiceoverPatch } from '../../../shared/domain/voiceover-patch'
import { TIMELINE_SLICE_LINES } from '../../core/voiceover-workspace/voiceover-live-timeline'
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

/** `count` cues two seconds apart, every third too long for its slot. */
function film(count: number): string {
  const t = (ms: number): string => {
    const two = (n: number): string => String(n).padStart(2, '0')
    const s = Math.floor(ms / 1000)
    return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)},${String(ms % 1000).padStart(3, '0')}`
  }
  return Array.from({ length: count }, (_, i) => {
    const words =
      i % 3 === 0
        ? 'Nobody on the quay had expected the storm to pass so quickly that grey morning.'
        : 'The bells rang.'
    return `${i + 1}\n${t(i * 2000 + 200)} --> ${t(i * 2000 + 1800)}\nANNA: ${words}\n`
  }).join('\n')
}

async function openFilm(): Promise<{
  env: Awaited<ReturnType<typeof dispatchRuntime>>
  opened: VoiceoverProject
}> {
  const env = await dispatchRuntime(undefined)
  const path = join(await tempDir(), 'film.srt')
  await writeFile(path, film(CUES))
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
      const view = dataOf<VoiceoverProject>(await answer)
      expect(made.mock.calls.length).toBe(CUES)
      expect(view.lines).toHaveLength(CUES)
    }
  })

  it('answers an edit sent meanwhile after the settings, so the page’s view equals a fresh one', async () => {
    const { env, opened } = await openFilm()
    const { projectId } = opened
    const settled = env.call('voiceover:setSettings', { projectId, settings: { fit: 'shift' } })
    await nextTurn()
    const edited = env.call('voiceover:editLine', { projectId, cue: 901, text: 'Yes.' })
    const afterSettings = dataOf<VoiceoverProject>(await settled)
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
