import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { startHarness } from '../upstream/test/helpers'
import type { PieceCache } from '../narration/fetch/piece-cache'
import { openPieceCache } from '../narration/fetch/piece-cache'
import { upstreamSpeechSource } from '../narration/fetch/upstream-speech-source'
import { decodeSamples } from '../../testing/test-audio'
import { useServiceAndDir } from '../../testing/service-dir'
import type { FitMode } from './line-fit'
import { DEFAULT_FIT_LIMITS } from './line-fit'
import { parseSubtitleText } from './subtitle-parse'
import { linesOrRefuse } from './subtitle-check'
import { VoicePaces } from './voice-pace'
import type { VoiceoverSettings } from './voiceover-plan'
import { renderVoiceover } from './voiceover-render'

const run = promisify(execFile)

const testbed = useServiceAndDir('vd-voiceover-', () =>
  startHarness({}, { retry: { baseDelayMs: 20, maxDelayMs: 200 } }),
)

const TEXTS = [
  'The harbour was quiet when the first boats came back.',
  'Nobody on the quay had expected the storm to pass so quickly that morning.',
  'Then the bells rang.',
]

function srt(cues: readonly [number, number, string][]): string {
  const t = (ms: number): string => {
    const two = (n: number): string => String(n).padStart(2, '0')
    const s = Math.floor(ms / 1000)
    return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)},${String(Math.round(ms) % 1000).padStart(3, '0')}`
  }
  return cues.map(([a, b, text], i) => `${i + 1}\n${t(a)} --> ${t(b)}\n${text}\n`).join('\n')
}

function settings(fit: FitMode): VoiceoverSettings {
  return {
    title: 'Harbour',
    voiceId: 'olivia',
    cast: {},
    fit,
    slotEnd: 'next',
    limits: DEFAULT_FIT_LIMITS,
    defaults: { format: 'wav' },
  }
}

function speechRequests(): number {
  return testbed.service.sandbox
    .requestLog({ pathPrefix: '/v1/audio/speech' })
    .filter((e) => e.status === 200).length
}

/** Where ffmpeg's silencedetect hears speech begin and end, in seconds. */
async function speechEdges(path: string): Promise<{ starts: number[]; ends: number[] }> {
  const { stderr } = await run('ffmpeg', [
    '-hide_banner',
    '-i',
    path,
    '-af',
    'silencedetect=noise=-50dB:d=0.05',
    '-f',
    'null',
    '-',
  ])
  const starts = [...stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]))
  const ends = [...stderr.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Number(m[1]))
  return { starts, ends }
}

/**
 * Milliseconds from a cue to the first audible sample after it, in ffmpeg's decoding; -1 when
 * the 10 ms before the cue are not silent (the line before still speaks there).
 */
function onsetAfter(samples: Int16Array, cueMs: number): number {
  const at = Math.round(cueMs * 24)
  for (let i = at - 240; i < at; i++) if (Math.abs(samples[i] ?? 0) > 64) return -1
  let i = at
  while (i < samples.length && Math.abs(samples[i] ?? 0) <= 64) i += 1
  return (i - at) / 24
}

describe('voice-over from subtitles against the sandbox', () => {
  let cache: PieceCache
  /** Each text's natural speech length, measured by a first run with roomy slots. */
  let natural: number[] = []

  beforeAll(async () => {
    cache = await openPieceCache(join(testbed.dir, 'cache'))
    const roomy = TEXTS.map((text, i): [number, number, string] => [
      i * 10_000 + 500,
      i * 10_000 + 9000,
      text,
    ])
    const result = await renderVoiceover({
      lines: linesOrRefuse(parseSubtitleText(srt(roomy), 'roomy.srt'), 'refuse'),
      settings: settings('shift'),
      outputPath: join(testbed.dir, 'roomy.wav'),
      source: upstreamSpeechSource(testbed.service.client),
      cache,
      paces: await VoicePaces.open(null),
      trackEndMs: null,
    })
    natural = result.lines.map((l) => l.finalMs)
    expect(result.lines.map((l) => l.action)).toEqual(['as-is', 'as-is', 'as-is'])
  })

  /** Cues whose slots ask 110%, 140% and nothing of the three lines, 300 ms apart at least. */
  function tightCues(): [number, number, string][] {
    const a = 1000
    const b = a + Math.round((natural[0] ?? 0) / 1.1)
    const c = b + Math.round((natural[1] ?? 0) / 1.4)
    return [
      [a, b - 100, TEXTS[0] ?? ''],
      [b, c - 100, TEXTS[1] ?? ''],
      [c, c + (natural[2] ?? 0) + 2000, TEXTS[2] ?? ''],
    ]
  }

  it('stretch: a line needing 110% fits on its cue, one needing 140% is reported, measured by ffmpeg', async () => {
    const cues = tightCues()
    const before = speechRequests()
    const outputPath = join(testbed.dir, 'stretch.wav')
    const result = await renderVoiceover({
      lines: linesOrRefuse(parseSubtitleText(srt(cues), 'tight.srt'), 'refuse'),
      settings: settings('stretch'),
      outputPath,
      source: upstreamSpeechSource(testbed.service.client),
      cache,
      paces: await VoicePaces.open(null),
      trackEndMs: 12_345,
    })
    // Stretching is local: every line came from the cache.
    expect(speechRequests() - before).toBe(0)
    expect(result.requests).toBe(0)
    const [first, second, third] = result.lines
    expect(first?.action).toBe('stretch')
    expect(first?.tempo).toBeCloseTo(1.1, 1)
    expect(first?.overflowMs).toBe(0)
    expect(second?.action).toBe('overflow')
    expect(second?.tempo).toBe(1.15)
    expect(second?.overflowMs).toBeGreaterThan(0.15 * ((cues[2]?.[0] ?? 0) - (cues[1]?.[0] ?? 0)))
    expect(third?.action).toBe('shifted')
    expect(third?.driftMs).toBe(second?.overflowMs)

    // Measured on the decoded file: the track is as long as asked, lines start on their cues.
    // One audio frame of a WAV is one sample.
    expect((await decodeSamples(outputPath)).length).toBe(Math.round(12.345 * 24_000))
    const { starts } = await speechEdges(outputPath)
    expect(starts.some((s) => Math.abs(s * 1000 - (cues[0]?.[0] ?? 0)) <= 40)).toBe(true)
    const samples = await decodeSamples(outputPath)
    // Lines 1 and 2 begin on their cues and line 1 is silent before cue 2; line 2 overflows,
    // so it still speaks before cue 3.
    const onsets = cues.map(([cueMs]) => onsetAfter(samples, cueMs))
    expect(onsets[0]).toBeGreaterThanOrEqual(0)
    expect(onsets[0]).toBeLessThanOrEqual(40)
    expect(onsets[1]).toBeGreaterThanOrEqual(0)
    expect(onsets[1]).toBeLessThanOrEqual(40)
    expect(onsets[2]).toBe(-1)
  })

  it('rate: the 110% line is asked faster once and fits; the 140% line overflows at 125%', async () => {
    const cues = tightCues()
    const before = speechRequests()
    const paces = await VoicePaces.open(join(testbed.dir, 'paces.json'))
    // The voice's pace as measured by the roomy run: the prediction then asks once.
    paces.record('olivia', [...TEXTS[0]!].length, (natural[0] ?? 0) / 1000, 1)
    const outputPath = join(testbed.dir, 'rate.wav')
    const result = await renderVoiceover({
      lines: linesOrRefuse(parseSubtitleText(srt(cues), 'tight.srt'), 'refuse'),
      settings: settings('rate'),
      outputPath,
      source: upstreamSpeechSource(testbed.service.client),
      cache,
      paces,
      trackEndMs: null,
    })
    const [first, second, third] = result.lines
    expect(first?.rate).toBeGreaterThan(1.05)
    expect(first?.rate).toBeLessThanOrEqual(1.25)
    expect(first?.action).toBe('rate')
    expect(first?.overflowMs).toBe(0)
    expect(second?.rate).toBe(1.25)
    expect(second?.action).toBe('overflow')
    expect(second?.overflowMs).toBeGreaterThan(0)
    expect(third?.rate).toBe(1)
    expect(third?.requests).toBe(1)
    // Line 3 was cached by the roomy run; lines 1 and 2 at most twice each.
    const sent = speechRequests() - before
    expect(sent).toBe(result.requests)
    expect(sent).toBeGreaterThanOrEqual(2)
    expect(sent).toBeLessThanOrEqual(4)
    const samples = await decodeSamples(outputPath)
    for (const cue of [cues[0], cues[1]]) {
      expect(onsetAfter(samples, cue?.[0] ?? 0)).toBeGreaterThanOrEqual(0)
      expect(onsetAfter(samples, cue?.[0] ?? 0)).toBeLessThanOrEqual(40)
    }
    // The drift is absorbed by the last line's room: the track ends with the last cue.
    expect(samples.length).toBe(Math.round((cues[2]?.[1] ?? 0) * 24))
  })

  it('shift: natural pace kept, later lines pushed back and the drift reported', async () => {
    const cues = tightCues()
    const result = await renderVoiceover({
      lines: linesOrRefuse(parseSubtitleText(srt(cues), 'tight.srt'), 'refuse'),
      settings: settings('shift'),
      outputPath: join(testbed.dir, 'shift.wav'),
      source: upstreamSpeechSource(testbed.service.client),
      cache,
      paces: await VoicePaces.open(null),
      trackEndMs: null,
    })
    const [first, second, third] = result.lines
    expect(first?.tempo).toBe(1)
    expect(first?.finalMs).toBe(natural[0])
    expect(second?.action).toBe('shifted')
    expect(second?.placedMs).toBe((first?.placedMs ?? 0) + (first?.finalMs ?? 0))
    expect(second?.driftMs).toBeGreaterThan(0)
    expect(third?.driftMs).toBeGreaterThan(second?.driftMs ?? 0)
  })

  it('editing one line re-requests only that line', async () => {
    const cues = tightCues()
    const render = async (texts: string[]) =>
      renderVoiceover({
        lines: linesOrRefuse(
          parseSubtitleText(srt(cues.map(([a, b], i) => [a, b, texts[i] ?? ''])), 'edit.srt'),
          'refuse',
        ),
        settings: settings('shift'),
        outputPath: join(testbed.dir, 'edit.wav'),
        source: upstreamSpeechSource(testbed.service.client),
        cache,
        paces: await VoicePaces.open(null),
        trackEndMs: null,
      })
    await render(TEXTS)
    const log = (): string[] =>
      testbed.service.sandbox
        .requestLog({ pathPrefix: '/v1/audio/speech' })
        .filter((e) => e.status === 200)
        .map((e) => String(e.body?.input))
    const before = log().length
    const edited = [TEXTS[0] ?? '', 'The quay was empty by noon.', TEXTS[2] ?? '']
    const result = await render(edited)
    expect(log().slice(before)).toEqual(['The quay was empty by noon.'])
    expect(result.requests).toBe(1)
  })
})
