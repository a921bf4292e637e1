import { describe, expect, it } from 'vitest'
import { concatBytes } from './bytes'
import { checkAudio } from './check'
import { parseMp3Header } from './mp3-header'
import { crc16, readInfoTag } from './mp3-info-tag'
import { Mp3InfoTagger, withInfoFrame } from './mp3-tagger'
import { ffmpegTone } from '../../testing/test-audio'

/** A Layer III frame with header bytes b1..b3 and a payload that marks its index. */
function frame(b1: number, b2: number, b3: number, index: number): Uint8Array {
  const header = new Uint8Array([0xff, b1, b2, b3])
  const out = new Uint8Array(parseMp3Header(header, 0)!.frameLength)
  out.set(header, 0)
  out.fill(index & 0xff, 4)
  return out
}

/** MPEG-2 Layer III, 24 kHz, mono: bitrate index from `indexOf(i)`. */
function stream(count: number, indexOf: (i: number) => number): Uint8Array {
  const frames: Uint8Array[] = []
  for (let i = 0; i < count; i++) frames.push(frame(0xf3, (indexOf(i) << 4) | 0x04, 0xc4, i))
  return concatBytes(frames)
}

/** Offsets of every frame in `audio` (which starts with a frame). */
function frameOffsets(audio: Uint8Array): number[] {
  const offsets: number[] = []
  for (let at = 0; at < audio.byteLength; at += parseMp3Header(audio, at)!.frameLength)
    offsets.push(at)
  return offsets
}

function pushInChunks(tagger: Mp3InfoTagger, bytes: Uint8Array, size: number): Uint8Array {
  const out: Uint8Array[] = []
  for (let i = 0; i < bytes.byteLength; i += size)
    out.push(...tagger.push(bytes.slice(i, i + size)))
  return concatBytes(out)
}

describe('crc16', () => {
  it('is CRC-16/ARC (the check value of "123456789" is 0xBB3D) and continues from a value', () => {
    const text = new TextEncoder().encode('123456789')
    expect(crc16(text)).toBe(0xbb3d)
    expect(crc16(text.subarray(4), crc16(text.subarray(0, 4)))).toBe(0xbb3d)
  })

  // Stereo: ffmpeg's writer sums a fixed 190 bytes, which is the span up to the CRC field only
  // with MPEG-1 stereo side information (LAME and ffmpeg's reader sum up to the field).
  it('matches the LAME tag ffmpeg writes (an independent writer of the same CRC)', () => {
    const bytes = ffmpegTone({
      seconds: 2,
      frequency: 440,
      sampleRate: 44_100,
      channels: 2,
      args: ['-c:a', 'libmp3lame', '-b:a', '128k', '-id3v2_version', '0'],
      extension: 'mp3',
    })
    const tag = readInfoTag(bytes, 0)
    expect(tag?.kind).toBe('Info')
    expect(tag?.lame?.encoder).toMatch(/^(LAME|Lavc)/)
    expect(tag?.tagCrcOk).toBe(true)
    const audio = bytes.subarray(tag!.frameLength)
    expect(tag?.frames).toBe(frameOffsets(audio).length)
    expect(tag?.lame?.musicCrc).toBe(crc16(audio))
  })
})

describe('Mp3InfoTagger', () => {
  it('puts an exact Xing frame before VBR audio, after an ID3v2 tag, in any chunking', () => {
    const audio = stream(3000, (i) => 1 + ((i * 7) % 14))
    const id3 = concatBytes([
      new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 20]),
      new Uint8Array(20),
    ])
    const input = concatBytes([id3, audio])
    for (const size of [7, 4096, input.byteLength]) {
      const tagger = new Mp3InfoTagger()
      const out = pushInChunks(tagger, input, size)
      const info = tagger.finish({
        encoder: 'LAME3.100',
        samples: 3000 * 576 - 576 - 300,
        delay: 576,
        mode: 'vbr',
      })
      expect(info.position).toBe(id3.byteLength)
      out.set(info.bytes, info.position)
      // The tag stays first, the audio is untouched after the frame.
      expect(Buffer.compare(out.subarray(0, id3.byteLength), id3)).toBe(0)
      expect(Buffer.compare(out.subarray(id3.byteLength + info.bytes.byteLength), audio)).toBe(0)
      const tag = readInfoTag(out, id3.byteLength)!
      expect(tag.kind).toBe('Xing')
      expect(tag.frames).toBe(3000)
      expect(tag.bytes).toBe(out.byteLength - id3.byteLength)
      expect(tag.tagCrcOk).toBe(true)
      expect(tag.lame).toMatchObject({
        encoder: 'LAME3.100',
        vbrMethod: 4,
        trim: { delay: 576, padding: 300 },
        musicLength: tag.bytes,
        musicCrc: crc16(audio),
        bitrateKbps: 8,
      })
      // The checker now plays exactly the samples the encoder was given.
      const verdict = checkAudio('mp3', out)
      expect(verdict).toMatchObject({ ok: true, units: 3000 })
      if (verdict.ok) expect(verdict.durationMs).toBe(((3000 * 576 - 876) / 24_000) * 1000)
    }
  })

  it('fills the TOC with the byte position at each percent of the frames, past the point where it thins its seek table', () => {
    // 40,000 frames: the tagger halves its kept seek points several times.
    const count = 40_000
    const audio = stream(count, (i) => (i % 1000 < 300 ? 14 : 2))
    const tagger = new Mp3InfoTagger()
    pushInChunks(tagger, audio, 65_536)
    const info = tagger.finish()
    const offsets = frameOffsets(audio)
    const total = info.bytes.byteLength + audio.byteLength
    for (let i = 0; i < 100; i++) {
      const exact = Math.floor(
        (256 * (info.bytes.byteLength + offsets[Math.floor((i * count) / 100)]!)) / total,
      )
      expect(Math.abs(info.fields.toc[i]! - exact), `TOC entry ${i}`).toBeLessThanOrEqual(1)
    }
    expect(info.fields.kind).toBe('Xing')
    // No encoder facts (bytes from the service): no LAME tag, so no made-up delay or padding.
    expect(info.fields.lame).toBeUndefined()
  })

  it('writes "Info" for a constant bitrate and keeps the stream\'s frame size', () => {
    // MPEG-1, 44.1 kHz, 192 kbit/s, mono.
    const frames = Array.from({ length: 50 }, (_, i) =>
      frame(0xfb, 0xb0 | (i % 3 === 0 ? 2 : 0), 0xc4, i),
    )
    const tagged = withInfoFrame(concatBytes(frames))
    const tag = readInfoTag(tagged, 0)!
    expect(tag.kind).toBe('Info')
    expect(tag.frames).toBe(50)
    expect(tag.frameLength).toBe(parseMp3Header(frames[1]!, 0)!.frameLength)
    expect(parseMp3Header(tagged, 0)!.bitrate).toBe(192_000)
  })

  it('replaces an Info frame the stream brought, keeping its sound LAME trim', () => {
    const audio = stream(400, () => 8)
    const first = new Mp3InfoTagger()
    first.push(audio)
    const theirs = first.finish({
      encoder: 'LAME3.100',
      samples: 400 * 576 - 576 - 1000,
      delay: 576,
      mode: 'cbr',
    })
    // A stale count, as a stream cut and joined elsewhere would carry.
    const stale = concatBytes([theirs.bytes, audio, stream(10, () => 8)])
    const tagged = withInfoFrame(stale)
    const tag = readInfoTag(tagged, 0)!
    expect(tag.frames).toBe(410)
    expect(tag.lame?.trim).toEqual({ delay: 576, padding: 1000 })
    expect(tag.tagCrcOk).toBe(true)
    expect(tagged.byteLength).toBe(stale.byteLength)
  })

  it('leaves bytes that are not a clean MP3 stream as they are', () => {
    const notMp3 = new TextEncoder().encode('RIFF....WAVEfmt this is not an mp3 at all')
    expect(withInfoFrame(notMp3)).toBe(notMp3)
    const cut = stream(20, () => 4).subarray(0, 500)
    expect(withInfoFrame(cut)).toBe(cut)
  })
})
