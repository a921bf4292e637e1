import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { startHarness } from '../upstream/test/helpers'
import { openPieceCache } from '../narration/fetch/piece-cache'
import type { SpeechSource } from '../narration/fetch/speech-source'
import { upstreamSpeechSource } from '../narration/fetch/upstream-speech-source'
import { useServiceAndDir } from '../../testing/service-dir'
import { DEFAULT_FIT_LIMITS } from './line-fit'
import { linesOrRefuse } from './subtitle-check'
import { parseSubtitleText } from './subtitle-parse'
import { DEFAULT_PACE_CPS, VoicePaces, predictRate } from './voice-pace'
import * as offload from './voiceover-offload'
import { renderVoiceover } from './voiceover-render'

// A line is measured as soon as its own audio is in, asked again at once when it still
// overflows, and written to the track once final, all while later lines are still being spoken:
// doing any of it only after the last answer left the service idle at the end of a film's render.
// Shown with the last line's answer held back until the awaited event happened (events, not a
// clock).

const testbed = useServiceAndDir('vd-voiceover-speak-', () => startHarness())

/** A source whose answers to inputs containing `held` wait until `release()`; records inputs. */
function holdingSource(held: string): {
  source: SpeechSource
  inputs: string[]
  release: () => void
} {
  let release = (): void => undefined
  const gate = new Promise<void>((resolve) => (release = resolve))
  const inputs: string[] = []
  const upstream = upstreamSpeechSource(testbed.service.client)
  return {
    inputs,
    release: () => release(),
    source: {
      get maxInFlight() {
        return upstream.maxInFlight
      },
      async synthesizePiece(request, signal) {
        inputs.push(request.input)
        if (request.input.includes(held)) await gate
        return upstream.synthesizePiece(request, signal)
      },
    },
  }
}

/** Renders `srt` (named `name`) with Olivia and `fit`, through `source`, in a cache of its own. */
async function renderSubtitles(
  srt: string,
  name: string,
  fit: 'rate' | 'stretch',
  source: SpeechSource,
  more: { paces?: VoicePaces; keepRates?: number[] } = {},
): ReturnType<typeof renderVoiceover> {
  return renderVoiceover({
    lines: linesOrRefuse(parseSubtitleText(srt, `${name}.srt`), 'refuse'),
    settings: {
      title: name,
      voiceId: 'olivia',
      cast: {},
      fit,
      slotEnd: 'next',
      limits: DEFAULT_FIT_LIMITS,
      defaults: { format: 'wav' },
    },
    outputPath: join(testbed.dir, `${name}.wav`),
    source,
    cache: await openPieceCache(join(testbed.dir, `cache-${name}`)),
    paces: more.paces ?? (await VoicePaces.open(null)),
    trackEndMs: null,
    ...(more.keepRates === undefined ? {} : { keepRates: more.keepRates }),
  })
}

const SRT = `1\n00:00:00,500 --> 00:00:02,000\nThe harbour was quiet.\n\n2\n00:00:02,500 --> 00:00:04,000\nThen the bells rang.\n\n3\n00:00:05,000 --> 00:00:07,000\nThe last boat came home.\n`

describe('speaking a voice-over', () => {
  it('measures each line while the lines after it are still being spoken', async () => {
    const measured: string[][] = []
    const run = offload.runVoiceoverOffMain
    const spy = vi.spyOn(offload, 'runVoiceoverOffMain')
    spy.mockImplementation((task) => {
      if (task.kind === 'measure') measured.push(task.paths)
      return run(task)
    })
    // The last line is answered only once both lines before it were measured.
    const { source, release } = holdingSource('last boat')
    const rendering = renderSubtitles(SRT, 'harbour', 'stretch', source)
    try {
      await vi.waitUntil(() => measured.length === 2, { timeout: 30_000, interval: 10 })
    } finally {
      release()
      spy.mockRestore()
    }
    const result = await rendering
    expect(result.requests).toBe(3)
    expect(result.lines.map((l) => l.action)).toEqual(['as-is', 'as-is', 'as-is'])
  })

  it('asks an overflowing line again as soon as it is measured, before later lines are answered', async () => {
    // The first line needs about 150% of its 3 s slot at its natural pace.
    const srt = `1\n00:00:00,500 --> 00:00:03,400\nNobody on the quay had expected the storm to pass so quickly that morning.\n\n2\n00:00:03,500 --> 00:00:05,500\nThen the bells rang.\n\n3\n00:00:06,000 --> 00:00:09,000\nThe last boat came home.\n`
    const { source, inputs, release } = holdingSource('last boat')
    // Each line first asked at its natural pace.
    const rendering = renderSubtitles(srt, 'quay', 'rate', source, { keepRates: [1, 1, 1] })
    const fasterQuay = (): boolean =>
      inputs.some((input) => input.includes('prosody') && input.includes('Nobody on the quay'))
    try {
      await vi.waitUntil(fasterQuay, { timeout: 30_000, interval: 10 })
    } finally {
      release()
    }
    const result = await rendering
    expect(result.requests).toBe(4)
    expect(result.lines.map((l) => l.requests)).toEqual([2, 1, 1])
    expect(result.lines[0]?.rate).toBeGreaterThan(1)
  })

  it('writes each final line to the track while the lines after it are still being spoken', async () => {
    const fitted: string[][] = []
    const run = offload.runVoiceoverOffMain
    const spy = vi.spyOn(offload, 'runVoiceoverOffMain')
    spy.mockImplementation((task) => {
      if (task.kind === 'fit') fitted.push(task.paths)
      return run(task)
    })
    const { source, release } = holdingSource('last boat')
    const rendering = renderSubtitles(SRT, 'harbour-live', 'stretch', source)
    try {
      // The first line is written once the second is placed; the last one is still unanswered.
      await vi.waitUntil(() => fitted.length === 1, { timeout: 30_000, interval: 10 })
    } finally {
      release()
    }
    const result = await rendering.finally(() => spy.mockRestore())
    expect(fitted).toHaveLength(3)
    expect(result.requests).toBe(3)
    expect(result.durationSeconds * 1000).toBeCloseTo(result.trackEndMs, -1)
  })

  it('predicts a later line from the pace measured on the lines answered before it was asked', async () => {
    // Nine short lines 1.3 s apart; with one request in flight the queue holds six lines, so the
    // eighth is asked only once the second is answered, by when the first has been measured.
    const cues = Array.from({ length: 9 }, (_, i) => {
      const t = (ms: number): string =>
        `00:00:${String(Math.floor(ms / 1000)).padStart(2, '0')},${String(ms % 1000).padStart(3, '0')}`
      return `${i + 1}\n${t(500 + i * 1300)} --> ${t(1700 + i * 1300)}\nListen. Take ${i + 1}.\n`
    })
    const upstream = upstreamSpeechSource(testbed.service.client)
    const paces = await VoicePaces.open(null)
    const recorded: { characters: number; seconds: number; rate: number }[] = []
    const record = paces.record.bind(paces)
    vi.spyOn(paces, 'record').mockImplementation((voice, characters, seconds, rate) => {
      recorded.push({ characters, seconds, rate })
      record(voice, characters, seconds, rate)
    })
    const inputs: string[] = []
    const opened = new Set<number>()
    let allOpen = false
    // Line 8's length as the voice's pace predicted it when the line was handed to the service.
    let asked8: { naturalMs: number; measured: number } | null = null
    const source: SpeechSource = {
      maxInFlight: 1,
      async synthesizePiece(request, signal) {
        inputs.push(request.input)
        if (request.input.includes('Take 8') && asked8 === null) {
          asked8 = {
            naturalMs: paces.naturalMs('olivia', 'Listen. Take 8.'),
            measured: recorded.length,
          }
        }
        const take = Number(/Take (\d+)/.exec(request.input)?.[1] ?? 0)
        await vi.waitUntil(() => allOpen || opened.has(take), { timeout: 60_000, interval: 5 })
        return upstream.synthesizePiece(request, signal)
      },
    }
    const rendering = renderSubtitles(cues.join('\n'), 'listen', 'rate', source, { paces })
    try {
      opened.add(1)
      await vi.waitUntil(() => paces.measured('olivia'), { timeout: 30_000, interval: 10 })
      opened.add(2)
      await vi.waitUntil(() => inputs.some((i) => i.includes('Take 8')), {
        timeout: 30_000,
        interval: 10,
      })
    } finally {
      allOpen = true
    }
    const result = await rendering
    const rateOf = (input: string | undefined): number => {
      const percent = /rate="(\d+)%"/.exec(input ?? '')?.[1]
      return percent ? Number(percent) / 100 : 1
    }
    // The number is said as a word: "Listen. Take eight." is what the default pace counts.
    const chars = [...'Listen. Take eight.'].length
    const slot = 1300
    const when = asked8 ?? { naturalMs: 0, measured: 0 }
    const fromDefault = predictRate((chars / DEFAULT_PACE_CPS) * 1000, slot, 1.25)
    const fromLearned = predictRate(when.naturalMs, slot, 1.25)
    expect(when.measured).toBeGreaterThan(0)
    // The voice's real pace differs from the default one enough to ask another rate.
    expect(Math.abs(fromLearned - fromDefault)).toBeGreaterThan(0.02)
    expect(rateOf(inputs.find((i) => i.includes('Take 8')))).toBe(fromLearned)
    expect(result.lines[7]?.requests).toBe(1)
  })
})
