import { describe, expect, it } from 'vitest'
import type { VoiceoverFit } from '../../../shared/domain/voiceover'
import { VoicePaces } from '../voiceover/voice-pace'
import type { TimedLine } from '../voiceover/subtitle-lines'
import { LiveTimelines } from './voiceover-live-timeline'
import { newVoiceover, timelineInput } from './voiceover-state'
import { timelineOf } from './voiceover-timeline'

// One line's change worked out from that line on must give exactly the timeline worked out whole:
// after every edit and fit change of a long run, in each fit, including a change that pushes
// (or stops pushing) many later lines.

const WORDS = [
  'Listen.',
  'We have to leave before the tide comes in.',
  'The boats are coming back, all of them, one after another, just like the old man said.',
]

function film(count: number): TimedLine[] {
  return Array.from({ length: count }, (_, i) => ({
    cue: i + 1,
    line: i * 4 + 1,
    startMs: i * 2000 + 200,
    endMs: i * 2000 + 1800,
    text: WORDS[i % WORDS.length]!,
    speaker: i % 2 === 0 ? 'ANNA' : null,
  }))
}

/** A small deterministic sequence of numbers (no Math.random: a failure must replay). */
function sequence(seed: number): () => number {
  let x = seed
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648
    return x / 2_147_483_648
  }
}

describe('a timeline worked out from one changed line on', () => {
  it.each<VoiceoverFit>(['rate', 'stretch', 'shift'])(
    'equals the whole timeline after each of 45 edits and fit changes (project fit %s)',
    async (fit) => {
      const paces = await VoicePaces.open(null)
      const project = newVoiceover('film.srt', film(150), null)
      project.voiceId = 'olivia'
      project.cast = { ANNA: 'george' }
      project.fit = fit
      const live = new LiveTimelines()
      await live.whole(project, paces)
      const next = sequence(fit.length)
      let partial = 0
      for (let k = 0; k < 45; k++) {
        const index = Math.floor(next() * project.lines.length)
        const line = project.lines[index]!
        if (k % 3 === 2) {
          const fits: VoiceoverFit[] = ['rate', 'stretch', 'shift']
          project.lineFits.set(line.cue, fits[Math.floor(next() * 3)]!)
        } else {
          // Long words push the lines after; short ones let them back to their cues.
          const long = `${WORDS[2]} ${WORDS[2]} ${WORDS[2]}`
          project.lines[index] = { ...line, text: k % 2 === 0 ? long : 'Yes.' }
        }
        const { view, changed } = await live.lineChanged(project, paces, index)
        expect(view).toEqual(timelineOf(timelineInput(project, paces)))
        expect(changed).not.toBeNull()
        if (changed !== null && changed.length < project.lines.length) partial++
        expect(changed?.some((l) => l.cue === line.cue)).toBe(true)
      }
      // Most changes moved only some lines: the work was not redone whole each time.
      expect(partial).toBeGreaterThan(20)
    },
  )

  it('is worked out whole again when the project’s fit, voice or pace changed since', async () => {
    const paces = await VoicePaces.open(null)
    const project = newVoiceover('film.srt', film(40), null)
    project.voiceId = 'olivia'
    const live = new LiveTimelines()
    await live.whole(project, paces)
    project.fit = 'shift'
    project.lines[3] = { ...project.lines[3]!, text: 'Yes.' }
    const afterFit = await live.lineChanged(project, paces, 3)
    expect(afterFit.changed).toBeNull()
    expect(afterFit.view).toEqual(timelineOf(timelineInput(project, paces)))
    paces.record('olivia', 100, 20, 1)
    const afterPace = await live.lineChanged(project, paces, 5)
    expect(afterPace.changed).toBeNull()
    expect(afterPace.view).toEqual(timelineOf(timelineInput(project, paces)))
  })
})
