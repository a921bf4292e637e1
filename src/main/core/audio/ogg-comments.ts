import type { AudioTags, ChapterMark } from './audio-tags'
import { ENCODED_BY } from './audio-tags'
import { oggPageCrc } from './ogg'
import { Carry } from './verdict'
import { concatBytes } from './bytes'

/**
 * Tags, cover and chapters for an Ogg Vorbis stream, written into its comment header while the
 * encoder's pages pass through. The encoder's own comment packet (vendor string only) is replaced;
 * the comment and setup packets are laid out on new pages, and every later page gets its sequence
 * number moved by the difference and its CRC recomputed. Tags follow the Vorbis comment names
 * players read (TITLE, ARTIST, ALBUM...), the cover is a METADATA_BLOCK_PICTURE (a FLAC picture
 * block in base64), and chapters are CHAPTERnnn=HH:MM:SS.mmm with CHAPTERnnnNAME, the convention
 * FFmpeg and most players read. A chapter time is always 12 characters, so the header keeps its
 * size when the real times are filled in at the end ({@link OggCommentWriter.finish}).
 */

const encoder = new TextEncoder()
/** Most bytes on one page: 255 lacing values of 255. */
const PAGE_MAX_BODY = 255 * 255

function u32le(value: number): Uint8Array {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, value >>> 0, true)
  return out
}

function u32be(value: number): Uint8Array {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, value >>> 0)
  return out
}

/** A time as HH:MM:SS.mmm (always 12 characters up to 99 hours). */
export function chapterTimestamp(ms: number): string {
  const total = Math.max(0, Math.round(ms))
  const h = Math.floor(total / 3_600_000)
  const m = Math.floor(total / 60_000) % 60
  const s = Math.floor(total / 1000) % 60
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0')
  return `${pad(Math.min(h, 99))}:${pad(m)}:${pad(s)}.${pad(total % 1000, 3)}`
}

/** The FLAC picture block of a front cover (type 3), in base64, as METADATA_BLOCK_PICTURE holds it. */
function pictureBlock(cover: NonNullable<AudioTags['cover']>): string {
  const mime = encoder.encode(cover.mime)
  const block = concatBytes([
    u32be(3),
    u32be(mime.byteLength),
    mime,
    u32be(0), // description length
    u32be(0), // width, height, depth, colours: unknown (0), as the format allows
    u32be(0),
    u32be(0),
    u32be(0),
    u32be(cover.data.byteLength),
    cover.data,
  ])
  return Buffer.from(block).toString('base64')
}

/** The Vorbis comment packet for `tags` and `chapters`. */
export function vorbisCommentPacket(
  vendor: Uint8Array,
  tags: AudioTags,
  chapters: readonly ChapterMark[],
): Uint8Array {
  const fields: string[] = []
  const add = (key: string, value: string | undefined): void => {
    if (value) fields.push(`${key}=${value}`)
  }
  add('TITLE', tags.title)
  add('ARTIST', tags.author)
  add('ALBUMARTIST', tags.author)
  add('ALBUM', tags.album)
  add('COMPOSER', tags.narrator)
  add('PERFORMER', tags.narrator)
  if (tags.track) {
    add('TRACKNUMBER', String(tags.track.number))
    if (tags.track.total) add('TRACKTOTAL', String(tags.track.total))
  }
  if (tags.year !== undefined) add('DATE', String(tags.year))
  add('GENRE', tags.genre)
  add('COMMENT', tags.comment)
  add('ENCODER', ENCODED_BY)
  chapters.forEach((chapter, i) => {
    const n = String(i + 1).padStart(3, '0')
    fields.push(`CHAPTER${n}=${chapterTimestamp(chapter.startMs)}`)
    fields.push(`CHAPTER${n}NAME=${chapter.title}`)
  })
  if (tags.cover) fields.push(`METADATA_BLOCK_PICTURE=${pictureBlock(tags.cover)}`)
  const encoded = fields.map((f) => encoder.encode(f))
  return concatBytes([
    Uint8Array.of(0x03, 0x76, 0x6f, 0x72, 0x62, 0x69, 0x73), // type 3, "vorbis"
    u32le(vendor.byteLength),
    vendor,
    u32le(encoded.length),
    ...encoded.flatMap((f) => [u32le(f.byteLength), f]),
    Uint8Array.of(0x01), // framing bit
  ])
}

interface Page {
  headerType: number
  granule: Uint8Array
  serial: number
  sequence: number
  lacing: Uint8Array
  body: Uint8Array
}

function parsePage(data: Uint8Array, at: number): { page: Page; length: number } | null {
  if (data.byteLength - at < 27) return null
  const segments = data[at + 26]!
  if (data.byteLength - at < 27 + segments) return null
  const lacing = data.subarray(at + 27, at + 27 + segments)
  const bodyLength = lacing.reduce((n, v) => n + v, 0)
  const length = 27 + segments + bodyLength
  if (data.byteLength - at < length) return null
  const view = new DataView(data.buffer, data.byteOffset + at, length)
  return {
    page: {
      headerType: data[at + 5]!,
      granule: data.slice(at + 6, at + 14),
      serial: view.getUint32(14, true),
      sequence: view.getUint32(18, true),
      lacing: data.slice(at + 27, at + 27 + segments),
      body: data.slice(at + 27 + segments, at + length),
    },
    length,
  }
}

function buildPage(page: Page): Uint8Array {
  const out = concatBytes([
    Uint8Array.of(0x4f, 0x67, 0x67, 0x53, 0, page.headerType),
    page.granule,
    u32le(page.serial),
    u32le(page.sequence),
    u32le(0),
    Uint8Array.of(page.lacing.byteLength),
    page.lacing,
    page.body,
  ])
  new DataView(out.buffer).setUint32(22, oggPageCrc(out), true)
  return out
}

/** Lays whole packets on pages (granule 0, as header pages have); the last page ends the last packet. */
function paginate(packets: Uint8Array[], serial: number, firstSequence: number): Uint8Array[] {
  const pages: Uint8Array[] = []
  let lacing: number[] = []
  let body: Uint8Array[] = []
  let bodyBytes = 0
  let continued = false
  let nextContinued = false
  const flush = (): void => {
    // A page on which no packet ends has no position: granule -1 (RFC 3533); the others 0.
    const ends = lacing.some((v) => v < 255)
    pages.push(
      buildPage({
        headerType: continued ? 0x01 : 0x00,
        granule: ends ? new Uint8Array(8) : new Uint8Array(8).fill(0xff),
        serial,
        sequence: firstSequence + pages.length,
        lacing: Uint8Array.from(lacing),
        body: concatBytes(body),
      }),
    )
    continued = nextContinued
    lacing = []
    body = []
    bodyBytes = 0
  }
  for (const packet of packets) {
    let at = 0
    // A packet's lacing: 255 for every full 255 bytes, then the remainder (0 when it divides).
    for (;;) {
      const take = Math.min(255, packet.byteLength - at)
      if (lacing.length === 255 || bodyBytes + take > PAGE_MAX_BODY) {
        // The next page continues a packet only when the break falls inside one.
        nextContinued = at > 0
        flush()
      }
      lacing.push(take)
      body.push(packet.subarray(at, at + take))
      bodyBytes += take
      at += take
      if (take < 255) break
    }
    nextContinued = false
  }
  if (lacing.length > 0) flush()
  return pages
}

/** Where the rewritten comment pages sit in the output, to fill in the chapter times at the end. */
interface Laid {
  position: number
  pages: number
}

/**
 * Rewrites an Ogg Vorbis stream's headers as it passes through (see the file comment). Push the
 * encoder's bytes; write what comes back, in order.
 */
export class OggCommentWriter {
  private readonly carry = new Carry()
  private phase: 'id' | 'headers' | 'audio' = 'id'
  private out = 0
  private headerPackets: Uint8Array[] = []
  private partial: Uint8Array[] = []
  private serial = 0
  private shift = 0
  private vendor = new Uint8Array(0)
  private laid: Laid | null = null
  private setup: Uint8Array | null = null

  constructor(
    private readonly tags: AudioTags,
    private readonly chapterTitles: readonly string[],
  ) {}

  private chapters(times: readonly { startMs: number; endMs: number }[] | null): ChapterMark[] {
    return this.chapterTitles.map((title, i) => ({
      title,
      startMs: times?.[i]?.startMs ?? 0,
      endMs: times?.[i]?.endMs ?? 0,
    }))
  }

  push(chunk: Uint8Array): Uint8Array[] {
    const data = this.carry.append(chunk)
    const emitted: Uint8Array[] = []
    const emit = (bytes: Uint8Array): void => {
      emitted.push(bytes)
      this.out += bytes.byteLength
    }
    let at = 0
    for (;;) {
      const parsed = parsePage(data, at)
      if (parsed === null) break
      const { page, length } = parsed
      const raw = data.subarray(at, at + length)
      at += length
      if (this.phase === 'id') {
        this.serial = page.serial
        emit(raw.slice())
        this.phase = 'headers'
        continue
      }
      if (this.phase === 'audio') {
        if (this.shift === 0) emit(raw.slice())
        else emit(buildPage({ ...page, sequence: page.sequence + this.shift }))
        continue
      }
      // Header pages: gather the comment and setup packets, then lay them out anew.
      let offset = 0
      for (const lace of page.lacing) {
        this.partial.push(page.body.subarray(offset, offset + lace))
        offset += lace
        if (lace < 255) {
          this.headerPackets.push(concatBytes(this.partial))
          this.partial = []
        }
      }
      if (this.headerPackets.length >= 2) {
        if (
          this.headerPackets.length > 2 ||
          this.partial.length > 0 ||
          offset < page.body.byteLength
        ) {
          // Vorbis ends the setup header's page; audio on it would be lost in the relayout.
          throw new Error('the Ogg encoder put audio on the setup header page')
        }
        const [comment, setup] = this.headerPackets as [Uint8Array, Uint8Array]
        const vendorLength = new DataView(comment.buffer, comment.byteOffset + 7, 4).getUint32(
          0,
          true,
        )
        this.vendor = comment.slice(11, 11 + vendorLength)
        this.setup = setup
        const pages = paginate(
          [vorbisCommentPacket(this.vendor, this.tags, this.chapters(null)), setup],
          this.serial,
          1,
        )
        this.laid = { position: this.out, pages: pages.length }
        for (const p of pages) emit(p)
        // Pages so far: the id page, and the old header pages up to this one.
        this.shift = pages.length + 1 - (page.sequence + 1)
        this.phase = 'audio'
      }
    }
    this.carry.keep(data, at)
    return emitted
  }

  /**
   * The header pages again with the chapters' real times, and where they go; null when there are
   * no chapters (nothing to fill in). Same length as before: the times are fixed-width.
   */
  finish(
    times: readonly { startMs: number; endMs: number }[],
  ): { bytes: Uint8Array; position: number } | null {
    if (this.chapterTitles.length === 0 || this.laid === null || this.setup === null) return null
    const pages = paginate(
      [vorbisCommentPacket(this.vendor, this.tags, this.chapters(times)), this.setup],
      this.serial,
      1,
    )
    if (pages.length !== this.laid.pages)
      throw new Error('the Ogg comment pages changed at the end')
    return { bytes: concatBytes(pages), position: this.laid.position }
  }
}
