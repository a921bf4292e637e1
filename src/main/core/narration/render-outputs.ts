import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Mp3Encoding } from '../../../shared/domain/script'
import type { SpeechFormat } from '../../../shared/domain/speech'
import { toDiskError } from '../files/atomic-write'
import type { ProgramSink } from './assemble-program'
import type { AudioOutput } from './audio-output'
import { openAudioOutput } from './audio-output'
import { applyGain } from './loudness'
import type { PlannedBlock } from './render-plan'

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

/**
 * The file name of one per-block or per-chapter file, numbered so they sort in script order:
 * `001-block-id.wav` for blocks; `01 - Chapter title.mp3` for chapters, as audiobook stores and
 * players list them, with as many digits as the last number needs (at least two).
 */
export function splitFileName(
  n: number,
  label: string,
  format: SpeechFormat,
  split: { mode: SplitOutput['mode']; parts: number },
): string {
  if (split.mode === 'block') return `${String(n).padStart(3, '0')}-${slug(label)}.${format}`
  const width = Math.max(2, String(split.parts).length)
  return `${String(n).padStart(width, '0')} - ${chapterTitleForFile(label, n)}.${format}`
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
  ) {}

  private open(path: string): Promise<AudioOutput> {
    return openAudioOutput(path, {
      format: this.format,
      sampleRate: this.sampleRate,
      signal: this.signal,
      ...(this.mp3 ? { mp3: this.mp3 } : {}),
    })
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
    this.main = await this.open(this.outputPath)
    this.all.push(this.main)
  }

  async startBlock(block: PlannedBlock): Promise<void> {
    if (!this.split) return
    const key = this.split.mode === 'block' ? block.id : (block.chapter ?? '')
    if (this.part && key === this.partKey) return
    await this.closePart()
    this.partCount += 1
    const label = this.split.mode === 'block' ? block.id : block.chapter || 'Opening'
    const path = join(
      this.split.dir,
      splitFileName(this.partCount, label, this.format, {
        mode: this.split.mode,
        parts: this.splitParts,
      }),
    )
    this.part = await this.open(path)
    this.partKey = key
    this.all.push(this.part)
  }

  private async closePart(): Promise<void> {
    if (!this.part) return
    await this.part.commit()
    this.extraFiles.push(this.part.path)
    this.part = null
  }

  async write(samples: Int16Array): Promise<void> {
    // In place: the assembler hands over fresh samples for every write and never reads them again.
    if (this.gain !== 1) applyGain(samples, this.gain)
    await this.main?.write(samples)
    await this.part?.write(samples)
  }

  /** Commits every file (verify, rename). */
  async commit(): Promise<void> {
    await this.closePart()
    await this.main?.commit()
  }

  /** Discards every file not yet committed. */
  async abort(): Promise<void> {
    await Promise.all(this.all.map((o) => o.abort()))
  }
}
