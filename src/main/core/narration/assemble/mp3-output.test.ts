import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Mp3Encoding } from '../../../../shared/domain/mp3-encoding'
import { AppError } from '../../../../shared/errors'
import { parseMp3Header } from '../../audio/mp3-header'
import { readInfoTag } from '../../audio/mp3-info-tag'
import { openAudioOutput } from './audio-output'
import { decodeSamples, probedSeconds, speechLikeSignal } from '../../../testing/test-audio'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vd-mp3-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Writes 24 kHz `samples` to an MP3 the way a render does (in 0.2 s writes) and commits it. */
async function writeMp3(
  name: string,
  samples: Int16Array,
  sampleRate: 24_000 | 44_100 | 48_000,
  mp3?: Mp3Encoding,
): Promise<string> {
  const path = join(dir, name)
  const out = await openAudioOutput(path, { format: 'mp3', sampleRate, ...(mp3 ? { mp3 } : {}) })
  for (let i = 0; i < samples.length; i += 4800) await out.write(samples.slice(i, i + 4800))
  await out.commit()
  return path
}

/**
 * The shape of the file in the issue (its header said 20.0 s, it decoded to 28.8 s): narration
 * that starts speaking on the first sample, then alternates 2 s of speech with 1.2 s pauses. A
 * VBR encoder spends many bits on the opening frames and few on the pauses; with no Xing frame a
 * player (and ffprobe) takes the first frame's bitrate for the whole file and gets the length
 * wrong by a third.
 */
function speechThenPauses(seconds: number): Int16Array {
  const rate = 24_000
  const out = new Int16Array(Math.round(seconds * rate))
  const speech = speechLikeSignal(2, rate, 0.3, 7)
  for (let at = 0; at < out.length; at += speech.length + Math.round(1.2 * rate)) {
    out.set(speech.subarray(0, Math.min(speech.length, out.length - at)), at)
  }
  return out
}

/** Frames, samples per frame and the LAME trim of an MP3 written here. */
async function infoOf(path: string) {
  const bytes = new Uint8Array(await readFile(path))
  const tag = readInfoTag(bytes, 0)
  if (tag === null) throw new Error('no Info frame')
  const first = parseMp3Header(bytes, tag.frameLength)!
  return { bytes, tag, first }
}

describe('MP3 files players read right', () => {
  it('the issue case: a 28.8 s VBR narration is 28.8 s by its header and by a full decode', async () => {
    const program = speechThenPauses(28.8)
    const path = await writeMp3('issue.mp3', program, 24_000)
    const { tag, first } = await infoOf(path)
    const decoded = await decodeSamples(path)
    const probed = await probedSeconds(path)
    // Gapless: ffmpeg trims the tag's delay and padding and plays exactly the program.
    expect(decoded.length).toBe(program.length)
    expect(tag.kind).toBe('Xing')
    expect(tag.lame?.trim.delay).toBe(576)
    const { delay, padding } = tag.lame!.trim
    expect(tag.frames * first.samplesPerFrame - delay - padding).toBe(program.length)
    // ffprobe (5.1, Debian 12) reads the frame count and, without decoding, reports the frames'
    // length: the played length plus the delay and padding it trims only when decoding. Without
    // the Xing frame it said 19.6 s here.
    expect(probed).toBeCloseTo((tag.frames * first.samplesPerFrame) / 24_000, 5)
    expect(probed - 28.8).toBeGreaterThanOrEqual(0)
    expect(probed - 28.8).toBeLessThanOrEqual((delay + padding) / 24_000 + 1e-6)
  })

  it.each([
    ['VBR at 24 kHz', 24_000, { mode: 'vbr' }],
    ['CBR 192 kbps at 44.1 kHz', 44_100, { mode: 'cbr', bitrateKbps: 192 }],
  ] as const)(
    '%s: the header length is within 0.1 percent of the decoded length for a 60 s narration',
    async (_, rate, mp3) => {
      const program = speechThenPauses(60)
      const path = await writeMp3(`long-${rate}.mp3`, program, rate, mp3)
      const decoded = await decodeSamples(path)
      const decodedSeconds = decoded.length / rate
      expect(decoded.length).toBe(Math.round((program.length * rate) / 24_000))
      const probed = await probedSeconds(path)
      expect(Math.abs(probed - decodedSeconds) / decodedSeconds).toBeLessThan(0.001)
    },
  )

  it('CBR: every frame at the bitrate asked for, and an "Info" frame of the same size', async () => {
    const path = await writeMp3('acx.mp3', speechLikeSignal(3, 24_000), 44_100, {
      mode: 'cbr',
      bitrateKbps: 192,
    })
    const { bytes, tag, first } = await infoOf(path)
    expect(tag.kind).toBe('Info')
    expect(tag.lame?.vbrMethod).toBe(1)
    expect(tag.lame?.bitrateKbps).toBe(192)
    expect(parseMp3Header(bytes, 0)!.bitrate).toBe(192_000)
    let frames = 0
    for (let at = tag.frameLength; at < bytes.byteLength; frames++) {
      const header = parseMp3Header(bytes, at)!
      expect(header.bitrate).toBe(192_000)
      expect(header.sampleRate).toBe(44_100)
      at += header.frameLength
    }
    expect(frames).toBe(tag.frames)
    expect(first.sampleRate).toBe(44_100)
  })

  it.each([24_000, 44_100, 48_000] as const)(
    'gapless at %i Hz: a click decodes at the very sample it was given',
    async (rate) => {
      // At 24 kHz the program's samples are the output's; elsewhere a click stays one click.
      const program = new Int16Array(24_000 * 2)
      program[12_345] = 30_000
      const path = await writeMp3(`click-${rate}.mp3`, program, rate)
      const decoded = await decodeSamples(path)
      let at = 0
      for (let i = 1; i < decoded.length; i++)
        if (Math.abs(decoded[i]!) > Math.abs(decoded[at]!)) at = i
      expect(decoded.length).toBe(Math.round((program.length * rate) / 24_000))
      expect(Math.abs(at - Math.round((12_345 * rate) / 24_000))).toBeLessThanOrEqual(1)
    },
  )

  it('refuses a constant bitrate MPEG-2 cannot carry instead of writing another one', async () => {
    const opening = openAudioOutput(join(dir, 'too-fast.mp3'), {
      format: 'mp3',
      sampleRate: 24_000,
      mp3: { mode: 'cbr', bitrateKbps: 192 },
    })
    await expect(opening).rejects.toThrow(AppError)
    await expect(opening).rejects.toThrow(
      /An MP3 at 24 kHz holds at most 160 kbps.*Choose 44.1 kHz/,
    )
  })
})
