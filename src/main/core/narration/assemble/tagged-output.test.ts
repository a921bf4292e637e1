import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AudioTags } from '../../audio/audio-tags'
import { sniffCoverMime } from '../../audio/audio-tags'
import { buildId3v24Tag } from '../../audio/id3v24'
import { readInfoTag } from '../../audio/mp3-info-tag'
import { id3v2Size } from '../../audio/verdict'
import { openAudioOutput } from './audio-output'
import type { PlannedBlock } from '../plan/render-plan'
import { RenderOutputs, chapterTitles } from './render-outputs'
import { decodeSamples, probeFile, speechLikeSignal } from '../../../testing/test-audio'

let dir: string
let cover: Uint8Array
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vd-tags-'))
  cover = new Uint8Array(
    await readFile(new URL('../../../../../resources/icons/64x64.png', import.meta.url)),
  )
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const probe = probeFile

/**
 * Writes `seconds` of speech-like sound in 0.2 s slices, as a render does, then commits with
 * chapters running between consecutive `boundsMs` (the first starts at `boundsMs[0]`).
 */
async function writeChapters(
  out: Awaited<ReturnType<typeof openAudioOutput>>,
  seconds: number,
  seed: number,
  boundsMs: number[],
): Promise<void> {
  const speech = speechLikeSignal(seconds, 24_000, 0.3, seed)
  for (let i = 0; i < speech.length; i += 4800) await out.write(speech.slice(i, i + 4800))
  await out.commit({
    chapterTimes: boundsMs.slice(1).map((endMs, i) => ({ startMs: boundsMs[i]!, endMs })),
  })
}

const BOOK: AudioTags = {
  title: 'The Lighthouse Keeper — Book One',
  author: 'Ada Émile',
  narrator: 'Jonas Byrne',
  album: 'The Lighthouse Keeper',
  year: 2026,
  genre: 'Audiobook',
  comment: 'Narrated with VoiceDesk',
}

describe('ID3v2.4 tags, cover and chapters in an MP3', () => {
  it('writes tags, the cover and every chapter where ffprobe reads them, with the Info frame after the tag', async () => {
    const path = join(dir, 'book.mp3')
    const out = await openAudioOutput(path, {
      format: 'mp3',
      sampleRate: 44_100,
      tags: { ...BOOK, track: { number: 2, total: 9 }, cover: { mime: 'image/png', data: cover } },
      chapterTitles: ['Opening', 'Chapter 1: The Storm', 'Chapter 2: Morning'],
    })
    await writeChapters(out, 6, 3, [0, 1500, 4250, 6000])

    const probed = await probe(path)
    expect(probed.format.tags).toMatchObject({
      title: BOOK.title,
      artist: BOOK.author,
      album_artist: BOOK.author,
      album: BOOK.album,
      composer: BOOK.narrator,
      NARRATOR: BOOK.narrator,
      genre: BOOK.genre,
      date: '2026',
      track: '2/9',
      encoder: 'VoiceDesk',
    })
    const pic = probed.streams.find((s) => s.codec_type === 'video')
    expect(pic?.codec_name).toBe('png')
    expect(pic?.disposition?.attached_pic).toBe(1)
    expect(
      probed.chapters.map((c) => [Number(c.start_time), Number(c.end_time), c.tags?.title]),
    ).toEqual([
      [0, 1.5, 'Opening'],
      [1.5, 4.25, 'Chapter 1: The Storm'],
      [4.25, 6, 'Chapter 2: Morning'],
    ])

    // The Xing/Info frame follows the tag, so players still find the exact length.
    const bytes = new Uint8Array(await readFile(path))
    const tagSize = id3v2Size(bytes, 0)
    expect(tagSize).toBeGreaterThan(cover.byteLength)
    const info = readInfoTag(bytes, tagSize)
    expect(info?.bytes).toBe(bytes.byteLength - tagSize)
    const decoded = await decodeSamples(path)
    expect(decoded.length / 44_100).toBeCloseTo(6, 2)
  })

  it('keeps the tag the same size whatever the chapter times, and lists more than 255 chapters', async () => {
    const titles = Array.from({ length: 300 }, (_, i) => `Part ${i + 1}`)
    const early = buildId3v24Tag(
      BOOK,
      titles.map((title) => ({ title, startMs: 0, endMs: 0 })),
    )
    const late = buildId3v24Tag(
      BOOK,
      titles.map((title, i) => ({ title, startMs: i * 100, endMs: (i + 1) * 100 })),
    )
    expect(late.byteLength).toBe(early.byteLength)

    const path = join(dir, 'parts.mp3')
    const out = await openAudioOutput(path, {
      format: 'mp3',
      sampleRate: 24_000,
      chapterTitles: titles,
    })
    await out.write(speechLikeSignal(30, 24_000, 0.3, 5))
    await out.commit({
      chapterTimes: titles.map((_, i) => ({ startMs: i * 100, endMs: (i + 1) * 100 })),
    })
    const probed = await probe(path)
    expect(probed.chapters).toHaveLength(300)
    expect(probed.chapters[299]).toMatchObject({
      start_time: '29.900000',
      tags: { title: 'Part 300' },
    })
  })

  it('refuses chapter times that do not match the chapters announced', async () => {
    const out = await openAudioOutput(join(dir, 'wrong.mp3'), {
      format: 'mp3',
      sampleRate: 24_000,
      chapterTitles: ['One', 'Two'],
    })
    await out.write(speechLikeSignal(1, 24_000, 0.3, 1))
    await expect(out.commit({ chapterTimes: [{ startMs: 0, endMs: 1000 }] })).rejects.toThrow(
      '1 chapter times given for 2 chapters',
    )
    await out.abort()
  })

  it('tells JPEG and PNG apart by their bytes, and refuses anything else', () => {
    expect(sniffCoverMime(cover)).toBe('image/png')
    expect(sniffCoverMime(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg')
    expect(sniffCoverMime(new TextEncoder().encode('GIF89a'))).toBeNull()
    expect(sniffCoverMime(new Uint8Array(0))).toBeNull()
  })
})

describe('Vorbis comments, cover and chapters in an Ogg file', () => {
  it('writes them where ffprobe reads them, over several pages for a large cover, and the file stays valid', async () => {
    const big = new Uint8Array(
      await readFile(new URL('../../../../../resources/icons/1024x1024.png', import.meta.url)),
    )
    expect(big.byteLength).toBeGreaterThan(3 * 65_025) // a comment packet of several pages
    const path = join(dir, 'book.ogg')
    const out = await openAudioOutput(path, {
      format: 'ogg',
      sampleRate: 48_000,
      tags: { ...BOOK, track: { number: 3, total: 7 }, cover: { mime: 'image/png', data: big } },
      chapterTitles: ['Opening', 'Chapter 1: The Storm'],
    })
    await writeChapters(out, 5, 6, [0, 2250, 5000])
    const probed = await probe(path)
    const tags = Object.fromEntries(
      Object.entries({ ...probed.format.tags, ...probed.streams[0]?.tags }).map(([k, v]) => [
        k.toLowerCase(),
        v,
      ]),
    )
    expect(tags).toMatchObject({
      title: BOOK.title,
      artist: BOOK.author,
      album: BOOK.album,
      composer: BOOK.narrator,
      genre: BOOK.genre,
      date: '2026',
      track: '3',
    })
    const pic = probed.streams.find((s) => s.codec_type === 'video')
    expect(pic?.codec_name).toBe('png')
    expect(probed.chapters.map((c) => [Number(c.start_time), c.tags?.title])).toEqual([
      [0, 'Opening'],
      [2.25, 'Chapter 1: The Storm'],
    ])
    // Every sample decodes (the pages after the header were renumbered and their CRCs redone).
    const decoded = await decodeSamples(path)
    expect(decoded.length).toBe(5 * 48_000)
  })
})

describe('chapters of a render', () => {
  const block = (id: string, chapter?: string): PlannedBlock =>
    ({ id, ...(chapter ? { chapter } : {}) }) as PlannedBlock

  it('starts a chapter wherever the heading changes, the blocks before the first as the opening', () => {
    expect(
      chapterTitles([block('a'), block('b', 'One'), block('c', 'One'), block('d', 'Two')]),
    ).toEqual(['Opening', 'One', 'Two'])
    expect(chapterTitles([block('a'), block('b')])).toEqual([])
  })

  it('marks each chapter of the main file at its first block, and tags each chapter file as a track', async () => {
    const blocks = [block('a', 'One'), block('b', 'One'), block('c', 'Two')]
    const split = { mode: 'chapter' as const, dir: join(dir, 'chapters') }
    const outputs = new RenderOutputs(
      join(dir, 'whole.mp3'),
      'mp3',
      24_000,
      1,
      split,
      new AbortController().signal,
      2,
      undefined,
      { tags: BOOK, blocks },
    )
    await outputs.start()
    const seconds = [1.2, 0.8, 2]
    for (const [i, b] of blocks.entries()) {
      await outputs.startBlock(b)
      await outputs.write(speechLikeSignal(seconds[i] as number, 24_000, 0.3, i + 1))
    }
    await outputs.commit()

    const whole = await probe(join(dir, 'whole.mp3'))
    expect(
      whole.chapters.map((c) => [Number(c.start_time), Number(c.end_time), c.tags?.title]),
    ).toEqual([
      [0, 2, 'One'],
      [2, 4, 'Two'],
    ])
    expect(whole.format.tags?.title).toBe(BOOK.title)
    expect(outputs.extraFiles.map((f) => f.slice(split.dir.length + 1))).toEqual([
      '01 - One.mp3',
      '02 - Two.mp3',
    ])
    const second = await probe(outputs.extraFiles[1] as string)
    expect(second.format.tags).toMatchObject({ title: 'Two', album: BOOK.album, track: '2/2' })
    expect(second.chapters).toEqual([])
  })
})
