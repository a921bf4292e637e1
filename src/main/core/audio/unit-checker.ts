import type { AudioChecker, AudioVerdict } from './verdict'
import { Carry, id3v2Size } from './verdict'

/** What one container adds to the checker: how its units are read and what its end must be. */
export interface UnitReader {
  /**
   * Set when a leading ID3v2 tag may stand before the first unit (MP3, AAC): the reason given
   * when the stream ends inside that tag.
   */
  readonly id3Prefix?: { endedInside: string }
  /**
   * Reads the whole units of `data` from `offset` and returns where the first unfinished one
   * starts, or why the stream is damaged. `streamByte` turns an offset in `data` into the byte's
   * place in the whole stream, for the message.
   */
  read(
    data: Uint8Array,
    offset: number,
    streamByte: (offset: number) => number,
  ): number | { failure: string }
  /** The verdict on a stream that ended with no damage found, given the bytes left unread. */
  finish(rest: Uint8Array): AudioVerdict
}

/**
 * An incremental checker over a container of back-to-back units (frames, pages): counts the bytes,
 * keeps only the unfinished unit between pushes, skips a leading ID3v2 tag where the container
 * allows one, and stops reading at the first damage.
 */
export function createUnitChecker(reader: UnitReader): AudioChecker {
  const carry = new Carry()
  let bytes = 0
  let started = reader.id3Prefix === undefined
  let skip = 0
  let failure: string | null = null

  /** Where the units begin in `data` once a leading tag is passed, or null while it is not. */
  const afterTag = (data: Uint8Array): number | null => {
    const tag = id3v2Size(data, 0)
    if (tag === -1) {
      carry.keep(data, 0)
      return null
    }
    started = true
    if (tag <= data.byteLength) return tag
    skip = tag - data.byteLength
    carry.keep(data, data.byteLength)
    return null
  }

  return {
    get bytes() {
      return bytes
    },
    push(chunk) {
      bytes += chunk.byteLength
      if (failure !== null) return
      if (skip >= chunk.byteLength) {
        skip -= chunk.byteLength
        return
      }
      const data = carry.append(skip > 0 ? chunk.subarray(skip) : chunk)
      skip = 0
      const offset = started ? 0 : afterTag(data)
      if (offset === null) return
      const read = reader.read(data, offset, (at) => bytes - data.byteLength + at)
      if (typeof read === 'number') carry.keep(data, read)
      else failure = read.failure
    },
    finish(): AudioVerdict {
      if (failure !== null) return { ok: false, reason: failure }
      if (skip > 0) return { ok: false, reason: reader.id3Prefix?.endedInside ?? 'truncated' }
      return reader.finish(carry.data)
    },
  }
}

/** The verdict on bytes left over after the last whole unit. */
export function incompleteUnit(unit: string, rest: Uint8Array): AudioVerdict {
  return {
    ok: false,
    reason: `the last ${unit} is incomplete (${rest.byteLength} bytes left over)`,
  }
}
