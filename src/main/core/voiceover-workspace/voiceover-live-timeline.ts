import type { VoiceoverFit, VoiceoverLine } from '../../../shared/domain/voiceover'
import type { PlaceInput, PlacedLine } from '../voiceover/line-fit'
import { placeLine, pushedByCue, slotsOf } from '../voiceover/line-fit'
import type { VoicePaces } from '../voiceover/voice-pace'
import type { OpenVoiceover } from './voiceover-state'
import { timelineInput } from './voiceover-state'
import type { Heard, TimelineInput } from './voiceover-timeline'
import { heardOf, lineView, placeInputOf } from './voiceover-timeline'

/** A project's timeline as last worked out, kept so one line's change redoes only what it moves. */
interface Worked {
  /** What every line depends on besides its own words and fit; a change means: work it all out. */
  basis: string
  slots: number[]
  voices: (string | null)[]
  fits: VoiceoverFit[]
  heard: Heard[]
  inputs: PlaceInput[]
  placed: PlacedLine[]
  view: VoiceoverLine[]
}

/** What every line's timing depends on, besides the line itself. */
function basisOf(project: OpenVoiceover, input: TimelineInput, paces: VoicePaces): string {
  const voices = [project.voiceId, ...Object.values(project.cast)]
  return JSON.stringify([
    project.lines.length,
    input.fit,
    input.limits,
    input.trackEndMs,
    project.voiceId,
    project.cast,
    project.track?.finishedAt ?? null,
    voices.map((v) => (v === null ? null : paces.model(v))),
  ])
}

/** Most lines worked out before main's loop gets a turn: a few ms of work under load. */
export const TIMELINE_SLICE_LINES = 100

/**
 * Time a slice may run before main's loop gets a turn, even short of its lines (checked every few
 * lines). Why: on a loaded machine 100 lines took over 20 ms, and every call waited for them.
 */
export const TIMELINE_SLICE_MS = 3
/** Lines between two looks at the clock. */
export const TIMELINE_CHECK_LINES = 10

/** Lets timers and IPC that waited run before the next slice of lines. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * Whether a line lands where it did before, pushed by the same line (then every line after it
 * does too).
 */
const samePlace = (a: PlacedLine | undefined, b: PlacedLine): boolean =>
  a !== undefined &&
  a.placedSample === b.placedSample &&
  a.finalSamples === b.finalSamples &&
  a.overflowSamples === b.overflowSamples &&
  a.pushedBack === b.pushedBack

/**
 * Each open project's timeline, worked out whole once and then again from one changed line on.
 * Why: editing one line of a film's 1,500 redid every line's arithmetic and view on main's loop
 * (94 ms at p99); a line's change moves only the lines up to the first one placed as before.
 */
export class LiveTimelines {
  // Why weak: a closed project's timeline goes with it.
  readonly #worked = new WeakMap<OpenVoiceover, Worked>()

  /**
   * Every line's view, worked out whole, {@link TIMELINE_SLICE_LINES} lines (or
   * {@link TIMELINE_SLICE_MS}) a turn of main's loop.
   * Why in slices: switching a film's fit or voice redoes all of its 1,500 lines, and done in one
   * go that held main for 30 ms quiet and near 200 ms under load, while every other call waited.
   */
  async whole(project: OpenVoiceover, paces: VoicePaces): Promise<VoiceoverLine[]> {
    const input = timelineInput(project, paces)
    // Taken before the first turn: whatever changes meanwhile makes the next edit redo it all.
    const basis = basisOf(project, input, paces)
    const { lines, fit } = input
    const slots = slotsOf(lines, 'next', input.trackEndMs)
    const worked: Worked = {
      basis,
      slots,
      voices: [],
      fits: [],
      heard: [],
      inputs: [],
      placed: [],
      view: [],
    }
    let before: PlacedLine | undefined
    let sliceStart = performance.now()
    let inSlice = 0
    for (let i = 0; i < lines.length; i++) {
      const due =
        inSlice >= TIMELINE_SLICE_LINES ||
        (inSlice > 0 &&
          inSlice % TIMELINE_CHECK_LINES === 0 &&
          performance.now() - sliceStart >= TIMELINE_SLICE_MS)
      if (due) {
        await turn()
        sliceStart = performance.now()
        inSlice = 0
      }
      inSlice += 1
      const line = lines[i]!
      const slotMs = slots[i] ?? 0
      const voiceId = input.voiceOf(line)
      const lineFit = input.fitOf(line)
      const heard = heardOf(input, line, voiceId, lineFit, slotMs)
      const placeInput = placeInputOf(line, slotMs, heard, lineFit)
      const placed = placeLine(placeInput, before, fit, input.limits)
      before = placed
      worked.voices.push(voiceId)
      worked.fits.push(lineFit)
      worked.heard.push(heard)
      worked.inputs.push(placeInput)
      worked.placed.push(placed)
      worked.view.push(
        lineView(
          line,
          {
            voiceId,
            fit: lineFit,
            projectFit: fit,
            slotMs,
            pushedBy: pushedByCue(lines, i, placed),
          },
          heard,
          placed,
        ),
      )
    }
    this.#worked.set(project, worked)
    return worked.view
  }

  /**
   * The view after the line at `index` changed its words or its fit: that line worked out again,
   * and the lines after it placed again until one lands where it did. Answers with the whole
   * view (a new array sharing the unchanged lines) and the lines that changed; the whole
   * timeline again when anything else changed since it was last worked out.
   */
  async lineChanged(
    project: OpenVoiceover,
    paces: VoicePaces,
    index: number,
  ): Promise<{ view: VoiceoverLine[]; changed: VoiceoverLine[] | null }> {
    const worked = this.#worked.get(project)
    const input = timelineInput(project, paces)
    const line = project.lines[index]
    if (!worked || line === undefined || worked.basis !== basisOf(project, input, paces)) {
      return { view: await this.whole(project, paces), changed: null }
    }
    const { fit } = input
    const slotMs = worked.slots[index] ?? 0
    const lineFit = input.fitOf(line)
    worked.fits[index] = lineFit
    const heard = heardOf(input, line, worked.voices[index] ?? null, lineFit, slotMs)
    worked.heard[index] = heard
    worked.inputs[index] = placeInputOf(line, slotMs, heard, lineFit)
    const view = worked.view.slice()
    const changed: VoiceoverLine[] = []
    let before = worked.placed[index - 1]
    for (let i = index; i < project.lines.length; i++) {
      const p = placeLine(worked.inputs[i]!, before, fit, input.limits)
      if (i > index && samePlace(worked.placed[i], p)) break
      worked.placed[i] = p
      before = p
      const at = {
        voiceId: worked.voices[i] ?? null,
        fit: worked.fits[i] ?? fit,
        projectFit: fit,
        slotMs: worked.slots[i] ?? 0,
        pushedBy: pushedByCue(project.lines, i, p),
      }
      const next = lineView(project.lines[i]!, at, worked.heard[i]!, p)
      view[i] = next
      changed.push(next)
    }
    worked.view = view
    return { view, changed }
  }
}
