import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, readFile, rm, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { SampleExtension } from '../../../shared/domain/voice'
import { AppError } from '../../../shared/errors'
import type { StagedVoiceSample } from '../../../shared/ipc/contract'
import type { PlatformPorts } from '../platform-ports'
import { checkAudio, sniffAudioExtension } from '../audio/check'
import { createAtomicFile } from '../files/atomic-write'
import { chooseSavePath } from '../files/save-target'
import type { Logger } from '../log/logger'
import type { UpstreamClient } from '../upstream/upstream-client'
import type { StagedSample } from './staged-samples'
import { MAX_SAMPLE_BYTES, StagedSamples, sampleTooLarge } from './staged-samples'

const SAMPLE_FILE_EXTENSIONS = ['wav', 'mp3', 'ogg', 'oga', 'flac', 'm4a', 'mp4', 'aac', 'webm']

/** A name safe for a file: no separators or control characters, not empty. */
export function fileSafe(name: string): string {
  const cleaned = name
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return cleaned === '' ? 'voice' : cleaned.slice(0, 80)
}

/** Copies a Node Buffer into a plain Uint8Array (what both IPC transports carry as-is). */
export function plainBytes(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
}

/**
 * The extension a held sample is uploaded under, from its bytes. Why checked in main as well as
 * in the page: what is uploaded is what main holds. A damaged WAV or an unknown file is refused.
 */
export function uploadableExtension(sample: StagedSample): Exclude<SampleExtension, 'bin'> {
  const extension = sniffAudioExtension(sample.bytes)
  if (extension === 'bin') {
    throw new AppError(
      'VALIDATION_FAILED',
      'The sample is not an audio file VoiceDesk recognises. Use WAV, MP3, Ogg, FLAC or M4A.',
      { details: { fields: { sample: 'Not a recognised audio file.' } } },
    )
  }
  if (extension === 'wav') {
    const verdict = checkAudio('wav', sample.bytes)
    if (!verdict.ok) {
      throw new AppError(
        'VALIDATION_FAILED',
        `The WAV sample is damaged (${verdict.reason}). Export or record it again.`,
        { details: { fields: { sample: `Damaged WAV file: ${verdict.reason}.` } } },
      )
    }
  }
  return extension
}

/**
 * Copies `source` to `target` atomically, a chunk at a time. Why not read it whole: the file came
 * from the network, and main holds no more of it than one chunk.
 */
async function copyFileAtomic(source: string, target: string): Promise<void> {
  const file = await createAtomicFile(target)
  try {
    for await (const chunk of createReadStream(source, { highWaterMark: 256 * 1024 })) {
      await file.write(chunk as Buffer)
    }
    await file.commit()
  } catch (error) {
    await file.abort()
    throw error
  }
}

/** What the sample files need from the app. */
export interface VoiceSampleFilesOptions {
  userDataDir: string
  client: () => UpstreamClient
  dialogs: Pick<PlatformPorts, 'showOpenDialog' | 'showSaveDialog'>
  logger: Logger
}

/**
 * Voice samples as files: chosen in a native dialog or dropped, held by main until a voice is
 * created from them, and a personal voice's sample downloaded to a file the user names (the
 * only paths a window may later show in its folder).
 */
export class VoiceSampleFiles {
  readonly #options: VoiceSampleFilesOptions
  readonly #samples = new StagedSamples()
  /** Sample files saved per window, the only paths `savedSample` reveals. */
  readonly #savedSamples = new Map<number, Set<string>>()

  constructor(options: VoiceSampleFilesOptions) {
    this.#options = options
  }

  /** The sample a window holds, taken for upload (it stays held until `drop`). */
  take(sampleId: string, ownerId: number): StagedSample {
    return this.#samples.take(sampleId, ownerId)
  }

  /** Lets go of a sample once its voice exists. */
  drop(sampleId: string): void {
    this.#samples.drop(sampleId)
  }

  /** Native open dialog; the chosen file is read and held by main. Null when cancelled. */
  async choose(ownerId: number): Promise<StagedVoiceSample | null> {
    const paths = await this.#dialog(() =>
      this.#options.dialogs.showOpenDialog(ownerId, {
        title: 'Choose a voice sample',
        filters: [
          { name: 'Audio', extensions: SAMPLE_FILE_EXTENSIONS },
          { name: 'All files', extensions: ['*'] },
        ],
      }),
    )
    const path = paths?.[0]
    if (path === undefined) return null
    let size: number
    try {
      size = (await stat(path)).size
    } catch {
      throw new AppError('DISK', `VoiceDesk could not read ${basename(path)}. Choose another file.`)
    }
    // Why check the size before reading: a 4 GB video picked by mistake must not fill memory.
    if (size > MAX_SAMPLE_BYTES) throw sampleTooLarge(size)
    const bytes = new Uint8Array(await readFile(path))
    return this.stage(ownerId, basename(path), bytes)
  }

  /** Holds a dropped or recorded sample until the voice is created. */
  stage(ownerId: number, fileName: string, bytes: Uint8Array): StagedVoiceSample {
    const sample = this.#samples.stage(ownerId, fileName, bytes)
    return {
      sampleId: sample.id,
      fileName: sample.fileName,
      size: sample.bytes.byteLength,
      bytes: plainBytes(sample.bytes),
    }
  }

  /**
   * Downloads a personal voice's sample, then asks where to save it with the extension its bytes
   * call for (the service does not promise a content type), and writes it atomically.
   */
  async download(
    ownerId: number,
    voiceId: string,
    voiceName: string,
  ): Promise<{ path: string; bytes: number; extension: SampleExtension } | null> {
    const client = this.#options.client()
    const tmpDir = join(this.#options.userDataDir, 'cache', 'tmp')
    await mkdir(tmpDir, { recursive: true })
    const tempPath = join(tmpDir, `${randomUUID()}.sample`)
    try {
      // The download is bounded by the service's sample limit and checked as it arrives.
      const { extension, bytes } = await client.downloadVoiceSample(voiceId, tempPath)
      // The bytes decide the extension: a name typed without it (or with another) gets the right
      // one added, and the dialog asks again when that name is taken (see chooseSavePath).
      const path = await this.#dialog(() =>
        chooseSavePath(
          this.#options.dialogs,
          ownerId,
          {
            title: 'Save voice sample',
            defaultName: `${fileSafe(voiceName)} sample.${extension}`,
            filters: [{ name: `${extension.toUpperCase()} audio`, extensions: [extension] }],
          },
          { extension, accepts: (ext) => ext === extension },
        ),
      )
      if (path === null) return null
      await copyFileAtomic(tempPath, path)
      const saved = this.#savedSamples.get(ownerId) ?? new Set<string>()
      saved.add(path)
      this.#savedSamples.set(ownerId, saved)
      return { path, bytes, extension }
    } finally {
      await rm(tempPath, { force: true }).catch(() => undefined)
    }
  }

  /** Forgets what a closed window saved (its paths can no longer be revealed). */
  forgetWindow(ownerId: number): void {
    this.#savedSamples.delete(ownerId)
  }

  /**
   * A sample file this window saved, for "show in folder". Why only those: the page names the
   * path, and main reveals nothing it did not write for that window.
   */
  savedSample(ownerId: number, path: string): string {
    if (!this.#savedSamples.get(ownerId)?.has(path)) {
      throw new AppError(
        'NOT_FOUND',
        'VoiceDesk did not save that file from this window. Download the sample again to show it.',
      )
    }
    return path
  }

  /**
   * Shows a native dialog. Why a failure becomes CANCELLED: a dialog that cannot open (its window
   * closed meanwhile) chose nothing, and nothing was read or written; the user can simply retry.
   */
  async #dialog<T>(show: () => Promise<T>): Promise<T> {
    try {
      return await show()
    } catch (error) {
      // A refusal of the name chosen says itself what to do.
      if (error instanceof AppError) throw error
      this.#options.logger.warn('file dialog failed', { error: String(error) })
      throw new AppError(
        'CANCELLED',
        'The file dialog could not be shown, so nothing was chosen. Try again.',
        { cause: error },
      )
    }
  }
}
