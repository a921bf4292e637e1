import { createHash } from 'node:crypto'
import { join } from 'node:path'
import type { SampleExtension, Voice, VoiceGender } from '../../../shared/domain/voice'
import { compareVoiceNames, SAMPLE_CONTENT_TYPES, voiceNameKey } from '../../../shared/domain/voice'
import type { EventOf } from '../../../shared/ipc/contract'
import { AppError, toAppErrorData } from '../../../shared/errors'
import type { StagedVoiceSample, VoiceLibrary, VoiceMedia } from '../../../shared/ipc/contract'
import type { PlatformPorts } from '../platform-ports'
import type { JobRegistry } from '../jobs/job-registry'
import type { Logger } from '../log/logger'
import type { UpstreamClient } from '../upstream/upstream-client'
import { createChunkBatcher } from './chunk-batcher'
import { fileSafe, plainBytes, uploadableExtension, VoiceSampleFiles } from './voice-sample-files'
import type { VoiceLibraryData } from './voice-library-store'
import { VoiceLibraryStore } from './voice-library-store'
import { VoiceMediaCache } from './voice-media-cache'

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

/**
 * The Voices workspace's work in main: the voice list (cached until refreshed), avatars and
 * previews through a disk cache, samples held for upload, personal voice creation with a local
 * consent record, deletion, sample download to a user-chosen file, and short streamed trials.
 */
export class VoicesService {
  readonly #options: VoicesServiceOptions
  readonly #library: VoiceLibraryStore
  readonly #media: VoiceMediaCache
  readonly #sampleFiles: VoiceSampleFiles
  #voices: Map<string, Voice> | null = null
  #listedFor = ''
  #listing: Promise<Voice[]> | null = null

  private constructor(options: VoicesServiceOptions, library: VoiceLibraryStore) {
    this.#options = options
    this.#library = library
    this.#sampleFiles = new VoiceSampleFiles(options)
    this.#media = new VoiceMediaCache({
      dir: join(options.userDataDir, 'cache', 'voice-media'),
      logger: options.logger.child('media-cache'),
      ...(options.mediaCacheBytes === undefined ? {} : { maxBytes: options.mediaCacheBytes }),
      download: async (url, target, signal, maxBytes) => {
        const file = await options.client().downloadRecording(url, target, {
          maxBytes,
          what: "the voice's preview or picture",
          ...(signal === undefined ? {} : { signal }),
        })
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

  /**
   * Creates a personal voice. The sample's container is checked here as well as in the page
   * (what is uploaded is what main holds); the consent record is kept once the service agreed.
   */
  async createPersonalVoice(ownerId: number, input: CreatePersonalVoiceInput): Promise<Voice> {
    const sample = this.#sampleFiles.take(input.sampleId, ownerId)
    const extension = uploadableExtension(sample)
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
    this.#sampleFiles.drop(sample.id)
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

  /** Native open dialog; the chosen file is read and held by main. Null when cancelled. */
  chooseSample(ownerId: number): Promise<StagedVoiceSample | null> {
    return this.#sampleFiles.choose(ownerId)
  }

  /** Holds a dropped or recorded sample until the voice is created. */
  stageSample(ownerId: number, fileName: string, bytes: Uint8Array): StagedVoiceSample {
    return this.#sampleFiles.stage(ownerId, fileName, bytes)
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

  /** Downloads a personal voice's sample to a file the user names; null when cancelled. */
  downloadSample(
    ownerId: number,
    voiceId: string,
    voiceName: string,
  ): Promise<{ path: string; bytes: number; extension: SampleExtension } | null> {
    return this.#sampleFiles.download(ownerId, voiceId, voiceName)
  }

  /** Forgets what a closed window saved (its paths can no longer be revealed). */
  forgetWindow(ownerId: number): void {
    this.#sampleFiles.forgetWindow(ownerId)
  }

  /** A sample file this window saved, for "show in folder" (see VoiceSampleFiles). */
  savedSample(ownerId: number, path: string): string {
    return this.#sampleFiles.savedSample(ownerId, path)
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
