/**
 * What a finished file says about itself: the descriptive tags, the cover and the chapters, in one
 * shape for every container (ID3v2.4 in MP3, Vorbis comments in Ogg, MP4 atoms in M4A/M4B).
 */

/** A cover image, as its bytes. Only JPEG and PNG: what every player and store shows. */
export interface CoverImage {
  mime: 'image/jpeg' | 'image/png'
  data: Uint8Array
}

/** The descriptive tags of a file; every field may be absent. */
export interface AudioTags {
  title?: string
  /** The book's author (artist in music terms). */
  author?: string
  narrator?: string
  /** The book, series or show the file belongs to. */
  album?: string
  track?: { number: number; total?: number }
  year?: number
  genre?: string
  comment?: string
  cover?: CoverImage
}

/** One chapter of a file: where it starts and ends, in milliseconds of the file's audio. */
export interface ChapterMark {
  title: string
  startMs: number
  endMs: number
}

/** The name this app writes as the encoding software. */
export const ENCODED_BY = 'VoiceDesk'

/**
 * The image type of `data` from its leading bytes, or null when it is neither JPEG nor PNG. The
 * bytes decide, not the file's name: a renamed file would otherwise be tagged with the wrong type.
 */
export function sniffCoverMime(data: Uint8Array): CoverImage['mime'] | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
    return 'image/jpeg'
  }
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (data.length >= png.length && png.every((b, i) => data[i] === b)) return 'image/png'
  return null
}
