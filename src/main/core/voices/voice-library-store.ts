import { mkdir, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { errnoOf, writeFileAtomic } from '../files/atomic-write'

/** The library file inside the user data folder. */
export const VOICE_LIBRARY_FILE = 'voices-library.json'

/** Recently used voices kept, newest first. */
export const MAX_RECENT_VOICES = 20

const consentRecordSchema = z.object({
  voiceId: z.string().min(1),
  fullName: z.string().min(1),
  email: z.string().min(3),
  createdAt: z.string().min(1),
  sampleSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Set when the voice was deleted; the record stays as evidence of the consent given. */
  deletedAt: z.string().optional(),
})

const librarySchema = z.object({
  version: z.literal(1),
  favorites: z.array(z.string().min(1)).default([]),
  recent: z.array(z.string().min(1)).default([]),
  consents: z.array(consentRecordSchema).default([]),
})

/** A consent record kept beside a personal voice: who agreed, when, and which sample. */
export type ConsentRecord = z.infer<typeof consentRecordSchema>

/** What the library holds: favourites, recently used voices and consent records. */
export type VoiceLibraryData = z.infer<typeof librarySchema>

function emptyLibrary(): VoiceLibraryData {
  return { version: 1, favorites: [], recent: [], consents: [] }
}

/**
 * Favourites, recently used voices and consent records in `<userData>/voices-library.json`:
 * zod-validated, written atomically one write at a time. A corrupt file is moved aside (never
 * deleted, never a crash) and a notice says where it went.
 */
export class VoiceLibraryStore {
  readonly path: string
  #data: VoiceLibraryData
  #notice: string | null
  #queue: Promise<void> = Promise.resolve()

  private constructor(path: string, data: VoiceLibraryData, notice: string | null) {
    this.path = path
    this.#data = data
    this.#notice = notice
  }

  /** Loads the library; a missing file is an empty library, an unreadable one is set aside. */
  static async open(
    userDataDir: string,
    options: { now?: () => Date } = {},
  ): Promise<VoiceLibraryStore> {
    const path = join(userDataDir, VOICE_LIBRARY_FILE)
    await mkdir(userDataDir, { recursive: true })
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if (errnoOf(error) === 'ENOENT') return new VoiceLibraryStore(path, emptyLibrary(), null)
      throw error
    }
    let reason: string
    try {
      const parsed = librarySchema.safeParse(JSON.parse(text) as unknown)
      if (parsed.success) return new VoiceLibraryStore(path, parsed.data, null)
      reason = 'its content is not what VoiceDesk expects'
    } catch {
      reason = 'it is not valid JSON'
    }
    // Why move it aside: consent records are evidence; losing them silently is not an option.
    const stamp = (options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-')
    const movedTo = `${path}.corrupt-${stamp}`
    await rename(path, movedTo)
    const notice = `Your favourites and consent records could not be read (${reason}). VoiceDesk started a new list and kept the old file as ${movedTo}.`
    return new VoiceLibraryStore(path, emptyLibrary(), notice)
  }

  /** A snapshot of the library. */
  get(): Readonly<VoiceLibraryData> {
    return this.#data
  }

  /** Set when the file had to be set aside at start; shown once per run in the Voices workspace. */
  get notice(): string | null {
    return this.#notice
  }

  /** Marks or unmarks a favourite. */
  setFavorite(voiceId: string, favorite: boolean): Promise<VoiceLibraryData> {
    return this.#update((data) => {
      const rest = data.favorites.filter((id) => id !== voiceId)
      return { ...data, favorites: favorite ? [...rest, voiceId] : rest }
    })
  }

  /** Moves a voice to the front of the recently used list. */
  markUsed(voiceId: string): Promise<VoiceLibraryData> {
    return this.#update((data) => ({
      ...data,
      recent: [voiceId, ...data.recent.filter((id) => id !== voiceId)].slice(0, MAX_RECENT_VOICES),
    }))
  }

  /** Keeps the consent record of a newly created personal voice. */
  addConsent(record: ConsentRecord): Promise<VoiceLibraryData> {
    return this.#update((data) => ({
      ...data,
      consents: [...data.consents.filter((c) => c.voiceId !== record.voiceId), record],
    }))
  }

  /** A deleted voice leaves favourites and recents; its consent record is marked, not removed. */
  forgetVoice(voiceId: string, deletedAt: string): Promise<VoiceLibraryData> {
    return this.#update((data) => ({
      ...data,
      favorites: data.favorites.filter((id) => id !== voiceId),
      recent: data.recent.filter((id) => id !== voiceId),
      consents: data.consents.map((c) =>
        c.voiceId === voiceId && c.deletedAt === undefined ? { ...c, deletedAt } : c,
      ),
    }))
  }

  /** Resolves when every write asked so far has finished. */
  flush(): Promise<void> {
    return this.#queue
  }

  #update(change: (data: VoiceLibraryData) => VoiceLibraryData): Promise<VoiceLibraryData> {
    const next = librarySchema.parse(change(this.#data))
    this.#data = next
    const text = `${JSON.stringify(next, null, 2)}\n`
    // Why 0o600: consent records hold a name and an email address.
    const write = this.#queue.then(() => writeFileAtomic(this.path, text, { mode: 0o600 }))
    this.#queue = write.catch(() => undefined)
    return write.then(() => next)
  }
}
