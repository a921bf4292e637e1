import type { AtomicFile } from '../files/atomic-write'
import type { Mp3FrameHeader } from './mp3-header'
import { parseMp3Header } from './mp3-header'
import type { GaplessTrim, InfoTagFields, LameTagFields } from './mp3-info-tag'
import { buildInfoFrame, crc16, infoFrameHeader, readInfoTag } from './mp3-info-tag'
import { Carry, id3v2Size } from './verdict'

/** The Info frame to write once the stream is complete, and where it goes in the output. */
export interface PendingInfoFrame {
  position: number
  bytes: Uint8Array
  fields: InfoTagFields
}

/** What the encoder knows at the end; absent for bytes from the service (see finish). */
export interface EncoderFacts {
  /** Nine characters naming the encoder, e.g. "LAME3.100". */
  encoder: string
  /** Samples the encoder was given (at the output rate). */
  samples: number
  /** Samples the encoder put before the first input sample. */
  delay: number
  /** Constant or variable bitrate, as the encoder was set. */
  mode: 'cbr' | 'vbr'
}

/** Seek points kept while the stream is walked; halved (every other kept) when full. */
const SEEK_POINTS = 2048

/**
 * Puts a Xing/Info frame with a LAME tag in front of an MP3 stream while it passes through: the
 * bytes are handed on as they come (only the first frame is held until it is whole), a blank
 * frame of the right size is put before the first audio frame (after an ID3v2 tag, where tags go),
 * and {@link finish} returns the real frame to write over it. An Xing/Info frame already at the
 * head of the stream is replaced (its counts would be stale); its delay and padding are kept when
 * its LAME tag checks out. Memory: one frame, and at most {@link SEEK_POINTS} offsets for the TOC.
 */
export class Mp3InfoTagger {
  private readonly carry = new Carry()
  /** `raw`: not MP3 after all; bytes pass through untouched and finish() refuses. */
  private phase: 'tag' | 'first' | 'audio' | 'raw' = 'tag'
  /** Bytes of a leading ID3v2 tag still to pass through. */
  private tagLeft = 0
  private out = 0
  private infoPosition = -1
  private infoHeader: Uint8Array | null = null
  private infoLength = 0
  private carriedLame: LameTagFields | null = null
  private frames = 0
  private samplesPerFrame = 0
  private musicBytes = 0
  private musicCrc = 0
  private bitrateIndexes = new Set<number>()
  private minKbps = Number.POSITIVE_INFINITY
  private seek = new Float64Array(SEEK_POINTS)
  private seekCount = 0
  private seekStep = 1
  private failure: string | null = null

  /** Bytes handed on so far (the blank Info frame included). */
  get outputBytes(): number {
    return this.out
  }

  /**
   * Takes the next bytes of the stream; returns what to append to the output, in order (views of
   * `chunk` among them: the caller must not change it until they are written).
   */
  push(chunk: Uint8Array): Uint8Array[] {
    const emitted: Uint8Array[] = []
    const emit = (bytes: Uint8Array): void => {
      if (bytes.byteLength === 0) return
      emitted.push(bytes)
      this.out += bytes.byteLength
    }
    let rest = chunk
    if (this.phase === 'tag') {
      if (this.tagLeft > 0) {
        const take = Math.min(this.tagLeft, rest.byteLength)
        emit(rest.subarray(0, take))
        this.tagLeft -= take
        rest = rest.subarray(take)
        if (this.tagLeft > 0) return emitted
        this.phase = 'first'
      } else {
        const data = this.carry.append(rest)
        const size = id3v2Size(data, 0)
        if (size === -1) {
          this.carry.keep(data, 0)
          return emitted
        }
        this.carry.keep(data, data.byteLength)
        rest = data
        if (size > 0) {
          this.tagLeft = size
          return [...emitted, ...this.push(rest)]
        }
        this.phase = 'first'
      }
    }
    if (this.phase === 'first') {
      const data = this.carry.append(rest)
      let offset = 0
      for (;;) {
        const header = parseMp3Header(data, offset)
        if (header === null && data.byteLength - offset >= 4) {
          this.failure = 'no MP3 frame where the audio starts'
          this.phase = 'raw'
          this.carry.keep(data, data.byteLength)
          emit(data)
          return emitted
        }
        if (header === null) {
          this.carry.keep(data, offset)
          return emitted
        }
        if (data.byteLength - offset < header.frameLength) {
          this.carry.keep(data, offset)
          return emitted
        }
        const existing = readInfoTag(data, offset)
        if (existing === null) break
        // A Xing/Info frame the stream brought: dropped (ours replaces it), its trim kept if sound.
        if (existing.lame && existing.tagCrcOk) this.carriedLame = existing.lame
        offset += header.frameLength
      }
      const { header, frame } = infoFrameHeader(data.subarray(offset, offset + 4), true)
      this.infoHeader = header
      this.infoLength = frame.frameLength
      this.infoPosition = this.out
      // A blank frame now; finish() gives the real one to write over it.
      emit(new Uint8Array(frame.frameLength))
      this.phase = 'audio'
      const audio = data.slice(offset)
      this.carry.keep(data, data.byteLength)
      this.tally(audio)
      emit(audio)
      return emitted
    }
    if (this.phase === 'audio') this.tally(rest)
    emit(rest)
    return emitted
  }

  private tally(chunk: Uint8Array): void {
    if (this.failure !== null) return
    const data = this.carry.append(chunk)
    let offset = 0
    while (data.byteLength - offset >= 4) {
      if (data[offset] === 0x54 && data[offset + 1] === 0x41 && data[offset + 2] === 0x47) {
        // "TAG": an ID3v1 tag, which may only be the last 128 bytes.
        if (data.byteLength - offset > 128) {
          this.failure = 'data after an ID3v1 tag'
          return
        }
        break
      }
      const header = parseMp3Header(data, offset)
      if (header === null) {
        this.failure = `MP3 frame sync lost ${this.musicBytes} bytes into the audio`
        return
      }
      if (data.byteLength - offset < header.frameLength) break
      this.addFrame(header, data.subarray(offset, offset + header.frameLength))
      offset += header.frameLength
    }
    this.carry.keep(data, offset)
  }

  private addFrame(header: Mp3FrameHeader, bytes: Uint8Array): void {
    if (this.frames % this.seekStep === 0) {
      if (this.seekCount === SEEK_POINTS) {
        for (let i = 0; i < SEEK_POINTS / 2; i++) this.seek[i] = this.seek[i * 2]!
        this.seekCount = SEEK_POINTS / 2
        this.seekStep *= 2
      }
      if (this.frames % this.seekStep === 0) this.seek[this.seekCount++] = this.musicBytes
    }
    this.frames += 1
    this.samplesPerFrame = header.samplesPerFrame
    this.musicBytes += bytes.byteLength
    this.musicCrc = crc16(bytes, this.musicCrc)
    this.bitrateIndexes.add(header.bitrateIndex)
    this.minKbps = Math.min(this.minKbps, header.bitrate / 1000)
  }

  /** Bytes of audio before frame `index` (interpolated between kept seek points). */
  private musicBefore(index: number): number {
    const k = Math.floor(index / this.seekStep)
    const from = this.seek[k] ?? this.musicBytes
    const next = k + 1 < this.seekCount ? this.seek[k + 1]! : this.musicBytes
    const span = Math.min((k + 1) * this.seekStep, this.frames) - k * this.seekStep
    return span <= 0 ? from : from + ((next - from) * (index - k * this.seekStep)) / span
  }

  /**
   * Ends the stream and returns the Info frame to write at `position`. With `encoder` (our own
   * encode) the LAME tag carries the encoder's delay and the padding worked out from the frame
   * count, so players trim exactly to the samples given. Without it (bytes the service sent) the
   * delay and padding are unknown: the frame says what is known (frames, bytes, TOC), plus a
   * LAME tag only when the service's own one was there and sound.
   */
  finish(encoder?: EncoderFacts): PendingInfoFrame {
    const leftover = this.carry.data
    if (this.failure !== null) throw new Error(`not a clean MP3 stream: ${this.failure}`)
    if (this.phase !== 'audio' || this.infoHeader === null || this.frames === 0) {
      throw new Error('not a clean MP3 stream: no audio frames')
    }
    const isId3v1 = leftover.byteLength === 128 && leftover[0] === 0x54
    if (leftover.byteLength > 0 && !isId3v1) {
      throw new Error(
        `not a clean MP3 stream: the last frame is cut (${leftover.byteLength} bytes)`,
      )
    }
    const total = this.infoLength + this.musicBytes
    const toc = new Uint8Array(100)
    for (let i = 0; i < 100; i++) {
      const at = this.infoLength + this.musicBefore(Math.floor((i * this.frames) / 100))
      toc[i] = Math.min(255, Math.floor((256 * at) / total))
    }
    const constant = this.bitrateIndexes.size === 1
    const mode = encoder?.mode ?? (constant ? 'cbr' : 'vbr')
    let lame: LameTagFields | undefined
    const lameBase = {
      bitrateKbps: this.minKbps,
      musicLength: total,
      musicCrc: this.musicCrc,
    }
    if (encoder) {
      const padding = this.frames * this.samplesPerFrame - encoder.delay - encoder.samples
      if (padding < 0) {
        throw new Error(
          `the encoder gave ${this.frames} frames for ${encoder.samples} samples after a delay of ${encoder.delay}`,
        )
      }
      lame = {
        ...lameBase,
        encoder: encoder.encoder,
        vbrMethod: mode === 'cbr' ? 1 : 4,
        trim: { delay: encoder.delay, padding },
      }
    } else if (this.carriedLame) {
      const trim: GaplessTrim = this.carriedLame.trim
      lame = { ...this.carriedLame, ...lameBase, trim }
    }
    const fields: InfoTagFields = {
      kind: mode === 'cbr' ? 'Info' : 'Xing',
      frames: this.frames,
      bytes: total,
      toc,
      quality: 0,
      ...(lame ? { lame } : {}),
    }
    return { position: this.infoPosition, bytes: buildInfoFrame(this.infoHeader, fields), fields }
  }
}

/**
 * A whole MP3 from the service with an Info frame in front of its audio (see
 * {@link Mp3InfoTagger}). Bytes that are not a clean MP3 stream are returned unchanged: the
 * service's file is saved as it came rather than refused.
 */
export function withInfoFrame(bytes: Uint8Array): Uint8Array {
  const tagger = new Mp3InfoTagger()
  const parts = tagger.push(bytes)
  let pending: PendingInfoFrame
  try {
    pending = tagger.finish()
  } catch {
    return bytes
  }
  const out = new Uint8Array(tagger.outputBytes)
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.byteLength
  }
  out.set(pending.bytes, pending.position)
  return out
}

/**
 * Wraps a file being written with MP3 from the service so that it gets an Info frame: the bytes
 * go through an {@link Mp3InfoTagger} and the frame is written over its blank just before the
 * commit. A stream that is not clean MP3 is committed without it (its checker decides its fate).
 */
export function mp3FileWithInfoFrame(file: AtomicFile): AtomicFile {
  const tagger = new Mp3InfoTagger()
  return {
    get tempPath() {
      return file.tempPath
    },
    get handle() {
      return file.handle
    },
    get bytesWritten() {
      return file.bytesWritten
    },
    write: async (chunk) => {
      await Promise.all(tagger.push(chunk).map((part) => file.write(part)))
    },
    writeAt: (chunk, position) => file.writeAt(chunk, position),
    truncate: (length) => file.truncate(length),
    syncInBackground: () => file.syncInBackground(),
    async commit(verify, options) {
      let pending: PendingInfoFrame | null = null
      try {
        pending = tagger.finish()
      } catch {
        pending = null
      }
      if (pending !== null) await file.writeAt(pending.bytes, pending.position)
      await file.commit(verify, options)
    },
    abort: () => file.abort(),
  }
}
