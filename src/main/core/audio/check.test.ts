import { beforeAll, describe, expect, it } from 'vitest'
import { checkAudio, createAudioChecker, sniffAudioExtension } from './check'
import type { CheckableFormat } from './check'
import { parseMp3Header } from './mp3-header'
import { ffmpegTone } from '../../testing/test-audio'

/** Real audio made by ffmpeg: 1.5 s of a tone, mono, 24 kHz, in the container `args` choose. */
function encode(args: string[], extension: string): Uint8Array {
  return ffmpegTone({
    seconds: 1.5,
    frequency: 440,
    sampleRate: 24_000,
    channels: 1,
    args,
    extension,
  })
}

const files = {} as Record<CheckableFormat, Uint8Array>
beforeAll(() => {
  files.mp3 = encode(['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'], 'mp3')
  files.ogg = encode(['-c:a', 'libvorbis', '-f', 'ogg'], 'ogg')
  files.aac = encode(['-c:a', 'aac', '-f', 'adts'], 'aac')
  files.wav = encode(['-f', 'wav', '-bitexact'], 'wav')
  files.pcm = encode(['-f', 's16le'], 'pcm')
})

function inChunks(format: CheckableFormat, bytes: Uint8Array, size: number) {
  const checker = createAudioChecker(format)
  for (let i = 0; i < bytes.byteLength; i += size) checker.push(bytes.slice(i, i + size))
  return checker.finish()
}

describe('complete files pass, in any chunking', () => {
  for (const format of ['mp3', 'ogg', 'aac', 'wav', 'pcm'] as const) {
    it(`${format}: whole and in 1, 7, 333 and 4096-byte chunks`, () => {
      const bytes = files[format]
      const whole = checkAudio(format, bytes)
      expect(whole).toMatchObject({ ok: true })
      if (whole.ok && whole.durationMs !== null) {
        expect(whole.durationMs).toBeGreaterThan(1400)
        expect(whole.durationMs).toBeLessThan(1700)
      }
      for (const size of [7, 333, 4096]) expect(inChunks(format, bytes, size)).toEqual(whole)
      if (format !== 'pcm') expect(inChunks(format, bytes.slice(0, 3001), 1).ok).toBe(false)
    })
  }
})

describe('cut files fail', () => {
  it('ogg: every cut short of the end is caught (last page needs its EOS flag)', () => {
    const bytes = files.ogg
    for (let cut = 1; cut < bytes.byteLength; cut += 97) {
      expect(checkAudio('ogg', bytes.subarray(0, cut)).ok).toBe(false)
    }
  })

  it('ogg: a flipped byte inside a page fails the CRC', () => {
    const bytes = files.ogg.slice()
    bytes[bytes.byteLength - 10]! ^= 0x40
    expect(checkAudio('ogg', bytes)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('checksum'),
    })
  })

  it('mp3: every cut inside a frame is caught', () => {
    const bytes = files.mp3
    const boundaries = new Set<number>()
    // Frame starts, walked independently of the checker (after the ID3 tag, if any).
    let offset =
      bytes[0] === 0x49
        ? 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!)
        : 0
    while (offset < bytes.byteLength) {
      boundaries.add(offset)
      const header = parseMp3Header(bytes, offset)
      if (!header) break
      offset += header.frameLength
    }
    boundaries.add(bytes.byteLength)
    let checked = 0
    for (let cut = 1; cut < bytes.byteLength; cut += 37) {
      if (boundaries.has(cut)) continue
      expect(checkAudio('mp3', bytes.subarray(0, cut)).ok).toBe(false)
      checked++
    }
    expect(checked).toBeGreaterThan(100)
  })

  it('mp3: a cut on a frame boundary is caught when a Xing/Info frame count exists', () => {
    const bytes = files.mp3
    const verdict = checkAudio('mp3', bytes)
    expect(verdict.ok).toBe(true)
    // ffmpeg writes an Info frame with the frame count: drop the last 3 frames exactly.
    let offset = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!)
    const starts: number[] = []
    while (offset < bytes.byteLength) {
      const header = parseMp3Header(bytes, offset)
      if (!header) break
      starts.push(offset)
      offset += header.frameLength
    }
    const cut = starts[starts.length - 3]!
    expect(checkAudio('mp3', bytes.subarray(0, cut))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('MP3 frames arrived'),
    })
  })

  it('mp3: a damaged frame header in the middle loses sync', () => {
    const bytes = files.mp3.slice()
    let offset = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!)
    for (let i = 0; i < 20; i++) offset += parseMp3Header(bytes, offset)!.frameLength
    bytes.fill(0x11, offset, offset + 4)
    expect(checkAudio('mp3', bytes)).toMatchObject({
      ok: false,
      reason: `MP3 frame sync lost at byte ${offset}`,
    })
  })

  it('aac: every cut inside a frame is caught', () => {
    const bytes = files.aac
    const boundaries = new Set<number>([bytes.byteLength])
    for (let o = 0; o < bytes.byteLength;) {
      boundaries.add(o)
      o += ((bytes[o + 3]! & 3) << 11) | (bytes[o + 4]! << 3) | (bytes[o + 5]! >> 5)
    }
    for (let cut = 1; cut < bytes.byteLength; cut += 41) {
      if (!boundaries.has(cut)) expect(checkAudio('aac', bytes.subarray(0, cut)).ok).toBe(false)
    }
  })

  it('wav: any cut inside the data chunk is caught', () => {
    const bytes = files.wav
    for (const cut of [20, 44, 45, 1000, bytes.byteLength - 2, bytes.byteLength - 1]) {
      expect(checkAudio('wav', bytes.subarray(0, cut)).ok).toBe(false)
    }
  })

  it('pcm: odd length fails; a known duration must be covered', () => {
    expect(checkAudio('pcm', files.pcm.subarray(0, 1001)).ok).toBe(false)
    expect(checkAudio('pcm', files.pcm, { expectedDurationMs: 1500 }).ok).toBe(true)
    expect(
      checkAudio('pcm', files.pcm.subarray(0, 48_000), { expectedDurationMs: 1500 }),
    ).toMatchObject({
      ok: false,
      reason: 'the PCM audio lasts 1000 ms but the speech lasts 1500 ms',
    })
  })

  it('empty input is never a finished file', () => {
    for (const format of ['mp3', 'ogg', 'aac', 'wav', 'pcm'] as const) {
      expect(checkAudio(format, new Uint8Array(0)).ok).toBe(false)
    }
  })
})

describe('sniffAudioExtension', () => {
  it('names each container from its bytes', () => {
    expect(sniffAudioExtension(files.wav)).toBe('wav')
    expect(sniffAudioExtension(files.mp3)).toBe('mp3')
    expect(sniffAudioExtension(files.ogg)).toBe('ogg')
    expect(sniffAudioExtension(files.aac)).toBe('aac')
    expect(sniffAudioExtension(new TextEncoder().encode('fLaC\0\0\0\x22'))).toBe('flac')
    expect(
      sniffAudioExtension(
        new Uint8Array([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x4d, 0x34, 0x41]),
      ),
    ).toBe('m4a')
    expect(sniffAudioExtension(new TextEncoder().encode('hello world'))).toBe('bin')
  })

  it('finds MP3 frames after an ID3 tag, and raw frame sync without one', () => {
    const raw = files.mp3
    const tagSize = 10 + ((raw[6]! << 21) | (raw[7]! << 14) | (raw[8]! << 7) | raw[9]!)
    expect(sniffAudioExtension(raw.subarray(tagSize))).toBe('mp3')
  })
})
