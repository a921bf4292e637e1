import { createHash } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/errors'
import { createTestPlatform } from '../../testing/test-platform'
import { JobRegistry } from '../jobs/job-registry'
import { checkAudio } from '../audio/check'
import type { Harness } from '../upstream/test/helpers'
import { startHarness } from '../upstream/test/helpers'
import { toneWav } from '../upstream/test/fixtures'
import type { TryTextEvent } from './voices-service'
import { VoicesService } from './voices-service'
import { VOICE_LIBRARY_FILE } from './voice-library-store'
import { useTempDirs } from '../../testing/temp-dir'

const tempDir = useTempDirs('vd-voices-service-')

const OWNER = 7
const consent = { fullName: 'Ada Lovelace', email: 'ada@example.com', confirmed: true as const }

let h: Harness
let sample: Uint8Array
beforeAll(async () => {
  h = await startHarness({ extraVoices: 3 })
  sample = toneWav(2)
})
afterAll(() => h.stop())

let dir: string
let service: VoicesService
let platform: ReturnType<typeof createTestPlatform>
let jobs: JobRegistry
beforeEach(async () => {
  dir = await tempDir()
  platform = createTestPlatform()
  jobs = new JobRegistry()
  service = await VoicesService.create({
    userDataDir: dir,
    client: () => h.client,
    jobs,
    dialogs: platform.ports,
    logger: h.logger,
  })
})
afterEach(async () => {
  jobs.cancelAll()
  await service.flush()
})

function errorOf(promise: Promise<unknown>): Promise<AppError> {
  return promise.then(
    () => {
      throw new Error('expected a failure')
    },
    (error: unknown) => {
      if (!(error instanceof AppError)) throw error
      return error
    },
  )
}

describe('VoicesService', () => {
  it('lists once and serves the cached list until refreshed', async () => {
    h.sandbox.clearRequestLog()
    const first = await service.list()
    const again = await service.list()
    expect(first.length).toBe(47)
    expect(again.map((v) => v.id)).toEqual(first.map((v) => v.id))
    const gets = () => h.sandbox.requestLog({ pathPrefix: '/v1/voices', method: 'GET' }).length
    expect(gets()).toBe(1)
    await service.list(true)
    expect(gets()).toBe(2)
  })

  it('gives the first voices in name order, and the count, from the same cached list', async () => {
    h.sandbox.clearRequestLog()
    const first = await service.firstByName(5, 'name')
    expect(first.total).toBe(47)
    expect(first.voices.map((v) => v.displayName)).toEqual([
      'An',
      'Andrea',
      'Ariel',
      'Arjun',
      'Arthur',
    ])
    const last = await service.firstByName(3, 'name-desc')
    expect(last.voices.map((v) => v.displayName)).toEqual(['Zofia', 'Yui', 'Wei'])
    // The page sorts the whole list the same way: its first rows are these.
    const all = (await service.list()).map((v) => v.displayName.toLocaleLowerCase()).sort()
    expect(first.voices.map((v) => v.displayName.toLocaleLowerCase())).toEqual(all.slice(0, 5))
    expect(h.sandbox.requestLog({ pathPrefix: '/v1/voices', method: 'GET' })).toHaveLength(1)
  })

  it('fetches a preview once, then serves it from the content-addressed disk cache', async () => {
    h.sandbox.clearRequestLog()
    const preview = await service.media('george', 'preview')
    expect(preview?.contentType).toBe('audio/mpeg')
    expect(checkAudio('mp3', preview!.bytes).ok).toBe(true)
    const again = await service.media('george', 'preview')
    expect(Buffer.from(again!.bytes).equals(Buffer.from(preview!.bytes))).toBe(true)
    expect(h.sandbox.requestLog({ pathPrefix: '/assets/previews/george' }).length).toBe(1)
    const blobs = await readdir(join(dir, 'cache', 'voice-media', 'blobs'))
    expect(blobs).toEqual([createHash('sha256').update(preview!.bytes).digest('hex')])
    // Catalog voices have an empty avatar_image: no request, no error.
    expect(await service.media('george', 'avatar')).toBeNull()
  })

  it('creates a personal voice with a consent record, downloads its sample identically, deletes it', async () => {
    const staged = service.stageSample(OWNER, 'ada.wav', sample)
    const voice = await service.createPersonalVoice(OWNER, {
      name: 'Service Ada',
      gender: 'female',
      locale: 'en-GB',
      sampleId: staged.sampleId,
      consent,
    })
    expect(voice).toMatchObject({ type: 'personal', displayName: 'Service Ada', locale: 'en-GB' })
    const record = service.library().consents.find((c) => c.voiceId === voice.id)
    expect(record).toMatchObject({ fullName: 'Ada Lovelace', email: 'ada@example.com' })
    expect(record?.sampleSha256).toBe(createHash('sha256').update(sample).digest('hex'))
    const onDisk = JSON.parse(await readFile(join(dir, VOICE_LIBRARY_FILE), 'utf8')) as {
      consents: unknown[]
    }
    expect(onDisk.consents).toHaveLength(1)
    expect((await service.list()).some((v) => v.id === voice.id)).toBe(true)

    // The save dialog's name has no extension: the bytes decide it.
    platform.recorder.answerNextSave(join(dir, 'my sample'))
    const saved = await service.downloadSample(OWNER, voice.id, 'Service Ada')
    expect(saved).toMatchObject({ path: join(dir, 'my sample.wav'), extension: 'wav' })
    expect(platform.recorder.dialogs.at(-1)).toMatchObject({
      kind: 'save',
      defaultName: 'Service Ada sample.wav',
    })
    expect(Buffer.from(await readFile(saved!.path)).equals(Buffer.from(sample))).toBe(true)
    // Only this window may show it, and only until it closes.
    expect(service.savedSample(OWNER, saved!.path)).toBe(saved!.path)
    expect(() => service.savedSample(OWNER + 1, saved!.path)).toThrow(/did not save that file/)
    service.forgetWindow(OWNER)
    expect(() => service.savedSample(OWNER, saved!.path)).toThrow(/did not save that file/)

    await service.setFavorite(voice.id, true)
    await service.deletePersonalVoice(voice.id)
    expect((await service.list()).some((v) => v.id === voice.id)).toBe(false)
    expect(service.library().favorites).not.toContain(voice.id)
    expect(service.library().consents.find((c) => c.voiceId === voice.id)?.deletedAt).toBeTruthy()
  })

  it('refuses a sample that is not audio before uploading anything', async () => {
    h.sandbox.clearRequestLog()
    const staged = service.stageSample(OWNER, 'notes.txt', new TextEncoder().encode('hello'))
    const error = await errorOf(
      service.createPersonalVoice(OWNER, {
        name: 'Text',
        gender: 'male',
        sampleId: staged.sampleId,
        consent,
      }),
    )
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.details?.fields?.sample).toMatch(/not a recognised audio/i)
    expect(h.sandbox.requestLog({ pathPrefix: '/v1/voices', method: 'POST' })).toHaveLength(0)
  })

  it("never uploads another window's sample", async () => {
    const staged = service.stageSample(OWNER, 'ada.wav', sample)
    const error = await errorOf(
      service.createPersonalVoice(OWNER + 1, {
        name: 'Other',
        gender: 'male',
        sampleId: staged.sampleId,
        consent,
      }),
    )
    expect(error.code).toBe('VALIDATION_FAILED')
  })

  it('reads a chosen file through the open dialog and refuses one over 10 MB', async () => {
    const small = join(dir, 'take.wav')
    await writeFile(small, sample)
    platform.recorder.answerNextOpen([small])
    const chosen = await service.chooseSample(OWNER)
    expect(chosen).toMatchObject({ fileName: 'take.wav', size: sample.byteLength })
    const big = join(dir, 'big.wav')
    await writeFile(big, new Uint8Array(11 * 1024 * 1024))
    platform.recorder.answerNextOpen([big])
    expect((await errorOf(service.chooseSample(OWNER))).details?.fields?.sample).toMatch(/10 MB/)
    platform.recorder.answerNextOpen(null)
    expect(await service.chooseSample(OWNER)).toBeNull()
  })

  it('streams a trial line as ordered batches whose bytes add up to a complete MP3', async () => {
    const events: TryTextEvent[] = []
    let resolveEnd: () => void = () => undefined
    const ended = new Promise<void>((resolve) => (resolveEnd = resolve))
    service.tryText(OWNER, { voiceId: 'emma', text: 'Testing my own line of text.' }, (event) => {
      events.push(event)
      if (event.channel === 'voices:tryEnded') resolveEnd()
    })
    await ended
    const chunks = events.flatMap((e) => (e.channel === 'voices:tryAudio' ? [e.payload] : []))
    expect(chunks.map((c) => c.seq)).toEqual(chunks.map((_, i) => i))
    const audio = Buffer.concat(chunks.map((c) => c.chunk))
    const end = events.at(-1)
    expect(end?.channel).toBe('voices:tryEnded')
    expect(end?.payload).toMatchObject({ ok: true, bytes: audio.byteLength })
    expect(checkAudio('mp3', audio).ok).toBe(true)
  })

  it('reports a truncated trial stream as an error after the bytes that came', async () => {
    h.sandbox.setFaults({ truncateAfterBytes: 3000 })
    try {
      const events: TryTextEvent[] = []
      let resolveEnd: () => void = () => undefined
      const ended = new Promise<void>((resolve) => (resolveEnd = resolve))
      service.tryText(
        OWNER,
        {
          voiceId: 'liam',
          text: 'A longer line so that the stream is cut part of the way through it.',
        },
        (event) => {
          events.push(event)
          if (event.channel === 'voices:tryEnded') resolveEnd()
        },
      )
      await ended
      expect(events.at(-1)?.payload).toMatchObject({
        ok: false,
        error: { code: 'STREAM_TRUNCATED' },
      })
    } finally {
      h.sandbox.clearFaults()
    }
  })

  it('sets a corrupt library file aside with a notice instead of failing', async () => {
    await writeFile(join(dir, VOICE_LIBRARY_FILE), '{"version": 1, "favorites": [')
    const reopened = await VoicesService.create({
      userDataDir: dir,
      client: () => h.client,
      jobs,
      dialogs: platform.ports,
      logger: h.logger,
    })
    const library = reopened.library()
    expect(library.favorites).toEqual([])
    expect(library.notice).toMatch(/could not be read.*kept the old file/)
    const files = await readdir(dir)
    expect(files.some((f) => f.startsWith(`${VOICE_LIBRARY_FILE}.corrupt-`))).toBe(true)
    await reopened.setFavorite('emma', true)
    await reopened.flush()
  })
})
