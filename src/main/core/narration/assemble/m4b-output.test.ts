import { execFile } from 'node:child_process'
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chapterListBox, withChapterList } from '../../audio/mp4-chapters'
import { silentAdtsFrame, summarizeAdts } from './aac-frames'
import { openM4bOutput } from './m4b-output'
import { verifyOutput } from './output-file'
import { decodeSamples, probedChapters } from '../../../testing/test-audio'

const run = promisify(execFile)

let dir: string
let speech: Uint8Array
let cover: Uint8Array
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vd-m4b-'))
  // AAC LC, 24 kHz mono ADTS, as the service sends it: 3 s of a tone made by Debian's ffmpeg.
  const { stdout } = await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=220:duration=3',
      '-ar',
      '24000',
      '-ac',
      '1',
    ].concat(['-c:a', 'aac', '-b:a', '64k', '-f', 'adts', 'pipe:1']),
    { encoding: 'buffer', maxBuffer: 1 << 24 },
  )
  speech = new Uint8Array(stdout)
  cover = new Uint8Array(
    await readFile(new URL('../../../../../resources/icons/64x64.png', import.meta.url)),
  )
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Boxes by path: the first box of each type along `path` inside `bytes`. */
function findBox(
  bytes: Uint8Array,
  path: string[],
  from = 0,
  to = bytes.byteLength,
): [number, number] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset)
  for (let at = from; at + 8 <= to;) {
    const size = view.getUint32(at)
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8))
    if (type === path[0]) {
      if (path.length === 1) return [at, size]
      return findBox(bytes, path.slice(1), at + 8, at + size)
    }
    at += size
  }
  return null
}

/** The QuickTime chapter track of an M4B, read from its boxes: titles, durations, the reference. */
function chapterTrackOf(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset)
  const moov = findBox(bytes, ['moov'])!
  const traks: [number, number][] = []
  for (let at = moov[0] + 8; at < moov[0] + moov[1]; at += view.getUint32(at)) {
    if (String.fromCharCode(...bytes.subarray(at + 4, at + 8)) === 'trak')
      traks.push([at, view.getUint32(at)])
  }
  const [audio, text] = traks as [[number, number], [number, number]]
  const chap = findBox(bytes, ['tref', 'chap'], audio[0] + 8, audio[0] + audio[1])
  const textId = view.getUint32(findBox(bytes, ['tkhd'], text[0] + 8, text[0] + text[1])![0] + 20)
  const stbl = findBox(bytes, ['mdia', 'minf', 'stbl'], text[0] + 8, text[0] + text[1])!
  const inStbl = (type: string) => findBox(bytes, [type], stbl[0] + 8, stbl[0] + stbl[1])![0]
  const mdhd = findBox(bytes, ['mdia', 'mdhd'], text[0] + 8, text[0] + text[1])![0]
  const timescale = view.getUint32(mdhd + 20)
  const stts = inStbl('stts')
  const durationsMs: number[] = []
  for (let i = 0; i < view.getUint32(stts + 12); i++)
    durationsMs.push((view.getUint32(stts + 16 + i * 8 + 4) * 1000) / timescale)
  const stsz = inStbl('stsz')
  const count = view.getUint32(stsz + 16)
  let offset = view.getUint32(inStbl('stco') + 16)
  const titles: string[] = []
  for (let i = 0; i < count; i++) {
    const size = view.getUint32(stsz + 20 + i * 4)
    const length = view.getUint16(offset)
    titles.push(new TextDecoder().decode(bytes.subarray(offset + 2, offset + 2 + length)))
    offset += size
  }
  return {
    titles,
    durationsMs,
    referencedFromAudio: chap !== null && view.getUint32(chap[0] + 8) === textId,
  }
}

describe('M4B audiobooks', () => {
  it('muxes the AAC frames unchanged into MP4 with tags, cover and chapters ffprobe lists', async () => {
    const path = join(dir, 'book.m4b')
    const out = await openM4bOutput(path, {
      tags: {
        title: 'The Keeper',
        author: 'Ada Byrne',
        narrator: 'Emma',
        album: 'The Keeper Series',
        year: 2026,
        genre: 'Audiobook',
        cover: { mime: 'image/png', data: cover },
      },
      chapterTitles: ['The Storm', 'Morning'],
    })
    const frames = summarizeAdts(speech, 'test').frames
    expect(await out.write(speech)).toBe(frames)
    const silent = silentAdtsFrame()
    const pause = new Uint8Array(silent.byteLength * 12)
    for (let i = 0; i < 12; i++) pause.set(silent, i * silent.byteLength)
    expect(await out.write(pause)).toBe(12)
    expect(await out.write(speech)).toBe(frames)
    const total = frames * 2 + 12
    const second = ((frames + 12) * 1024 * 1000) / 24_000
    await out.commit({
      chapterTimes: [
        { startMs: 0, endMs: second },
        { startMs: second, endMs: (total * 1024 * 1000) / 24_000 },
      ],
    })
    expect(await readdir(dir)).toEqual(['book.m4b'])

    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_format',
      '-show_streams',
      '-of',
      'json',
      path,
    ])
    const probed = JSON.parse(stdout) as {
      format: { format_name: string; tags: Record<string, string> }
      streams: { codec_name: string; sample_rate?: string; disposition: { attached_pic: number } }[]
    }
    expect(probed.format.format_name).toContain('mp4')
    expect(probed.format.tags).toMatchObject({
      title: 'The Keeper',
      artist: 'Ada Byrne',
      album_artist: 'Ada Byrne',
      album: 'The Keeper Series',
      composer: 'Emma',
      genre: 'Audiobook',
    })
    expect(probed.format.tags.date).toMatch(/^2026/)
    const audio = probed.streams.find((st) => st.codec_name === 'aac')
    const pic = probed.streams.find((st) => st.disposition.attached_pic === 1)
    expect(audio).toMatchObject({ sample_rate: '24000' })
    expect(pic).toMatchObject({ codec_name: 'png' })

    const chapters = await probedChapters(path)
    expect(chapters.map((c) => c.title)).toEqual(['The Storm', 'Morning'])
    expect(chapters[0]!.start).toBe(0)
    expect(chapters[1]!.start).toBeCloseTo(second / 1000, 3)
    // Apple's players read the QuickTime chapter track (not the Nero list): read back from its boxes.
    const bytes = new Uint8Array(await readFile(path))
    const track = chapterTrackOf(bytes)
    expect(track.titles).toEqual(['The Storm', 'Morning'])
    // Exact to the sample: the track keeps time at the narration's 24 kHz.
    const wholeMs = (total * 1024 * 1000) / 24_000
    expect(track.durationsMs.reduce((a, b) => a + b, 0)).toBeCloseTo(wholeMs, 9)
    expect(track.durationsMs[0]).toBeCloseTo(second, 9)
    expect(track.referencedFromAudio).toBe(true)
    // Every frame decodes: 1024 samples each (the decoder trims nothing without an edit list).
    expect((await decodeSamples(path)).length).toBe(total * 1024)
  })

  it('lists more chapters than the Nero list holds (255) through the QuickTime track', async () => {
    const path = join(dir, 'many.m4b')
    const titles = Array.from({ length: 300 }, (_, i) => `Scene ${i + 1}`)
    const out = await openM4bOutput(path, { chapterTitles: titles })
    const frames = await out.write(speech)
    const totalMs = (frames * 1024 * 1000) / 24_000
    await out.commit({
      chapterTimes: titles.map((_, i) => ({
        startMs: (i * totalMs) / 300,
        endMs: ((i + 1) * totalMs) / 300,
      })),
    })
    const chapters = await probedChapters(path)
    expect(chapters).toHaveLength(300)
    expect(chapters[299]!.title).toBe('Scene 300')
    expect(chapters[299]!.start).toBeCloseTo((299 * totalMs) / 300 / 1000, 3)
    expect(chapterTrackOf(new Uint8Array(await readFile(path))).titles).toEqual(titles)
  })

  it('refuses a finished file whose frames do not add up, and leaves nothing behind on abort', async () => {
    const path = join(dir, 'short.m4b')
    const out = await openM4bOutput(path)
    await out.write(speech)
    await out.commit()
    await expect(
      verifyOutput(path, { format: 'm4b', sampleRate: 24_000, samples: 1024 * 3 }),
    ).rejects.toThrow(/The finished M4B file is damaged \(\d+ AAC frames instead of 3\)/)

    const aborted = await openM4bOutput(join(dir, 'gone.m4b'))
    await aborted.write(speech)
    await aborted.abort()
    expect((await readdir(dir)).filter((f) => f.startsWith('gone'))).toEqual([])
  })

  it('writes a chapter list ffmpeg reads: version 1, 100 ns units, titles cut to whole characters', () => {
    const box = chapterListBox([
      { title: 'A', startMs: 0, endMs: 1 },
      { title: 'é'.repeat(200), startMs: 1500, endMs: 2000 },
    ])
    const view = new DataView(box.buffer)
    expect(String.fromCharCode(...box.subarray(4, 8))).toBe('chpl')
    expect(view.getUint32(0)).toBe(box.byteLength)
    expect(box[8]).toBe(1)
    expect(box[16]).toBe(2)
    expect(view.getBigUint64(17 + 8 + 1 + 1)).toBe(15_000_000n)
    // 200 two-byte characters are 400 bytes: cut to 127 characters (254 bytes).
    expect(box[17 + 8 + 1 + 1 + 8]).toBe(254)
    expect(() =>
      chapterListBox(
        Array.from({ length: 256 }, (_, i) => ({ title: `${i}`, startMs: i, endMs: i })),
      ),
    ).toThrow('at most 255 chapters')
    const moov = Uint8Array.of(0, 0, 0, 8, 0x6d, 0x6f, 0x6f, 0x76)
    const grown = withChapterList(moov, [{ title: 'A', startMs: 0, endMs: 1 }])
    expect(new DataView(grown.buffer).getUint32(0)).toBe(grown.byteLength)
    expect(String.fromCharCode(...grown.subarray(12, 16))).toBe('udta')
  })
})
