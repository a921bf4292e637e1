import type { ChapterMark } from './audio-tags'
import { concatBytes } from './bytes'

/**
 * Chapters in an MP4 (M4B) file as a Nero chapter list: a `chpl` box in `moov/udta`, read by
 * FFmpeg-based players, VLC, mpv and the Android audiobook players. The muxer (mediabunny) writes
 * no chapters, so its finished `moov` box is given one here; `moov` comes after the media data
 * (no fast start), so growing it moves no sample and no chunk offset changes.
 */

/** The chapter list counts its entries in one byte. */
export const CHPL_MAX_CHAPTERS = 255
/** A chapter title is at most this many UTF-8 bytes (a one-byte length). */
const CHPL_MAX_TITLE_BYTES = 255

const encoder = new TextEncoder()

function boxHeader(type: string, size: number): Uint8Array {
  const out = new Uint8Array(8)
  new DataView(out.buffer).setUint32(0, size)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  return out
}

/** A title cut to whole UTF-8 characters within the list's 255 bytes. */
function titleBytes(title: string): Uint8Array {
  let bytes = encoder.encode(title)
  let chars = [...title]
  while (bytes.byteLength > CHPL_MAX_TITLE_BYTES) {
    chars = chars.slice(0, -1)
    bytes = encoder.encode(chars.join(''))
  }
  return bytes
}

/** The `chpl` box: version 1, a reserved word, the count, then each start (100 ns units) and title. */
export function chapterListBox(chapters: readonly ChapterMark[]): Uint8Array {
  if (chapters.length > CHPL_MAX_CHAPTERS) {
    throw new RangeError(`an M4B chapter list holds at most ${CHPL_MAX_CHAPTERS} chapters`)
  }
  const titles = chapters.map((c) => titleBytes(c.title))
  const size = 8 + 4 + 4 + 1 + titles.reduce((sum, t) => sum + 8 + 1 + t.byteLength, 0)
  const out = new Uint8Array(size)
  const view = new DataView(out.buffer)
  out.set(boxHeader('chpl', size), 0)
  view.setUint8(8, 1) // version 1; flags 0
  let at = 16 // after the version/flags word and the reserved word
  view.setUint8(at, chapters.length)
  at += 1
  chapters.forEach((chapter, i) => {
    view.setBigUint64(at, BigInt(Math.round(chapter.startMs)) * 10_000n)
    at += 8
    const title = titles[i] as Uint8Array
    view.setUint8(at, title.byteLength)
    out.set(title, at + 1)
    at += 1 + title.byteLength
  })
  return out
}

/** The children of a box's payload, as [type, start, size] (start relative to `bytes`). */
function children(bytes: Uint8Array, from: number, to: number): [string, number, number][] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out: [string, number, number][] = []
  for (let at = from; at + 8 <= to;) {
    const size = view.getUint32(at)
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8))
    if (size < 8 || at + size > to) throw new Error(`a malformed ${type} box in moov`)
    out.push([type, at, size])
    at += size
  }
  return out
}

/**
 * `moov` (a whole box) with `chapters` added as a chapter list in its `udta` (made when absent).
 * Only box sizes change: every offset in `moov` points before it.
 */
export function withChapterList(moov: Uint8Array, chapters: readonly ChapterMark[]): Uint8Array {
  if (chapters.length === 0) return moov
  const type = String.fromCharCode(...moov.subarray(4, 8))
  if (type !== 'moov') throw new Error(`expected a moov box, found ${type}`)
  const chpl = chapterListBox(chapters)
  const parts = children(moov, 8, moov.byteLength)
  const udta = parts.find(([t]) => t === 'udta')
  let body: Uint8Array[]
  if (udta) {
    const [, start, size] = udta
    body = [
      moov.subarray(8, start),
      boxHeader('udta', size + chpl.byteLength),
      moov.subarray(start + 8, start + size),
      chpl,
      moov.subarray(start + size),
    ]
  } else {
    body = [moov.subarray(8), boxHeader('udta', 8 + chpl.byteLength), chpl]
  }
  const size = 8 + body.reduce((sum, p) => sum + p.byteLength, 0)
  const out = new Uint8Array(size)
  out.set(boxHeader('moov', size), 0)
  let at = 8
  for (const part of body) {
    out.set(part, at)
    at += part.byteLength
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// The QuickTime chapter track: what Apple Books, iTunes and QuickTime read for an audiobook's
// chapters (they ignore chpl). A disabled text track holds one sample per chapter (its title, for
// as long as the chapter lasts), and the audio track points at it with a `tref/chap` reference.

function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const size = 8 + parts.reduce((n, p) => n + p.byteLength, 0)
  const out = new Uint8Array(size)
  out.set(boxHeader(type, size), 0)
  let at = 8
  for (const p of parts) {
    out.set(p, at)
    at += p.byteLength
  }
  return out
}

function u8(...values: number[]): Uint8Array {
  return Uint8Array.from(values)
}

function u16(...values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 2)
  const view = new DataView(out.buffer)
  values.forEach((v, i) => view.setUint16(i * 2, v))
  return out
}

function u32(...values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 4)
  const view = new DataView(out.buffer)
  values.forEach((v, i) => view.setUint32(i * 4, v >>> 0))
  return out
}

/** Version 0, flags 0: the word that starts a full box. */
const FULL_BOX_0 = u32(0)
/** The identity transformation matrix of tkhd (16.16 and 2.30 fixed point). */
const IDENTITY_MATRIX = u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000)
/** ISO 639-2 "und" packed in 15 bits, as mdhd holds languages. */
const LANGUAGE_UND = 0x55c4

/** One chapter title as a QuickTime text sample: its length, the UTF-8 text, then its encoding. */
function textSample(title: string): Uint8Array {
  const text = titleBytes(title)
  return concatBytes([u16(text.byteLength), text, box('encd', u32(0x00000100))])
}

/** The text sample entry (the 3GPP timed-text layout FFmpeg and Apple write for chapter tracks). */
function textSampleEntry(): Uint8Array {
  return box(
    'text',
    u8(0, 0, 0, 0, 0, 0), // reserved
    u16(1), // data reference index
    u32(0), // display flags
    u8(0, 0), // horizontal and vertical justification
    u32(0), // background colour (RGBA)
    u16(0, 0, 0, 0), // default text box: top, left, bottom, right
    u16(0, 0, 1), // style record: first and last character, font id 1
    u8(0, 0), // face style, font size
    u32(0), // text colour (RGBA)
    box('ftab', u16(1), u16(1), u8(0)), // one font, id 1, no name
  )
}

/**
 * The chapter track's clock: 24,000 ticks a second, the narration's own rate, so a chapter that
 * starts on an audio frame starts on a whole tick (a millisecond clock would round it).
 */
const CHAPTER_TIMESCALE = 24_000

/** The chapter text track: disabled (never played), one sample per chapter, in one chunk. */
function chapterTrack(
  trackId: number,
  chapters: readonly ChapterMark[],
  movieTimescale: number,
  totalMs: number,
  chunkOffset: number,
  sampleSizes: number[],
): Uint8Array {
  const ticks = (ms: number): number => Math.round((ms * CHAPTER_TIMESCALE) / 1000)
  // The samples play back to back from 0: the first chapter covers the start of the file.
  const durations = chapters.map((c, i) =>
    Math.max(0, ticks(chapters[i + 1]?.startMs ?? totalMs) - (i === 0 ? 0 : ticks(c.startMs))),
  )
  const movieDuration = Math.round((totalMs * movieTimescale) / 1000)
  return box(
    'trak',
    box(
      'tkhd',
      u32(0), // version 0, flags 0: not enabled, not in the movie, not in a preview
      u32(0, 0, trackId, 0, movieDuration),
      u32(0, 0), // reserved
      u16(0, 0, 0, 0), // layer, alternate group, volume, reserved
      IDENTITY_MATRIX,
      u32(0, 0), // width, height
    ),
    box(
      'mdia',
      box('mdhd', FULL_BOX_0, u32(0, 0, CHAPTER_TIMESCALE, ticks(totalMs)), u16(LANGUAGE_UND, 0)),
      box(
        'hdlr',
        FULL_BOX_0,
        u32(0),
        new TextEncoder().encode('text'),
        u32(0, 0, 0),
        new TextEncoder().encode('Chapters\0'),
      ),
      box(
        'minf',
        box(
          'gmhd',
          box('gmin', FULL_BOX_0, u16(0x0040, 0x8000, 0x8000, 0x8000, 0, 0)),
          // The text media's own header: a matrix, as QuickTime writes it.
          box('text', u16(1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0x4000, 0)),
        ),
        box('dinf', box('dref', FULL_BOX_0, u32(1), box('url ', u32(1)))),
        box(
          'stbl',
          box('stsd', FULL_BOX_0, u32(1), textSampleEntry()),
          box('stts', FULL_BOX_0, u32(durations.length), ...durations.map((d) => u32(1, d))),
          box('stsc', FULL_BOX_0, u32(1, 1, chapters.length, 1)),
          box('stsz', FULL_BOX_0, u32(0, sampleSizes.length, ...sampleSizes)),
          box('stco', FULL_BOX_0, u32(1, chunkOffset)),
        ),
      ),
    ),
  )
}

/** The movie's timescale and next track id, from mvhd (version 0 or 1). */
function movieHeader(mvhd: Uint8Array): { timescale: number; nextTrackId: number; at: number } {
  const view = new DataView(mvhd.buffer, mvhd.byteOffset, mvhd.byteLength)
  const version = view.getUint8(8)
  const timescale = view.getUint32(version === 1 ? 28 : 20)
  const at = mvhd.byteLength - 4
  return { timescale, nextTrackId: view.getUint32(at), at }
}

/**
 * `moov` (a whole box, the file's last) with the chapters both ways: the chpl list in udta (for
 * FFmpeg-based players) and a QuickTime chapter track referenced from the first track (for Apple's
 * players). The chapter track's samples go in a small `mdat` placed right after the new moov at
 * `moovPosition`: returned as `tail`, to be written after it.
 */
export function withChapters(
  moov: Uint8Array,
  moovPosition: number,
  chapters: readonly ChapterMark[],
  totalMs: number,
): { moov: Uint8Array; tail: Uint8Array } {
  if (chapters.length === 0) return { moov, tail: new Uint8Array(0) }
  // The Nero list counts in one byte: a longer book keeps the QuickTime track alone (FFmpeg reads
  // that one too).
  const listed = chapters.length <= CHPL_MAX_CHAPTERS ? withChapterList(moov, chapters) : moov
  const parts = children(listed, 8, listed.byteLength)
  const mvhdAt = parts.find(([t]) => t === 'mvhd')
  const audioAt = parts.find(([t]) => t === 'trak')
  if (!mvhdAt || !audioAt) throw new Error('the moov box has no movie header or no track')
  const mvhd = listed.slice(mvhdAt[1], mvhdAt[1] + mvhdAt[2])
  const { timescale, nextTrackId, at } = movieHeader(mvhd)
  const chapterId = nextTrackId
  new DataView(mvhd.buffer).setUint32(at, chapterId + 1)
  // The audio track gains `tref/chap -> chapter track`, after its header.
  const [, audioStart, audioSize] = audioAt
  const audio = listed.subarray(audioStart, audioStart + audioSize)
  const audioParts = children(audio, 8, audio.byteLength)
  const tkhd = audioParts.find(([t]) => t === 'tkhd')
  if (!tkhd) throw new Error('the audio track has no header')
  const afterHeader = tkhd[1] + tkhd[2]
  const tref = box('tref', box('chap', u32(chapterId)))
  const audioTrack = box('trak', audio.subarray(8, afterHeader), tref, audio.subarray(afterHeader))
  const samples = chapters.map((c) => textSample(c.title))
  const build = (chunkOffset: number): Uint8Array => {
    const body: Uint8Array[] = []
    for (const [type, start, size] of parts) {
      if (type === 'mvhd') body.push(mvhd)
      else if (start === audioStart) {
        body.push(audioTrack)
        body.push(
          chapterTrack(
            chapterId,
            chapters,
            timescale,
            totalMs,
            chunkOffset,
            samples.map((s) => s.byteLength),
          ),
        )
      } else body.push(listed.subarray(start, start + size))
    }
    return box('moov', ...body)
  }
  // The chunk offset has a fixed width: the moov's size does not depend on its value.
  const size = build(0).byteLength
  const tail = box('mdat', ...samples)
  return { moov: build(moovPosition + size + 8), tail }
}
