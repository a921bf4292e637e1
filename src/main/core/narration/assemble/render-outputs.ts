import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Mp3Encoding } from '../../../../shared/domain/mp3-encoding'
import type { RenderFormat, SpeechFormat } from '../../../../shared/domain/speech'
import { PCM_SAMPLE_RATE } from '../../../../shared/domain/speech'
import type { AudioTags } from '../../audio/audio-tags'
import { toDiskError } from '../../files/atomic-write'
import type { ProgramSink } from './assemble-program'
import type { AudioOutput, ChapterTime } from './audio-output'
import { openAudioOutput } from './audio-output'
import { TruePeakLimiter } from '../../audio/true-peak'
import type { FileMeasures } from './compliance'
import { FileMeter } from './compliance'
import { applyGain } from '../pcm/loudness'
import type { PlannedBlock } from '../plan/render-plan'
import { WaveformMeter } from './waveform-peaks'
import { RoomTone } from './room-tone'
import { MAX_WAVEFORM_PEAKS } from '../../../../shared/domain/render-playback'

/** Where the extra files of a render go: one per block or one per chapter, in `dir`. */
export interface SplitOutput {
  mode: 'block' | 'chapter'
  dir: string
}

function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'part'
  )
}

/** What a file name may not hold on any of the systems a book is moved between. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE_IN_FILE_NAMES = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g

/**
 * A chapter title as a file name: as written (spaces, capitals, accents), without the characters
 * Windows, macOS or Linux refuse, without trailing dots or spaces (Windows drops them), and at
 * most 80 characters; "Chapter N" when nothing is left.
 */
export function chapterTitleForFile(title: string, n: number): string {
  const cleaned = [
    ...title.normalize('NFC').replace(UNSAFE_IN_FILE_NAMES, ' ').replace(/\s+/g, ' ').trim(),
  ]
    .slice(0, 80)
    .join('')
    .replace(/[. ]+$/, '')
  return cleaned === '' ? `Chapter ${n}` : cleaned
}

/** How many files a split writes: one per block, or one per run of blocks in the same chapter. */
export function splitPartCount(
  blocks: readonly Pick<PlannedBlock, 'id' | 'chapter'>[],
  mode: SplitOutput['mode'],
): number {
  if (mode === 'block') return blocks.length
  let parts = 0
  let key: string | null = null
  for (const block of blocks) {
    const next = block.chapter ?? ''
    if (next !== key) parts += 1
    key = next
  }
  return parts
}

/** What the chapter before the first heading is called, in file names and chapter lists. */
export const OPENING_CHAPTER = 'Opening'

/**
 * The chapters of a program, in order: a new one wherever the heading changes, the blocks before
 * the first heading as {@link OPENING_CHAPTER}. None when the script has no headings at all: a
 * file with one chapter called "Opening" would help no one.
 */
export function chapterTitles(blocks: readonly Pick<PlannedBlock, 'chapter'>[]): string[] {
  if (!blocks.some((block) => block.chapter)) return []
  const titles: string[] = []
  let key: string | null = null
  for (const block of blocks) {
    const next = block.chapter ?? ''
    if (next !== key) titles.push(next || OPENING_CHAPTER)
    key = next
  }
  return titles
}

/**
 * Each chapter's span from where the chapters start and where the file ends (in any unit, `toMs`
 * converts): a chapter ends where the next starts, and the first starts the file.
 */
export function chapterSpans(
  starts: readonly number[],
  end: number,
  toMs: (units: number) => number,
): ChapterTime[] {
  return starts.map((start, i) => ({
    startMs: i === 0 ? 0 : toMs(start),
    endMs: toMs(starts[i + 1] ?? end),
  }))
}

/**
 * The file name of one per-block or per-chapter file, numbered so they sort in script order:
 * `001-block-id.wav` for blocks; `01 - Chapter title.mp3` for chapters, as audiobook stores and
 * players list them, with as many digits as the last number needs (at least two).
 */
export function splitFileName(
  n: number,
  label: string,
  format: RenderFormat,
  split: { mode: SplitOutput['mode']; parts: number },
): string {
  if (split.mode === 'block') return `${String(n).padStart(3, '0')}-${slug(label)}.${format}`
  const width = Math.max(2, String(split.parts).length)
  return `${String(n).padStart(width, '0')} - ${chapterTitleForFile(label, n)}.${format}`
}

/** Samples written at a time (a third of a second): the event loop gets a turn between slices. */
const WRITE_SLICE = 8192

/** What a delivery preset adds to the writing: a true-peak limiter, room tone, measurements. */
export interface RenderMastering {
  /** The limiter's ceiling, linear (null: no limiter). */
  limiterCeiling: number | null
  /** Room tone at the head and the tail of every file, seconds (and under all of it). */
  roomTone: { head: number; tail: number } | null
  /** Measure every file as written (see FileMeter). */
  measure: boolean
}

/** A file's measures, by path, once it is committed. */
export interface MeasuredFile {
  path: string
  measures: FileMeasures
}

/**
 * The sink that writes the finished files: the whole program, plus one file per block or chapter
 * when asked, each through its own encoder, with one gain applied to everything.
 */
export class RenderOutputs implements ProgramSink {
  private main: AudioOutput | null = null
  private part: AudioOutput | null = null
  private partKey: string | null = null
  private partCount = 0
  readonly extraFiles: string[] = []
  private readonly all: AudioOutput[] = []
  /** Samples (24 kHz) written to the main file so far, for the chapters' times. */
  private written = 0
  private readonly limiter: TruePeakLimiter | null
  /** Room tone under everything written, for a preset that asks for room tone (ACX). */
  private readonly tone: RoomTone | null
  private mainMeter: FileMeter | null = null
  /** The main file's waveform, for the app's player (see {@link waveform}). */
  private readonly mainWaveform = new WaveformMeter(MAX_WAVEFORM_PEAKS)
  private partMeter: FileMeter | null = null
  /** Every committed file's measures (when measuring), main file first. */
  readonly measured: MeasuredFile[] = []
  private chapterKey: string | null = null
  /** Where each chapter of the main file starts, in input samples. */
  private readonly chapterStarts: number[] = []
  private readonly chapters: string[]

  constructor(
    private readonly outputPath: string,
    private readonly format: Exclude<SpeechFormat, 'aac'>,
    private readonly sampleRate: number,
    private readonly gain: number,
    private readonly split: SplitOutput | null,
    private readonly signal: AbortSignal,
    /** How many split files there will be (see {@link splitPartCount}), for the numbering. */
    private readonly splitParts: number,
    private readonly mp3?: Mp3Encoding,
    /**
     * The tags of the whole program, and the blocks whose headings become its chapters. A part
     * file gets the same tags with its own title and track number.
     */
    private readonly publishing?: {
      tags: AudioTags | null
      blocks: readonly Pick<PlannedBlock, 'chapter'>[]
    },
    private readonly mastering?: RenderMastering,
  ) {
    this.chapters = publishing ? chapterTitles(publishing.blocks) : []
    const ceiling = mastering?.limiterCeiling ?? null
    this.limiter = ceiling === null ? null : new TruePeakLimiter(ceiling, PCM_SAMPLE_RATE)
    // Why a noise bed and not zeros: ACX turns down files whose quiet parts are digital silence.
    this.tone = mastering?.roomTone ? new RoomTone() : null
  }

  /** The smallest gain the limiter applied (1 when it never acted, or without a limiter). */
  get limiterMinGain(): number {
    return this.limiter?.minGain ?? 1
  }

  private meter(): FileMeter | null {
    return this.mastering?.measure ? new FileMeter() : null
  }

  /** The main file's waveform peaks as written (after gain and limiter, room tone included). */
  get waveform(): number[] {
    return this.mainWaveform.peaks()
  }

  /** Room tone alone, for the head and the tail of a file. */
  private silence(seconds: number): Int16Array {
    return this.tone === null
      ? new Int16Array(Math.round(seconds * PCM_SAMPLE_RATE))
      : this.tone.alone(seconds, PCM_SAMPLE_RATE)
  }

  private async toMain(samples: Int16Array): Promise<void> {
    if (samples.length === 0) return
    this.mainMeter?.push(samples)
    this.mainWaveform.push(samples)
    await this.main?.write(samples)
    this.written += samples.length
  }

  private async toPart(samples: Int16Array): Promise<void> {
    if (samples.length === 0 || !this.part) return
    this.partMeter?.push(samples)
    await this.part.write(samples)
  }

  /** Writes out what the limiter holds (at a chapter or part boundary, and at the end). */
  private async flushLimiter(): Promise<void> {
    if (!this.limiter) return
    const held = this.limiter.flush()
    this.tone?.addTo(held)
    await this.toMain(held)
    await this.toPart(held)
  }

  private open(
    path: string,
    tagging: { tags?: AudioTags; chapterTitles?: string[] } = {},
  ): Promise<AudioOutput> {
    return openAudioOutput(path, {
      format: this.format,
      sampleRate: this.sampleRate,
      signal: this.signal,
      ...(this.mp3 ? { mp3: this.mp3 } : {}),
      ...tagging,
    })
  }

  /** The chapters' times in the main file, from the starts seen and the total written. */
  private chapterTimes(): ChapterTime[] {
    // The first chapter starts the file (room tone before its first block included).
    return chapterSpans(
      this.chapterStarts,
      this.written,
      (samples) => (samples * 1000) / PCM_SAMPLE_RATE,
    )
  }

  /** Opens the main file (and the split folder). */
  async start(): Promise<void> {
    if (this.split) {
      try {
        await mkdir(this.split.dir, { recursive: true })
      } catch (error) {
        throw toDiskError(error, join(this.split.dir, 'x'))
      }
    }
    const tags = this.publishing?.tags
    this.main = await this.open(this.outputPath, {
      ...(tags ? { tags } : {}),
      chapterTitles: this.chapters,
    })
    this.all.push(this.main)
    this.mainMeter = this.meter()
    const tone = this.mastering?.roomTone
    if (tone) await this.toMain(this.silence(tone.head))
  }

  async startBlock(block: PlannedBlock): Promise<void> {
    const chapter = block.chapter ?? ''
    const key = this.split?.mode === 'block' ? block.id : chapter
    const newChapter = this.chapters.length > 0 && chapter !== this.chapterKey
    const newPart = this.split !== null && !(this.part && key === this.partKey)
    // The limiter's held audio belongs before the boundary: a chapter starts, and a part file
    // ends, exactly where the block does.
    if (newChapter || newPart) await this.flushLimiter()
    if (newChapter) {
      this.chapterStarts.push(this.written)
      this.chapterKey = chapter
    }
    if (!this.split || !newPart) return
    await this.closePart()
    this.partCount += 1
    const label = this.split.mode === 'block' ? block.id : block.chapter || OPENING_CHAPTER
    const path = join(
      this.split.dir,
      splitFileName(this.partCount, label, this.format, {
        mode: this.split.mode,
        parts: this.splitParts,
      }),
    )
    const tags = this.publishing?.tags ?? {}
    this.part = await this.open(
      path,
      this.publishing
        ? {
            tags: {
              ...tags,
              // A chapter file is titled by its chapter; a block file keeps the book's title.
              ...(this.split.mode === 'chapter' ? { title: label } : {}),
              album: tags.album || tags.title || '',
              track: { number: this.partCount, total: this.splitParts },
            },
          }
        : {},
    )
    this.partKey = key
    this.all.push(this.part)
    this.partMeter = this.meter()
    const tone = this.mastering?.roomTone
    if (tone) await this.toPart(this.silence(tone.head))
  }

  private async closePart(): Promise<void> {
    if (!this.part) return
    const tone = this.mastering?.roomTone
    if (tone) await this.toPart(this.silence(tone.tail))
    await this.part.commit()
    this.extraFiles.push(this.part.path)
    if (this.partMeter)
      this.measured.push({ path: this.part.path, measures: this.partMeter.finish() })
    this.part = null
  }

  async write(samples: Int16Array): Promise<void> {
    // In place: the assembler hands over fresh samples for every write and never reads them again.
    if (this.gain !== 1) applyGain(samples, this.gain)
    // A piece is up to half a minute of audio; limiting, metering and encoding it in one go would
    // hold main's event loop for a good part of a second. A slice at a time, with a turn between.
    for (let at = 0; at < samples.length; at += WRITE_SLICE) {
      if (at > 0) await new Promise<void>((resolve) => setImmediate(resolve))
      const slice = samples.subarray(at, at + WRITE_SLICE)
      const out = this.limiter ? this.limiter.process(slice) : slice
      // After the limiter, so the tone is what fills the pauses, as a room would.
      this.tone?.addTo(out)
      await this.toMain(out)
      await this.toPart(out)
    }
  }

  /** Commits every file (verify, rename). */
  async commit(): Promise<void> {
    await this.flushLimiter()
    await this.closePart()
    const tone = this.mastering?.roomTone
    if (tone) await this.toMain(this.silence(tone.tail))
    await this.main?.commit(this.chapters.length > 0 ? { chapterTimes: this.chapterTimes() } : {})
    if (this.mainMeter && this.main) {
      this.measured.unshift({ path: this.main.path, measures: this.mainMeter.finish() })
    }
  }

  /** Discards every file not yet committed. */
  async abort(): Promise<void> {
    await Promise.all(this.all.map((o) => o.abort()))
  }
}
