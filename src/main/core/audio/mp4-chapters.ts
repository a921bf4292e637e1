import type { ChapterMark } from './audio-tags'

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
