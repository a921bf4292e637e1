import type { AudioTags, ChapterMark } from './audio-tags'
import { ENCODED_BY } from './audio-tags'
import { concatBytes } from './bytes'

/**
 * ID3v2.4 tags for an MP3, written from scratch because the maintained Node writers stop at
 * ID3v2.3. Text is UTF-8 (encoding 3, new in 2.4), sizes are synchsafe, and no unsynchronisation
 * is used (2.4 readers do not need it). Chapters are CHAP frames listed by a CTOC table of
 * contents (the ID3v2 Chapter Frame Addendum), each with its title as a TIT2 sub-frame.
 */

const encoder = new TextEncoder()
const UTF8 = 0x03
/** A CTOC lists at most 255 entries (a one-byte count); longer books get one CTOC per 255. */
const CTOC_MAX_ENTRIES = 255
/** The chapter offsets are given in time only; this byte offset means "not given". */
const NO_OFFSET = 0xffffffff

function synchsafe(value: number): Uint8Array {
  if (value >= 2 ** 28) throw new RangeError('an ID3v2 frame or tag cannot exceed 256 MB')
  return Uint8Array.of(
    (value >>> 21) & 0x7f,
    (value >>> 14) & 0x7f,
    (value >>> 7) & 0x7f,
    value & 0x7f,
  )
}

function u32(value: number): Uint8Array {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, value >>> 0)
  return out
}

/** A string as ISO-8859-1 bytes (IDs and MIME types are plain ASCII), null-terminated. */
function latin1z(text: string): Uint8Array {
  const out = new Uint8Array(text.length + 1)
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i) & 0xff
  return out
}

function utf8z(text: string): Uint8Array {
  return concatBytes([encoder.encode(text), Uint8Array.of(0)])
}

function frame(id: string, body: Uint8Array): Uint8Array {
  return concatBytes([
    latin1z(id).subarray(0, 4),
    synchsafe(body.byteLength),
    Uint8Array.of(0, 0),
    body,
  ])
}

function textFrame(id: string, text: string): Uint8Array {
  return frame(id, concatBytes([Uint8Array.of(UTF8), encoder.encode(text)]))
}

function userTextFrame(description: string, text: string): Uint8Array {
  return frame('TXXX', concatBytes([Uint8Array.of(UTF8), utf8z(description), encoder.encode(text)]))
}

function chapterId(index: number): string {
  return `ch${index + 1}`
}

function chapterFrames(chapters: readonly ChapterMark[]): Uint8Array[] {
  if (chapters.length === 0) return []
  const chaps = chapters.map((chapter, i) =>
    frame(
      'CHAP',
      concatBytes([
        latin1z(chapterId(i)),
        u32(Math.max(0, Math.round(chapter.startMs))),
        u32(Math.max(0, Math.round(chapter.endMs))),
        u32(NO_OFFSET),
        u32(NO_OFFSET),
        textFrame('TIT2', chapter.title),
      ]),
    ),
  )
  const toc = (id: string, topLevel: boolean, children: string[]): Uint8Array =>
    frame(
      'CTOC',
      concatBytes([
        latin1z(id),
        // Bit 0: ordered; bit 1: top level.
        Uint8Array.of(topLevel ? 0x03 : 0x01),
        Uint8Array.of(children.length),
        ...children.map(latin1z),
      ]),
    )
  const ids = chapters.map((_, i) => chapterId(i))
  if (ids.length <= CTOC_MAX_ENTRIES) return [toc('toc', true, ids), ...chaps]
  const groups: string[][] = []
  for (let i = 0; i < ids.length; i += CTOC_MAX_ENTRIES) {
    groups.push(ids.slice(i, i + CTOC_MAX_ENTRIES))
  }
  if (groups.length > CTOC_MAX_ENTRIES) {
    throw new RangeError(`an MP3 can list at most ${CTOC_MAX_ENTRIES ** 2} chapters`)
  }
  const groupIds = groups.map((_, i) => `toc${i + 1}`)
  return [
    toc('toc', true, groupIds),
    ...groups.map((group, i) => toc(groupIds[i] as string, false, group)),
    ...chaps,
  ]
}

/**
 * The whole ID3v2.4 tag (header included) for `tags` and `chapters`. Its size depends only on the
 * text, the cover and the number of chapters, never on the chapter times, so a tag written with
 * provisional times can be overwritten in place once the real ones are known.
 */
export function buildId3v24Tag(tags: AudioTags, chapters: readonly ChapterMark[] = []): Uint8Array {
  const frames: Uint8Array[] = []
  if (tags.title) frames.push(textFrame('TIT2', tags.title))
  if (tags.author) frames.push(textFrame('TPE1', tags.author))
  if (tags.album) frames.push(textFrame('TALB', tags.album))
  if (tags.author) frames.push(textFrame('TPE2', tags.author))
  // Audiobook players read the narrator as the composer (as in M4B files) or as NARRATOR.
  if (tags.narrator) {
    frames.push(textFrame('TCOM', tags.narrator), userTextFrame('NARRATOR', tags.narrator))
  }
  if (tags.track) {
    const { number, total } = tags.track
    frames.push(textFrame('TRCK', total ? `${number}/${total}` : String(number)))
  }
  if (tags.year !== undefined) frames.push(textFrame('TDRC', String(tags.year)))
  if (tags.genre) frames.push(textFrame('TCON', tags.genre))
  if (tags.comment) {
    // COMM: encoding, language, short description (empty), text.
    frames.push(
      frame(
        'COMM',
        concatBytes([
          Uint8Array.of(UTF8),
          latin1z('eng').subarray(0, 3),
          utf8z(''),
          encoder.encode(tags.comment),
        ]),
      ),
    )
  }
  frames.push(textFrame('TSSE', ENCODED_BY))
  if (tags.cover) {
    frames.push(
      frame(
        'APIC',
        // Encoding, MIME type, picture type 3 (front cover), description (empty), the image.
        concatBytes([
          Uint8Array.of(UTF8),
          latin1z(tags.cover.mime),
          Uint8Array.of(0x03),
          utf8z(''),
          tags.cover.data,
        ]),
      ),
    )
  }
  frames.push(...chapterFrames(chapters))
  const body = concatBytes(frames)
  return concatBytes([
    Uint8Array.of(0x49, 0x44, 0x33, 0x04, 0x00, 0x00),
    synchsafe(body.byteLength),
    body,
  ])
}
