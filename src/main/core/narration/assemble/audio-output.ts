import { createMp3Encoder, createOggEncoder } from 'wasm-media-encoders'
import type { Mp3Encoding } from '../../../../shared/domain/mp3-encoding'
import { mp3EncodingProblem } from '../../../../shared/domain/mp3-encoding'
import type { SpeechFormat } from '../../../../shared/domain/speech'
import { PCM_SAMPLE_RATE } from '../../../../shared/domain/speech'
import { AppError } from '../../../../shared/errors'
import type { AudioTags, ChapterMark } from '../../audio/audio-tags'
import { buildId3v24Tag } from '../../audio/id3v24'
import { OggCommentWriter } from '../../audio/ogg-comments'
import { LAME_ENCODER_DELAY } from '../../audio/mp3-info-tag'
import { Mp3InfoTagger } from '../../audio/mp3-tagger'
import type { OutputFile } from './output-file'
import { createOutputFile } from './output-file'
import { samplesToBytes } from '../pcm/pcm-edges'
import { Resampler } from './resampler'
import { WAV_MAX_DATA_BYTES, wavHeader } from '../../../../shared/domain/wav-header'

/** Where one chapter starts and ends in a finished file, in milliseconds. */
export type ChapterTime = Pick<ChapterMark, 'startMs' | 'endMs'>

/** A finished-audio file being written: 24 kHz samples in, the chosen format out. */
export interface AudioOutput {
  /** Appends 24 kHz mono samples in program order. */
  write(samples: Int16Array): Promise<void>
  /**
   * Flushes the encoder, fixes the headers (the chapters' real times among them), verifies the
   * file as audio, and renames into place.
   */
  commit(final?: { chapterTimes?: readonly ChapterTime[] }): Promise<void>
  /** Discards the temporary file. */
  abort(): Promise<void>
  readonly path: string
}

interface Encoder {
  /** Returns bytes to append (copied: encoders reuse their buffers). */
  encode(samples: Int16Array): Uint8Array
  finish(): Uint8Array
}

function toFloat(samples: Int16Array): Float32Array {
  const out = new Float32Array(samples.length)
  for (let i = 0; i < samples.length; i++) out[i] = (samples[i] ?? 0) / 32768
  return out
}

/** The LAME build inside wasm-media-encoders, as its LAME tag names it. */
const LAME_VERSION = 'LAME3.100'
/** LAME's VBR quality for the VBR mode (0 best, 9 smallest). */
const MP3_VBR_QUALITY = 2

async function createEncoder(
  format: 'mp3' | 'ogg',
  sampleRate: number,
  mp3Encoding: Mp3Encoding,
): Promise<Encoder> {
  // Why a new encoder per file: encoders keep stream state, and several files (whole script and
  // per-block) are written at the same time.
  if (format === 'mp3') {
    const mp3 = await createMp3Encoder()
    mp3.configure(
      mp3Encoding.mode === 'cbr'
        ? { sampleRate, channels: 1, bitrate: mp3Encoding.bitrateKbps }
        : { sampleRate, channels: 1, vbrQuality: MP3_VBR_QUALITY },
    )
    return {
      encode: (s) => mp3.encode([toFloat(s)]).slice(),
      finish: () => mp3.finalize().slice(),
    }
  }
  const ogg = await createOggEncoder()
  ogg.configure({ sampleRate, channels: 1, vbrQuality: 5 })
  return {
    encode: (s) => ogg.encode([toFloat(s)]).slice(),
    finish: () => ogg.finalize().slice(),
  }
}

/**
 * Opens an output file for `format` at `sampleRate` (24 kHz input; resampled for 44.1/48 kHz).
 * WAV and PCM are written directly, MP3 (LAME) and Ogg Vorbis through WebAssembly encoders. AAC
 * is not encoded here (see aac-output.ts: the service's ADTS frames are joined). An MP3 starts
 * with a Xing/Info frame and LAME tag (frames, bytes, seek TOC, encoder delay and padding), so
 * players show its length and decode exactly the samples given. Nothing appears under `path`
 * before `commit`.
 */
export async function openAudioOutput(
  path: string,
  options: {
    format: Exclude<SpeechFormat, 'aac'>
    sampleRate: number
    /** MP3 only: LAME VBR (quality 2) unless constant bitrate is asked for. */
    mp3?: Mp3Encoding
    /** The file's tags and cover: an ID3v2.4 tag in MP3, Vorbis comments in Ogg. */
    tags?: AudioTags
    /**
     * MP3 and Ogg: the chapter titles, in order, known before the audio; their times are given to commit
     * (the tag keeps its size, so it is written first and filled in at the end).
     */
    chapterTitles?: readonly string[]
    signal?: AbortSignal
  },
): Promise<AudioOutput> {
  const { format, sampleRate } = options
  const mp3Encoding: Mp3Encoding = options.mp3 ?? { mode: 'vbr' }
  if (format === 'mp3') checkMp3Encoding(mp3Encoding, sampleRate)
  const file: OutputFile = await createOutputFile(
    path,
    options.signal ? { signal: options.signal } : {},
  )
  const resampler =
    sampleRate === PCM_SAMPLE_RATE ? null : new Resampler(PCM_SAMPLE_RATE, sampleRate)
  let dataBytes = 0
  let outputSamples = 0
  let encoder: Encoder | null = null
  const headers = new HeaderFill(file, format, options.tags, options.chapterTitles ?? [])
  try {
    if (format === 'wav') await file.write(wavHeader(sampleRate, 1, 0))
    await headers.begin()
    if (format === 'mp3' || format === 'ogg') {
      encoder = await createEncoder(format, sampleRate, mp3Encoding)
    }
  } catch (error) {
    await file.abort()
    throw error
  }

  const emit = async (samples: Int16Array): Promise<void> => {
    if (samples.length === 0) return
    outputSamples += samples.length
    if (encoder) {
      await headers.writeEncoded(encoder.encode(samples))
      return
    }
    dataBytes += samples.byteLength
    if (format === 'wav' && dataBytes > WAV_MAX_DATA_BYTES) {
      throw new AppError(
        'VALIDATION_FAILED',
        'The narration is too long for one WAV file (4 GB). Choose MP3 or Ogg, or render per chapter.',
      )
    }
    await file.write(samplesToBytes(samples))
  }

  return {
    path,
    async write(samples) {
      await emit(resampler ? resampler.process(samples) : samples)
    },
    async commit(final) {
      if (resampler) await emit(resampler.flush())
      if (encoder) await headers.writeEncoded(encoder.finish())
      await headers.fill(outputSamples, mp3Encoding.mode, final?.chapterTimes)
      // The headers' sizes are known only now; the file is verified (sizes included) before the
      // atomic rename, so a wrong header never reaches the user's name.
      if (format === 'wav') await file.writeAt(wavHeader(sampleRate, 1, dataBytes), 0)
      await file.commit({ format, sampleRate, samples: outputSamples })
    },
    abort: () => file.abort(),
  }
}

/**
 * The parts of an MP3 or Ogg file that are written first but known only at the end, filled in
 * at commit: the MP3 Info frame (frame and byte counts, seek table), the ID3 tag's chapter times
 * and Ogg's comment header. The tags keep their size, so the audio after them never moves.
 */
class HeaderFill {
  // Why the encoder's bytes go through a tagger: the Info frame must come first, but its
  // counts are known only at the end, so a blank one is written first and filled in at commit.
  private readonly tagger: Mp3InfoTagger | null
  // Why Ogg's pages go through a writer: its tags live in the comment header, which the encoder
  // writes first, and the chapters' times are known only at the end (filled in at commit).
  private readonly oggTags: OggCommentWriter | null
  private readonly id3: ((chapters: readonly ChapterMark[]) => Uint8Array) | null
  private readonly provisional: ChapterMark[]
  private id3Bytes = 0

  constructor(
    private readonly file: OutputFile,
    format: Exclude<SpeechFormat, 'aac'>,
    tags: AudioTags | undefined,
    chapterTitles: readonly string[],
  ) {
    const tagged = tags !== undefined || chapterTitles.length > 0
    this.tagger = format === 'mp3' ? new Mp3InfoTagger() : null
    this.oggTags =
      format === 'ogg' && tagged ? new OggCommentWriter(tags ?? {}, chapterTitles) : null
    this.id3 =
      format === 'mp3' && tagged
        ? (chapters: readonly ChapterMark[]) => buildId3v24Tag(tags ?? {}, chapters)
        : null
    this.provisional = chapterTitles.map((title) => ({ title, startMs: 0, endMs: 0 }))
  }

  /** Writes the ID3 tag (MP3 with tags or chapters), its chapter times still blank. */
  async begin(): Promise<void> {
    if (this.id3 === null) return
    const tag = this.id3(this.provisional)
    this.id3Bytes = tag.byteLength
    await this.writeEncoded(tag)
  }

  /** Appends an encoder's bytes, through the MP3 tagger or the Ogg comment writer. */
  async writeEncoded(bytes: Uint8Array): Promise<void> {
    if (bytes.byteLength === 0) return
    const { tagger, oggTags } = this
    const parts = tagger ? tagger.push(bytes) : oggTags ? oggTags.push(bytes) : [bytes]
    for (const part of parts) await this.file.write(part)
  }

  /** Fills in the counts and the chapters' times (one per title; blank when not given). */
  async fill(
    samples: number,
    mode: Mp3Encoding['mode'],
    chapterTimes: readonly ChapterTime[] | undefined,
  ): Promise<void> {
    const { file, provisional } = this
    if (this.tagger) {
      const info = this.tagger.finish({
        encoder: LAME_VERSION,
        samples,
        delay: LAME_ENCODER_DELAY,
        mode,
      })
      await file.writeAt(info.bytes, info.position)
    }
    const times = chapterTimes ?? provisional
    if (times.length !== provisional.length) {
      throw new Error(`${times.length} chapter times given for ${provisional.length} chapters`)
    }
    if (this.oggTags) {
      const filled = this.oggTags.finish(times)
      if (filled) await file.writeAt(filled.bytes, filled.position)
    }
    if (this.id3) {
      const tag = this.id3(provisional.map((c, i) => ({ ...c, ...times[i] })))
      // The same text, so the same size: the audio after it does not move.
      if (tag.byteLength !== this.id3Bytes) throw new Error('the ID3 tag changed size at commit')
      await file.writeAt(tag, 0)
    }
  }
}

/** Refuses an MP3 setting LAME cannot honour (see mp3EncodingProblem). */
export function checkMp3Encoding(mp3: Mp3Encoding, sampleRate: number): void {
  const problem = mp3EncodingProblem(mp3, sampleRate)
  if (problem !== null) throw new AppError('VALIDATION_FAILED', problem)
}
