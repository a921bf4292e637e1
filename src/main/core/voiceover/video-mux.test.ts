import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { startHarness } from '../upstream/test/helpers'
import { openPieceCache } from '../narration/fetch/piece-cache'
import { upstreamSpeechSource } from '../narration/fetch/upstream-speech-source'
import { probeStreams, videoPacketHashes } from '../../testing/probe-video'
import { useServiceAndDir } from '../../testing/service-dir'
import { DEFAULT_FIT_LIMITS } from './line-fit'
import { linesOrRefuse } from './subtitle-check'
import { parseSubtitleText } from './subtitle-parse'
import { VoicePaces } from './voice-pace'
import { runVoiceoverOffMain } from './voiceover-offload'
import { renderVoiceover } from './voiceover-render'

const run = promisify(execFile)

const testbed = useServiceAndDir('vd-voiceover-mux-', () => startHarness())

const SRT = `1\n00:00:00,500 --> 00:00:01,800\nHello there.\n\n2\n00:00:02,000 --> 00:00:03,500\nAnd goodbye.\n`

describe('a voice-over muxed into a video', () => {
  let videoPath = ''
  let voicePath = ''

  beforeAll(async () => {
    videoPath = join(testbed.dir, 'film.mp4')
    await run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000',
      '-t',
      '4',
      '-c:v',
      'libx264',
      '-g',
      '10',
      '-c:a',
      'aac',
      '-shortest',
      videoPath,
    ])
    voicePath = join(testbed.dir, 'voice.mp3')
    const trackEndMs = await runVoiceoverOffMain({ kind: 'videoDuration', path: videoPath })
    expect(Math.abs(trackEndMs - 4000)).toBeLessThanOrEqual(40)
    await renderVoiceover({
      lines: linesOrRefuse(parseSubtitleText(SRT, 'film.srt'), 'refuse'),
      settings: {
        title: 'Film',
        voiceId: 'olivia',
        cast: {},
        fit: 'stretch',
        slotEnd: 'next',
        limits: DEFAULT_FIT_LIMITS,
        defaults: { format: 'mp3' },
      },
      outputPath: voicePath,
      source: upstreamSpeechSource(testbed.service.client),
      cache: await openPieceCache(join(testbed.dir, 'cache')),
      paces: await VoicePaces.open(null),
      trackEndMs,
    })
  })

  it.each(['mp4', 'mkv', 'mov'])(
    'copies the video bit for bit into %s, voice-over first and default, original kept second',
    async (ext) => {
      const outputPath = join(testbed.dir, `dubbed.${ext}`)
      await runVoiceoverOffMain({
        kind: 'mux',
        videoPath,
        audioPath: voicePath,
        outputPath,
        originalAudio: 'keep',
      })
      const before = await videoPacketHashes(videoPath)
      expect(before.length).toBeGreaterThan(90)
      expect(await videoPacketHashes(outputPath)).toEqual(before)
      const probed = await probeStreams(outputPath, 'packets')
      expect(probed.map((s) => [s.codec_type, s.codec_name, s.disposition.default])).toEqual([
        ['video', 'h264', 1],
        ['audio', 'mp3', 1],
        ['audio', 'aac', 0],
      ])
      expect(probed[0]?.nb_read_packets).toBe(
        (await probeStreams(videoPath, 'packets'))[0]?.nb_read_packets,
      )
    },
  )

  it('drops the original audio when asked', async () => {
    const outputPath = join(testbed.dir, 'dubbed-only.mp4')
    await runVoiceoverOffMain({
      kind: 'mux',
      videoPath,
      audioPath: voicePath,
      outputPath,
      originalAudio: 'drop',
    })
    expect((await probeStreams(outputPath, 'packets')).map((s) => s.codec_type)).toEqual([
      'video',
      'audio',
    ])
  })

  it('refuses a file that is no video, in plain words', async () => {
    await expect(runVoiceoverOffMain({ kind: 'videoDuration', path: voicePath })).rejects.toThrow(
      /cannot put a voice-over into this video: it has no video stream/,
    )
  })
})
