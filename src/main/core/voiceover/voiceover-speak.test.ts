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
import { VoicePaces } from './voice-pace'
import * as offload from './voiceover-offload'
import { renderVoiceover } from './voiceover-render'

// A line is measured as soon as its own audio is in, while later lines are still being spoken:
// measuring a film's lines only after the last answer left the service idle before any line
// could be asked for again. Shown with the last line's answer held back until the others are
// measured (an event, not a clock).

const testbed = useServiceAndDir('vd-voiceover-speak-', () => startHarness())

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
    let release = (): void => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const upstream = upstreamSpeechSource(testbed.service.client)
    const source: SpeechSource = {
      get maxInFlight() {
        return upstream.maxInFlight
      },
      async synthesizePiece(request, signal) {
        // The last line is answered only once both lines before it were measured.
        if (request.input.includes('last boat')) await held
        return upstream.synthesizePiece(request, signal)
      },
    }
    const rendering = renderVoiceover({
      lines: linesOrRefuse(parseSubtitleText(SRT, 'harbour.srt'), 'refuse'),
      settings: {
        title: 'Harbour',
        voiceId: 'olivia',
        cast: {},
        fit: 'stretch',
        slotEnd: 'next',
        limits: DEFAULT_FIT_LIMITS,
        defaults: { format: 'wav' },
      },
      outputPath: join(testbed.dir, 'harbour.wav'),
      source,
      cache: await openPieceCache(join(testbed.dir, 'cache')),
      paces: await VoicePaces.open(null),
      trackEndMs: null,
    })
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
})
