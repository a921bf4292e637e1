import { createHash } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sortableId } from '../server/ids.js'
import { buildCatalog } from './catalog.js'
import {
  engineLanguage,
  modelsForLocale,
  type VoiceGender,
  type VoiceRecord,
} from './voice-record.js'

/** The validated parts of a voice creation. */
export interface NewVoice {
  name: string
  gender: VoiceGender
  locale: string
  sample: { bytes: Uint8Array; contentType: string; extension: string }
  avatar?: { bytes: Uint8Array; contentType: string; extension: string }
}

// Personal voices use eSpeak-NG's klatt variants, which no catalog voice uses, with pitch, range and
// rate derived from a hash of the sample: the same sample always gives the same voice, and a
// personal voice never sounds like a catalog voice.
const PERSONAL_VARIANTS = ['klatt', 'klatt2', 'klatt3', 'klatt4', 'klatt5', 'klatt6']

/** The catalog plus every account's personal voices; samples live on disk under the state folder. */
export class VoiceStore {
  private readonly catalog: VoiceRecord[]
  private readonly catalogById: Map<string, VoiceRecord>
  private readonly personal = new Map<string, VoiceRecord>()
  private readonly idempotencyKeys = new Map<string, string>()

  constructor(
    extraVoices: number,
    private readonly stateDir: string,
    private readonly now: () => number,
  ) {
    this.catalog = buildCatalog(extraVoices)
    this.catalogById = new Map(this.catalog.map((voice) => [voice.id, voice]))
  }

  /** Catalog voices, then the account's personal voices in creation order. */
  listFor(accountId: string): VoiceRecord[] {
    return [...this.catalog, ...this.personalOf(accountId)]
  }

  /** The account's personal voices. */
  personalOf(accountId: string): VoiceRecord[] {
    return [...this.personal.values()].filter((voice) => voice.ownerAccountId === accountId)
  }

  /** A voice the account may use: a catalog voice or one of its own personal voices. */
  find(id: string, accountId: string): VoiceRecord | undefined {
    const catalog = this.catalogById.get(id)
    if (catalog) return catalog
    const personal = this.personal.get(id)
    return personal?.ownerAccountId === accountId ? personal : undefined
  }

  /** Any voice by id, for public assets such as previews. */
  findAny(id: string): VoiceRecord | undefined {
    return this.catalogById.get(id) ?? this.personal.get(id)
  }

  /** The voice an earlier creation with the same Idempotency-Key made, if it still exists. */
  replay(accountId: string, idempotencyKey: string): VoiceRecord | undefined {
    const id = this.idempotencyKeys.get(`${accountId}:${idempotencyKey}`)
    return id ? this.find(id, accountId) : undefined
  }

  /** Stores a personal voice and its files; usable for synthesis at once. */
  async create(accountId: string, input: NewVoice, idempotencyKey?: string): Promise<VoiceRecord> {
    const id = sortableId('voice', this.now())
    const folder = join(this.stateDir, 'voices', id)
    await mkdir(folder, { recursive: true })
    const samplePath = join(folder, `sample.${input.sample.extension}`)
    await writeFile(samplePath, input.sample.bytes)
    let avatar: VoiceRecord['avatar']
    if (input.avatar) {
      const avatarPath = join(folder, `avatar.${input.avatar.extension}`)
      await writeFile(avatarPath, input.avatar.bytes)
      avatar = {
        path: avatarPath,
        contentType: input.avatar.contentType,
        size: input.avatar.bytes.byteLength,
      }
    }
    const digest = createHash('sha256').update(input.sample.bytes).digest()
    const byte = (index: number): number => digest[index] ?? 0
    const voice: VoiceRecord = {
      id,
      type: 'personal',
      displayName: input.name,
      gender: input.gender,
      locale: input.locale,
      tags: ['personal'],
      models: modelsForLocale(input.locale),
      engine: {
        espeakVoice: `${engineLanguage(input.locale)}+${PERSONAL_VARIANTS[byte(0) % PERSONAL_VARIANTS.length] ?? 'klatt'}`,
        pitch: 15 + (byte(1) % 70),
        range: 20 + (byte(2) % 70),
        rate: 150 + (byte(3) % 50),
        gain: 1,
      },
      ownerAccountId: accountId,
      sample: {
        path: samplePath,
        contentType: input.sample.contentType,
        size: input.sample.bytes.byteLength,
      },
      ...(avatar ? { avatar } : {}),
      createdAt: new Date(this.now()).toISOString(),
    }
    await writeFile(
      join(folder, 'voice.json'),
      JSON.stringify({ ...voice, engine: undefined }, null, 2),
    )
    this.personal.set(id, voice)
    if (idempotencyKey) this.idempotencyKeys.set(`${accountId}:${idempotencyKey}`, id)
    return voice
  }

  /** Deletes one of the account's personal voices and its files; false when it is not theirs. */
  async delete(accountId: string, id: string): Promise<boolean> {
    const voice = this.personal.get(id)
    if (!voice || voice.ownerAccountId !== accountId) return false
    this.personal.delete(id)
    await rm(join(this.stateDir, 'voices', id), { recursive: true, force: true })
    return true
  }

  /** True for a catalog voice id. */
  isCatalog(id: string): boolean {
    return this.catalogById.has(id)
  }

  /** Counts for the state summary. */
  counts(): { catalog: number; personal: number } {
    return { catalog: this.catalog.length, personal: this.personal.size }
  }
}
