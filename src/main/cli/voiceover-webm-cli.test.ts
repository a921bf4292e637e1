import { execFile } from 'node:child_process'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../sandbox/index'
import { startSandbox } from '../../sandbox/index'
import { runCliCaptured } from '../testing/captured-cli'
import type { ProbedStream } from '../testing/probe-video'
import { probeStreams, videoPacketHashes } from '../testing/probe-video'

// `voicedesk voiceover --video in.webm --out out.webm`, checked with ffmpeg and ffprobe rather
// than our own readers: the picture copied packet for packet, the voice-over first and default,
// the original audio kept second (not default) or dropped; and a video that cannot go into the
// file asked for refused with exit 2 before anything is sent.

const run = promisify(execFile)
let sandbox: Sandbox
let dir: string
let webm = ''
let mp4 = ''
let mkv = ''

const SRT = `1\n00:00:00,300 --> 00:00:01,200\nHello there.\n\n2\n00:00:01,500 --> 00:00:02,600\nAnd goodbye.\n`

/** A few seconds of test picture and tone, made here with ffmpeg. */
async function makeVideo(path: string, video: string[], audio: string[]): Promise<void> {
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
    '3',
    ...video,
    ...audio,
    '-shortest',
    path,
  ])
}

beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0, warmUp: false })
  dir = await mkdtemp(join(tmpdir(), 'vd-voiceover-webm-'))
  webm = join(dir, 'film.webm')
  await makeVideo(webm, ['-c:v', 'libvpx-vp9', '-b:v', '200k', '-g', '10'], ['-c:a', 'libopus'])
  mp4 = join(dir, 'film.mp4')
  await makeVideo(mp4, ['-c:v', 'libx264', '-g', '10'], ['-c:a', 'aac'])
  // A picture WebM takes, with audio it does not.
  mkv = join(dir, 'film-aac.mkv')
  await makeVideo(mkv, ['-c:v', 'libvpx-vp9', '-b:v', '200k', '-g', '10'], ['-c:a', 'aac'])
  await writeFile(join(dir, 'film.srt'), SRT)
})
afterAll(async () => {
  await sandbox.stop()
  await rm(dir, { recursive: true, force: true })
})

const speechRequests = (): number => sandbox.requestLog({ pathPrefix: '/v1/audio/speech' }).length

/** A run with its own cache unless given one: a refusal must send nothing with nothing cached. */
function voiceover(args: string[], cache = `cache-${Math.random().toString(36).slice(2)}`) {
  return runCliCaptured(
    [
      'voiceover',
      join(dir, 'film.srt'),
      '--voice',
      'olivia',
      '--cache-dir',
      join(dir, cache),
      ...args,
    ],
    {
      env: { VOICEDESK_BASE_URL: sandbox.baseUrl, VOICEDESK_API_KEY: sandbox.keys.paid },
      userDataDirs: [],
    },
  )
}

const described = (probed: ProbedStream[]): [string, string, number][] =>
  probed.map((s) => [s.codec_type, s.codec_name, s.disposition.default])

describe('voicedesk voiceover into a WebM video', () => {
  it('copies the VP9 picture bit for bit, the voice-over first and default, the Opus original second', async () => {
    const out = join(dir, 'dubbed.webm')
    const result = await voiceover(['--video', webm, '--out', out], 'cache')
    expect(result.stderr).not.toMatch(/voicedesk:/)
    expect(result.code).toBe(0)
    const before = await videoPacketHashes(webm)
    expect(before.length).toBe(75)
    expect(await videoPacketHashes(out)).toEqual(before)
    const input = await probeStreams(webm, 'frames')
    const probed = await probeStreams(out, 'frames')
    expect(described(probed)).toEqual([
      ['video', 'vp9', 1],
      ['audio', 'vorbis', 1],
      ['audio', 'opus', 0],
    ])
    expect(probed[0]?.nb_read_frames).toBe(input[0]?.nb_read_frames)
  })

  it('drops the original audio when asked', async () => {
    const out = join(dir, 'dubbed-only.webm')
    const result = await voiceover(
      ['--video', webm, '--out', out, '--original-audio', 'drop'],
      'cache',
    )
    expect(result.code).toBe(0)
    expect(await videoPacketHashes(out)).toEqual(await videoPacketHashes(webm))
    expect(described(await probeStreams(out, 'frames'))).toEqual([
      ['video', 'vp9', 1],
      ['audio', 'vorbis', 1],
    ])
  })

  it.each([
    {
      what: 'an H.264 picture into a WebM file',
      args: () => ['--video', mp4, '--out', join(dir, 'no-h264.webm'), '--original-audio', 'drop'],
      says: /its avc video cannot be copied into a \.webm file/,
    },
    {
      what: 'MP3 audio into a WebM file',
      args: () => ['--video', webm, '--out', join(dir, 'no-mp3.webm'), '--audio-format', 'mp3'],
      says: /A \.webm video cannot hold mp3 audio/,
    },
    {
      what: 'the video’s AAC audio kept in a WebM file',
      args: () => ['--video', mkv, '--out', join(dir, 'no-aac.webm')],
      says: /The video's own aac audio cannot be kept in a \.webm file/,
    },
  ])('refuses $what with exit 2 before anything is sent', async ({ args, says }) => {
    const before = speechRequests()
    const argv = args()
    const result = await voiceover(argv)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(says)
    expect(speechRequests()).toBe(before)
    await expect(stat(argv[3]!)).rejects.toThrow()
  })
})
