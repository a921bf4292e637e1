import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openAudioOutput } from './audio-output'
import { fadeLoudEdges, pauseSamples } from '../pcm/pcm-edges'
import { Resampler } from './resampler'
import {
  decodedSeconds,
  decodeSamples,
  probeAudio,
  speechLikeSignal,
} from '../../../testing/test-audio'
import { wavHeader } from '../../../../shared/domain/wav-header'
import { useTempDirs } from '../../../testing/temp-dir'

const tempDir = useTempDirs('vd-out-')

describe('wavHeader', () => {
  it('writes a canonical 44-byte PCM header', () => {
    const h = new DataView(wavHeader(24_000, 1, 4800).buffer)
    expect(String.fromCharCode(...new Uint8Array(h.buffer, 0, 4))).toBe('RIFF')
    expect(h.getUint32(4, true)).toBe(36 + 4800)
    expect(h.getUint16(20, true)).toBe(1)
    expect(h.getUint32(24, true)).toBe(24_000)
    expect(h.getUint32(28, true)).toBe(48_000)
    expect(h.getUint16(34, true)).toBe(16)
    expect(h.getUint32(40, true)).toBe(4800)
  })
})

describe('pcm edges', () => {
  it('fades only loud edges and leaves silent ones untouched', () => {
    const loud = new Int16Array(1000).fill(10_000)
    fadeLoudEdges(loud, 120)
    expect(loud[0]).toBe(0)
    expect(loud[999]).toBe(0)
    expect(loud[500]).toBe(10_000)
    const quiet = new Int16Array(1000).fill(10_000)
    quiet.fill(3, 0, 200)
    fadeLoudEdges(quiet, 120)
    expect(quiet[0]).toBe(3)
    expect(quiet[999]).toBe(0)
  })

  it('gives exact pause lengths (24 samples per ms at 24 kHz)', () => {
    expect(pauseSamples(750, 24_000)).toBe(18_000)
    expect(pauseSamples(1, 24_000)).toBe(24)
    expect(pauseSamples(333, 44_100)).toBe(14_685)
  })
})

describe('Resampler', () => {
  it.each([48_000, 44_100])(
    'produces round(n * out / in) samples and keeps a tone at %i Hz',
    (rate) => {
      const r = new Resampler(24_000, rate)
      const input = new Int16Array(24_000)
      for (let i = 0; i < input.length; i++)
        input[i] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 24_000))
      const parts: Int16Array[] = []
      for (let i = 0; i < input.length; i += 1000)
        parts.push(r.process(input.subarray(i, i + 1000)))
      parts.push(r.flush())
      const out = Int16Array.from(parts.flatMap((p) => [...p]))
      expect(out.length).toBe(Math.round((input.length * rate) / 24_000))
      // Compare with the ideal tone away from the edges.
      let err = 0
      for (let i = 1000; i < out.length - 1000; i++) {
        err = Math.max(err, Math.abs(out[i]! - 8000 * Math.sin((2 * Math.PI * 440 * i) / rate)))
      }
      expect(err).toBeLessThan(80)
    },
  )
})

describe('openAudioOutput', () => {
  const seconds = 2.5
  const signal = speechLikeSignal(seconds, 24_000)

  it.each([
    ['wav', 24_000, 'pcm_s16le', []],
    ['wav', 48_000, 'pcm_s16le', []],
    ['mp3', 24_000, 'mp3', []],
    ['mp3', 44_100, 'mp3', []],
    ['ogg', 24_000, 'vorbis', []],
    ['ogg', 44_100, 'vorbis', []],
    ['ogg', 48_000, 'vorbis', []],
    ['pcm', 24_000, 'pcm_s16le', ['-f', 's16le', '-ar', '24000', '-ac', '1']],
  ] as const)(
    'writes %s at %i Hz that ffprobe reads with the right length',
    async (format, rate, codec, args) => {
      const dir = await tempDir()
      const path = join(dir, `out.${format}`)
      const out = await openAudioOutput(path, { format, sampleRate: rate })
      for (let i = 0; i < signal.length; i += 5000) await out.write(signal.slice(i, i + 5000))
      await out.commit()
      const probe = await probeAudio(path, [...args])
      expect(probe.codec).toBe(codec)
      expect(probe.sampleRate).toBe(format === 'pcm' ? 24_000 : rate)
      expect(probe.channels).toBe(1)
      if (format === 'mp3') {
        // The LAME tag's delay and padding make ffmpeg play exactly the samples given.
        const decoded = await decodeSamples(path)
        expect(decoded.length).toBe(Math.round((signal.length * rate) / 24_000))
      } else {
        const decoded = await decodedSeconds(path, [...args])
        expect(Math.abs(decoded - seconds) / seconds).toBeLessThan(0.01)
      }
      expect((await readdir(dir)).filter((n) => n.endsWith('.partial'))).toEqual([])
    },
  )

  it('keeps the exact samples in WAV at 24 kHz', async () => {
    const dir = await tempDir()
    const path = join(dir, 'exact.wav')
    const out = await openAudioOutput(path, { format: 'wav', sampleRate: 24_000 })
    await out.write(signal)
    await out.commit()
    const bytes = await readFile(path)
    expect(bytes.byteLength).toBe(44 + signal.byteLength)
    expect(Buffer.compare(bytes.subarray(44), Buffer.from(signal.buffer))).toBe(0)
  })

  it('leaves nothing under the name when aborted', async () => {
    const dir = await tempDir()
    const out = await openAudioOutput(join(dir, 'gone.mp3'), { format: 'mp3', sampleRate: 24_000 })
    await out.write(signal)
    await out.abort()
    expect(await readdir(dir)).toEqual([])
  })
})
