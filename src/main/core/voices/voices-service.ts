import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readFile, rm, stat } from 'node:fs/promises'
import { basename, extname, join } from 'node:path'
import type { SampleExtension, Voice, VoiceGender } from '../../../shared/domain/voice'
import { compareVoiceNames, SAMPLE_CONTENT_TYPES, voiceNameKey } from '../../../shared/domain/voice'
import type { EventOf } from '../../../shared/ipc/contract'
import { AppError, toAppErrorData } from '../../../shared/errors'
import type { StagedVoiceSample, VoiceLibrary, VoiceMedia } from '../../../shared/ipc/contract'
import type { PlatformPorts } from '../platform-ports'
import { checkAudio, sniffAudioExtension } from '../audio/check'
import { writeFileAtomic } from '../files/atomic-write'
import type { JobRegistry } from '../jobs/job-registry'
import type { Logger } from '../log/logger'
import type { UpstreamClient } from '../upstream/upstream-client'
import { createChunkBatcher } from './chunk-batcher'
import { MAX_SAMPLE_BYTES, StagedSamples, sampleTooLarge } from './staged-samples'
import type { VoiceLibraryData } from './voice-library-store'
import { VoiceLibraryStore } from './voice-library-store'
import { VoiceMediaCache } from './voice-media-cache'

const SAMPLE_FILE_EXTENSIONS = ['wav', 'mp3', 'ogg', 'oga', 'flac', 'm4a', 'mp4', 'aac', 'webm']

/** What a "try with my text" stream reports to the window that started it. */
export type TryTextEvent = EventOf<'voices:tryAudio' | 'voices:tryEnded'>

export interface VoicesServiceOptions {
  userDataDir: string
  /** The account's client (throws AUTH_MISSING when signed out). */
  client: () => UpstreamClient
  jobs: JobRegistry
  dialogs: Pick<PlatformPorts, 'showOpenDialog' | 'showSaveDialog'>
  logger: Logger
  /**
   * Who is signed in where (base URL, credential kind, key hint): the cached list belongs to one
   * account, so a change of account or address reloads it.
   */
  accountIdentity?: () => string
  /** Bound of the media cache on disk. */
  mediaCacheBytes?: number
}

export interface CreatePersonalVoiceInput {
  name: string
  gender: VoiceGender
  locale?: string
  sampleId: string
  consent: { fullName: string; email: string; confirmed: true }
}

/** What a sample download or preview stream that ends on an unexpected error says. */
const STREAM_FAILED = { message: 'The audio stream failed inside VoiceDesk.', retryable: false }

/** A name safe for a file: no separators or control characters, not empty. */
function fileSafe(name: string): string {
  const cleaned = name
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return cleaned === '' ? 'voice' : cleaned.slice(0, 80)
}

/** Copies a Node Buffer into a plain Uint8Array (what both IPC transports carry as-is). */
function plainBytes(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
}

/**
 * The Voices workspace's work in main: the voice list (cached until refreshed), avatars and
 * previews through a disk cache, samples held for upload, personal voice creation with a local
 * consent record, deletion, sample download to a user-chosen file, and short streamed trials.
 */
export class VoicesService {
  readonly #options: VoicesServiceOptions
  readonly #library: VoiceLibraryStore
  readonly #media: VoiceMediaCache
  readonly #samples = new StagedSamples()
  /** Sample files saved per window, the only paths `savedSample` reveals. */
  readonly #savedSamples = new Map<number, Set<string>>()
  #voices: Map<string, Voice> | null = null
  #listedFor = ''
  #listing: Promise<Voice[]> | null = null

  private constructor(options: VoicesServiceOptions, library: VoiceLibraryStore) {
    this.#options = options
    this.#library = library
    this.#media = new VoiceMediaCache({
      dir: join(options.userDataDir, 'cache', 'voice-media'),
      logger: options.logger.child('media-cache'),
      ...(options.mediaCacheBytes === undefined ? {} : { maxBytes: options.mediaCacheBytes }),
      download: async (url, target, signal) => {
        const file = await options
          .client()
          .downloadRecording(url, target, signal === undefined ? {} : { signal })
        return { contentType: file.contentType }
      },
    })
  }

  /** Opens the local library (a corrupt file is set aside with a notice). */
  static async create(options: VoicesServiceOptions): Promise<VoicesService> {
    const library = await VoiceLibraryStore.open(options.userDataDir)
    if (library.notice !== null) options.logger.warn('voice library reset', { path: library.path })
    return new VoicesService(options, library)
  }

  /** Every voice of the account; the same list until `refresh` (one load serves all callers). */
  async list(refresh = false): Promise<Voice[]> {
    const identity = this.#options.accountIdentity?.() ?? ''
    if (identity !== this.#listedFor) this.#voices = null
    if (!refresh && this.#voices !== null) return [...this.#voices.values()]
    this.#listing ??= this.#options
      .client()
      .listVoices()
      .then((voices) => {
        this.#voices = new Map(voices.map((v) => [v.id, v]))
        this.#listedFor = identity
        return voices
      })
      .finally(() => {
        this.#listing = null
      })
    return this.#listing
  }

  /**
   * The first `count` voices in name order (or reverse name order) and how many there are: enough
   * to paint the list's first rows while the whole list (a few MB for thousands of voices) is
   * still crossing to the page. Same cache as {@link list}.
   */
  async firstByName(
    count: number,
    order: 'name' | 'name-desc',
  ): Promise<{ voices: Voice[]; total: number }> {
    const voices = await this.list()
    const keyed = voices.map((voice) => ({ voice, key: voiceNameKey(voice) }))
    const sign = order === 'name' ? 1 : -1
    keyed.sort((a, b) => sign * compareVoiceNames(a.key, a.voice.id, b.key, b.voice.id))
    return { voices: keyed.slice(0, count).map((k) => k.voice), total: voices.length }
  }

  /** The library as the page sees it. */
  library(): VoiceLibrary {
    return this.#view(this.#library.get())
  }

  async setFavorite(voiceId: string, favorite: boolean): Promise<VoiceLibrary> {
    return this.#view(await this.#library.setFavorite(voiceId, favorite))
  }

  async markUsed(voiceId: string): Promise<VoiceLibrary> {
    return this.#view(await this.#library.markUsed(voiceId))
  }

  /**
   * A voice's avatar or preview (per language when the model has its own), from the disk cache.
   * Why by voice id and not by URL: main fetches only addresses the service itself gave.
   */
  async media(
    voiceId: string,
    kind: 'avatar' | 'preview',
    locale?: string,
  ): Promise<VoiceMedia | null> {
    const voice = await this.#find(voiceId)
    let url: string | null
    if (kind === 'avatar') url = voice.avatarUrl
    else {
      const perLocale =
        locale === undefined
          ? null
          : (voice.models
              .flatMap((m) => m.languages)
              .find((l) => l.locale === locale && l.previewUrl)?.previewUrl ?? null)
      url = perLocale ?? voice.previewUrl
    }
    if (url === null) return null
    try {
      const media = await this.#media.get(url)
      return { bytes: plainBytes(media.bytes), contentType: media.contentType }
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        // A missing avatar is an ordinary state (initials stand in); a missing preview is worth saying.
        if (kind === 'avatar') return null
        throw new AppError(
          'NOT_FOUND',
          `The service has no preview audio for ${voice.displayName} right now. Try "Try with my text" instead.`,
          { details: error.details ?? {} },
        )
      }
      if (error instanceof AppError && error.code === 'STREAM_TRUNCATED') {
        throw new AppError(
          'STREAM_TRUNCATED',
          `The preview of ${voice.displayName} arrived incomplete, so it was not kept. Try again.`,
          { details: error.details ?? {} },
        )
      }
      throw error
    }
  }

  /** Native open dialog; the chosen file is read and held by main. Null when cancelled. */
  async chooseSample(ownerId: number): Promise<StagedVoiceSample | null> {
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
    return this.stageSample(ownerId, basename(path), bytes)
  }

  /** Holds a dropped or recorded sample until the voice is created. */
  stageSample(ownerId: number, fileName: string, bytes: Uint8Array): StagedVoiceSample {
    const sample = this.#samples.stage(ownerId, fileName, bytes)
    return {
      sampleId: sample.id,
      fileName: sample.fileName,
      size: sample.bytes.byteLength,
      bytes: plainBytes(sample.bytes),
    }
  }

  /**
   * Creates a personal voice. The sample's container is checked here as well as in the page
   * (what is uploaded is what main holds); the consent record is kept once the service agreed.
   */
  async createPersonalVoice(ownerId: number, input: CreatePersonalVoiceInput): Promise<Voice> {
    const sample = this.#samples.take(input.sampleId, ownerId)
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
    const stem = sample.fileName.replace(/\.[^.]*$/, '') || 'sample'
    const voice = await this.#options.client().createVoice({
      name: input.name,
      gender: input.gender,
      ...(input.locale === undefined ? {} : { locale: input.locale }),
      sample: {
        bytes: sample.bytes,
        fileName: `${fileSafe(stem)}.${extension}`,
        contentType: SAMPLE_CONTENT_TYPES[extension],
      },
      consent: { fullName: input.consent.fullName, email: input.consent.email },
    })
    this.#samples.drop(sample.id)
    this.#voices?.set(voice.id, voice)
    await this.#library.addConsent({
      voiceId: voice.id,
      fullName: input.consent.fullName,
      email: input.consent.email,
      createdAt: new Date().toISOString(),
      sampleSha256: createHash('sha256').update(sample.bytes).digest('hex'),
    })
    return voice
  }

  /** Deletes a personal voice and forgets it locally (its consent record is marked deleted). */
  async deletePersonalVoice(voiceId: string): Promise<void> {
    const known = this.#voices?.get(voiceId)
    if (known !== undefined && known.type !== 'personal') {
      throw new AppError(
        'VALIDATION_FAILED',
        `${known.displayName} is a catalog voice; only personal voices can be deleted.`,
      )
    }
    await this.#options.client().deleteVoice(voiceId)
    this.#voices?.delete(voiceId)
    await this.#library.forgetVoice(voiceId, new Date().toISOString())
  }

  /**
   * Downloads a personal voice's sample, then asks where to save it with the extension its bytes
   * call for (the service does not promise a content type), and writes it atomically.
   */
  async downloadSample(
    ownerId: number,
    voiceId: string,
    voiceName: string,
  ): Promise<{ path: string; bytes: number; extension: SampleExtension } | null> {
    const client = this.#options.client()
    const tmpDir = join(this.#options.userDataDir, 'cache', 'tmp')
    await mkdir(tmpDir, { recursive: true })
    const tempPath = join(tmpDir, `${randomUUID()}.sample`)
    let bytes: Buffer
    let extension: SampleExtension
    try {
      const file = await client.downloadVoiceSample(voiceId, tempPath)
      bytes = await readFile(tempPath)
      extension = file.extension
    } finally {
      await rm(tempPath, { force: true }).catch(() => undefined)
    }
    const chosen = await this.#dialog(() =>
      this.#options.dialogs.showSaveDialog(ownerId, {
        title: 'Save voice sample',
        defaultName: `${fileSafe(voiceName)} sample.${extension}`,
        filters: [{ name: `${extension.toUpperCase()} audio`, extensions: [extension] }],
      }),
    )
    if (chosen === null) return null
    // The bytes decide the extension: a name typed without it (or with another) gets the right one.
    const path =
      extname(chosen).toLowerCase() === `.${extension}` ? chosen : `${chosen}.${extension}`
    await writeFileAtomic(path, bytes)
    const saved = this.#savedSamples.get(ownerId) ?? new Set<string>()
    saved.add(path)
    this.#savedSamples.set(ownerId, saved)
    return { path, bytes: bytes.byteLength, extension }
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
   * Streams a short line in a voice (MP3) as a job owned by the calling window. Chunks go out
   * batched and in order; the end event follows the last chunk and says whether the audio was
   * complete (a cut stream is an error, never a finished preview).
   */
  tryText(
    ownerId: number,
    input: { voiceId: string; text: string; model?: string; language?: string },
    emit: (event: TryTextEvent) => void,
  ): { jobId: string } {
    const client = this.#options.client()
    let jobId = ''
    const batcher = createChunkBatcher({
      send: (chunk, seq) => emit({ channel: 'voices:tryAudio', payload: { jobId, seq, chunk } }),
    })
    const ticket = this.#options.jobs.start({
      kind: 'voice-try',
      ownerId,
      run: ({ signal }) =>
        client.stream({
          input: input.text,
          voiceId: input.voiceId,
          codec: 'mp3',
          signal,
          // Why a high priority: someone is waiting to hear it, unlike a batch render.
          priority: 10,
          onChunk: (chunk) => batcher.push(chunk),
          ...(input.model === undefined ? {} : { model: input.model }),
          ...(input.language === undefined ? {} : { language: input.language }),
        }),
      onSettled: (outcome) => {
        batcher.flush()
        emit({
          channel: 'voices:tryEnded',
          payload: outcome.ok
            ? { jobId, ok: true, bytes: batcher.sentBytes }
            : { jobId, ok: false, error: toAppErrorData(outcome.error, STREAM_FAILED) },
        })
      },
    })
    jobId = ticket.id
    void this.#library.markUsed(input.voiceId).catch(() => undefined)
    return { jobId }
  }

  /** Waits for pending writes (library, cache index). */
  async flush(): Promise<void> {
    await Promise.all([this.#library.flush(), this.#media.flush()])
  }

  /**
   * Shows a native dialog. Why a failure becomes CANCELLED: a dialog that cannot open (its window
   * closed meanwhile) chose nothing, and nothing was read or written; the user can simply retry.
   */
  async #dialog<T>(show: () => Promise<T>): Promise<T> {
    try {
      return await show()
    } catch (error) {
      this.#options.logger.warn('file dialog failed', { error: String(error) })
      throw new AppError(
        'CANCELLED',
        'The file dialog could not be shown, so nothing was chosen. Try again.',
        { cause: error },
      )
    }
  }

  async #find(voiceId: string): Promise<Voice> {
    if (this.#voices === null || this.#listedFor !== (this.#options.accountIdentity?.() ?? '')) {
      await this.list()
    }
    const voices = this.#voices ?? new Map<string, Voice>()
    const voice = voices.get(voiceId)
    if (voice === undefined) {
      throw new AppError(
        'NOT_FOUND',
        `No voice with id ${voiceId}. It may have been deleted; refresh the voice list.`,
      )
    }
    return voice
  }

  #view(data: VoiceLibraryData): VoiceLibrary {
    return {
      favorites: [...data.favorites],
      recent: [...data.recent],
      consents: data.consents.map((c) => ({ ...c })),
      notice: this.#library.notice,
    }
  }
}
