import { execFile } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Project } from '../../../../shared/domain/script'
import { createProject } from '../../../../shared/domain/script'
import type { AppError } from '../../../../shared/errors'
import type { Harness } from '../../upstream/test/helpers'
import { startHarness } from '../../upstream/test/helpers'
import { importScript } from '../import/import-script'
import type { PieceCache } from '../fetch/piece-cache'
import { openPieceCache } from '../fetch/piece-cache'
import { estimateFootprint, SPARE_BYTES, withCoverCopies } from './preflight-disk'
import { startRender } from './render-job'
import type { RenderOptions } from './render-options'
import { planRender } from '../plan/render-plan'
import { checkOutputExtension, checkPreset } from './render-preflight'
import { upstreamSpeechSource } from '../fetch/upstream-speech-source'
import { summarizePlan } from '../plan/voice-uses'

const run = promisify(execFile)

const SCRIPT = `# One

Hello there. This is the first paragraph, read by the narrator.

Alice: Good morning, Bob.
Bob: Good morning, Alice! How are you today?
Alice: Very well, thank you.

The end is near. Thank you for listening.
`

let harness: Harness
let dir: string
let cache: PieceCache
let immutable: string | null = null

beforeAll(async () => {
  harness = await startHarness({}, { retry: { baseDelayMs: 20, maxDelayMs: 200 } })
  dir = await mkdtemp(join(tmpdir(), 'vd-preflight-'))
  cache = await openPieceCache(join(dir, 'cache'))
})

afterEach(async () => {
  if (immutable !== null) {
    if (process.getuid?.() === 0) await run('chattr', ['-i', immutable]).catch(() => undefined)
    await chmod(immutable, 0o755).catch(() => undefined)
    immutable = null
  }
})

afterAll(async () => {
  await harness?.stop()
  await rm(dir, { recursive: true, force: true })
})

async function dialogue(cast: Record<string, string>, format = 'wav'): Promise<Project> {
  const path = join(dir, 'script.md')
  await writeFile(path, SCRIPT)
  return importScript(path, {
    cast,
    defaults: { voiceId: 'olivia', format: format as Project['defaults']['format'] },
  })
}

/** A fresh, empty folder for one render's output. */
async function outputFolder(name: string): Promise<string> {
  const folder = join(dir, name)
  await mkdir(folder)
  return folder
}

function speechRequests(): number {
  return harness.sandbox.requestLog({ pathPrefix: '/v1/audio/speech' }).length
}

async function refusal(
  options: Omit<RenderOptions, 'source' | 'cache'> & { cache?: PieceCache },
): Promise<AppError> {
  harness.sandbox.clearRequestLog()
  const job = startRender({ cache, source: upstreamSpeechSource(harness.client), ...options })
  const error = (await job.done.then(
    () => {
      throw new Error('the render was expected to be refused')
    },
    (e: unknown) => e,
  )) as AppError
  expect(speechRequests()).toBe(0)
  return error
}

describe('checks before the first billable request', () => {
  it('names the cast entry whose voice is not in the voice list, sends nothing and leaves no file', async () => {
    const folder = await outputFolder('cast')
    const error = await refusal({
      project: await dialogue({ Alice: 'emma', Bob: 'dorothy' }),
      outputPath: join(folder, 'book.wav'),
      subtitles: 'srt',
    })
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.message).toBe(
      "Bob's voice, Dorothy, isn't in your voice list. Choose another voice for Bob in the cast. Nothing was sent to the service.",
    )
    expect(error.details?.preflight).toEqual([
      expect.objectContaining({ kind: 'voice', speaker: 'Bob', block: 3 }),
    ])
    // One read of the voice list, which is not billed.
    expect(harness.sandbox.requestLog({ pathPrefix: '/v1/voices' }).map((e) => e.method)).toEqual([
      'GET',
    ])
    // No journal, lock, temp or subtitle file.
    expect(await readdir(folder)).toEqual([])
  })

  it("names a block's own missing voice by the id it has when the id is not a plain name", async () => {
    const folder = await outputFolder('block-voice')
    const project = createProject({
      title: 'Gone',
      defaults: { voiceId: 'emma' },
      blocks: [
        { id: 'a', text: 'Spoken by the default voice.' },
        { id: 'b', text: 'Spoken by a voice that was deleted.', voiceId: 'old-voice-7' },
      ],
    })
    const error = await refusal({ project, outputPath: join(folder, 'gone.wav') })
    expect(error.details?.preflight?.[0]?.message).toBe(
      `Block 2's voice, "old-voice-7", isn't in your voice list (it may have been deleted). Choose another voice for the block.`,
    )
    expect(error.details?.preflight?.[0]).toEqual(expect.objectContaining({ block: 2 }))
  })

  it('lists every voice problem at once: unknown default voice, a model the voice lacks, a language it does not speak', async () => {
    const folder = await outputFolder('voices')
    const project = createProject({
      title: 'Mixed',
      defaults: { voiceId: 'nobody' },
      cast: { Narrator: 'louis' },
      blocks: [
        { id: 'a', text: 'Spoken by the missing default voice.' },
        { id: 'b', text: 'Bonjour à tous.', speaker: 'Narrator', model: 'simba-english' },
        { id: 'c', text: 'Guten Tag.', voiceId: 'george', language: 'de-DE' },
        { id: 'd', text: 'Good evening.', voiceId: 'arthur', language: 'en-US' },
      ],
    })
    const error = await refusal({ project, outputPath: join(folder, 'mixed.wav') })
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.details?.preflight?.map((p) => p.kind)).toEqual(['voice', 'model', 'language'])
    const [voice, model, language] = error.details?.preflight ?? []
    expect(voice?.message).toBe(
      "The default voice, Nobody, isn't in your voice list. Choose another default voice.",
    )
    expect(model?.message).toBe(
      'Narrator uses Louis with the Simba English model (block 2), which Louis does not offer (it offers Simba Multilingual and Simba 3.0). Choose one of those models, or give Narrator a voice that offers it in the cast.',
    )
    expect(language?.message).toBe(
      'Block 3 uses George for German (Germany) text, but George speaks only English (United States). Give the block a voice that speaks German (Germany).',
    )
    // en-GB's Arthur reading en-US text is the same language: not a problem.
    expect(error.message).toMatch(/^3 things need fixing before this render can start/)
    expect(await readdir(folder)).toEqual([])
  })

  it('names a model by its id as well when the id asked for reads like one the voice offers, in a sentence about the default voice', async () => {
    const folder = await outputFolder('model-ids')
    const project = createProject({
      title: 'Ids',
      defaults: { voiceId: 'louis' },
      blocks: [{ id: 'a', text: 'Bonjour.', model: 'Simba-3.0' }],
    })
    const error = await refusal({ project, outputPath: join(folder, 'ids.wav') })
    expect(error.details?.preflight?.map((p) => p.message)).toEqual([
      'The default voice, Louis, is used with the Simba 3.0 ("Simba-3.0") model (block 1), which Louis does not offer (it offers Simba Multilingual and Simba 3.0 ("simba-3.0")). Choose one of those models, or choose a default voice that offers it.',
    ])
  })

  it('refuses a folder that does not exist, and creates nothing', async () => {
    const missing = join(dir, 'not-there', 'deeper')
    const error = await refusal({
      project: await dialogue({ Alice: 'emma', Bob: 'george' }),
      outputPath: join(missing, 'book.wav'),
    })
    expect(error.code).toBe('DISK')
    expect(error.message).toBe(
      `The folder ${missing} does not exist. Choose an existing folder, or create it first. Nothing was sent to the service.`,
    )
    await expect(stat(join(dir, 'not-there'))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('refuses a folder that cannot be written (its probe file cannot be created)', async () => {
    const folder = await outputFolder('locked')
    await chmod(folder, 0o555)
    immutable = folder
    // Permission bits do not stop root: the immutable flag makes the folder read-only for root too.
    if (process.getuid?.() === 0) await run('chattr', ['+i', folder])
    const error = await refusal({
      project: await dialogue({ Alice: 'emma', Bob: 'george' }),
      outputPath: join(folder, 'book.wav'),
    })
    expect(error.code).toBe('DISK')
    expect(error.message).toBe(
      `VoiceDesk can't write to ${folder}. Choose another folder or check its permissions. Nothing was sent to the service.`,
    )
    expect(error.details?.preflight?.map((p) => p.kind)).toEqual(['folder'])
    expect(await readdir(folder)).toEqual([])
  })

  it('counts the cover once in every file that embeds it (base64 in Ogg), and in none that does not', () => {
    const footprint = {
      seconds: 60,
      characters: 600,
      pauseMs: 0,
      outputBytes: 1_000_000,
      partsBytes: 1_000_000,
      cacheBytes: 0,
    }
    expect(withCoverCopies(footprint, 3_000_000, 'mp3', 10)).toMatchObject({
      outputBytes: 4_000_000,
      partsBytes: 31_000_000,
    })
    expect(withCoverCopies(footprint, 3_000_000, 'ogg', 10)).toMatchObject({
      outputBytes: 5_000_000,
      partsBytes: 41_000_000,
    })
    expect(withCoverCopies(footprint, 3_000_000, 'wav', 10)).toEqual(footprint)
    expect(withCoverCopies({ ...footprint, partsBytes: 0 }, 3_000_000, 'm4b', 0)).toMatchObject({
      outputBytes: 4_000_000,
      partsBytes: 0,
    })
  })

  it('refuses when the estimated space is not free, and says how it was estimated', async () => {
    const folder = await outputFolder('full')
    const project = await dialogue({ Alice: 'emma', Bob: 'george' })
    const asked: string[] = []
    const error = await refusal({
      project,
      outputPath: join(folder, 'book.wav'),
      split: { mode: 'chapter', dir: join(folder, 'chapters') },
      freeBytes: (path) => {
        asked.push(path)
        return Promise.resolve(SPARE_BYTES)
      },
    })
    const footprint = estimateFootprint(
      summarizePlan(project, planRender(project)),
      project,
      cache,
      true,
    )
    // Output, chapter copies and cache are on one file system here: one need, added up.
    expect(asked).toEqual([folder])
    expect(error.code).toBe('DISK')
    expect(error.message).toContain(
      `This render needs about ${formatMb(SPARE_BYTES + footprint.outputBytes * 2 + footprint.cacheBytes)} free on the disk holding ${folder}, but only 64 MB is free there.`,
    )
    expect(error.message).toContain('characters at 10 a second, a slow reading pace')
    expect(error.message).toContain('book.wav: ')
    expect(error.message).toContain('(WAV at 24000 Hz, about 46.9 KB a second)')
    expect(error.message).toContain('the separate files: ')
    expect(error.message).toContain('new pieces in the piece cache')
    expect(await readdir(folder)).toEqual([])
  })

  it('refuses an output whose audio extension names another format', async () => {
    const folder = await outputFolder('ext')
    const error = await refusal({
      project: await dialogue({ Alice: 'emma', Bob: 'george' }, 'wav'),
      outputPath: join(folder, 'book.mp3'),
    })
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.message).toContain('The file book.mp3 ends in .mp3, but the format chosen is WAV')
    expect(error.message).not.toContain(folder)
    expect(await readdir(folder)).toEqual([])
    // A name that is no format VoiceDesk writes is the command line's explicit --format choice.
    expect(checkOutputExtension('/x/take.bin', 'wav')).toEqual([])
    expect(checkOutputExtension('/x/book.flac', 'wav')).toEqual([])
    expect(checkOutputExtension('/x/book.OGG', 'ogg')).toEqual([])
    expect(checkOutputExtension('/x/book.ogg', 'mp3').map((p) => p.kind)).toEqual(['format'])
  })

  it("refuses what a preset's constraints rule out", async () => {
    const folder = await outputFolder('preset')
    const acxLike = {
      name: 'ACX/Audible',
      formats: ['mp3'],
      sampleRates: [44_100],
      channels: 1,
    } as const
    const error = await refusal({
      project: await dialogue({ Alice: 'emma', Bob: 'george' }, 'wav'),
      outputPath: join(folder, 'book.wav'),
      preset: acxLike,
    })
    expect(error.details?.preflight?.map((p) => p.message)).toEqual([
      'ACX/Audible takes MP3, not WAV. Choose MP3 for this preset.',
      'ACX/Audible takes 44100 Hz, not 24000 Hz. Choose 44100 Hz for this preset.',
    ])
    const podcast = { name: 'Podcast', loudnessTarget: true }
    const mp3 = await dialogue({}, 'mp3')
    expect(checkPreset(mp3, podcast).map((p) => p.message)).toEqual([
      'Podcast sets a loudness, and this render keeps the level the service delivers. Choose a loudness target for this preset.',
    ])
    expect(
      checkPreset(
        { ...mp3, defaults: { ...mp3.defaults, loudness: { mode: 'target', targetLufs: -16 } } },
        podcast,
      ),
    ).toEqual([])
    expect(await readdir(folder)).toEqual([])
  })

  it('renders when everything checks out: the probe file is gone and the voice list was read once', async () => {
    const folder = await outputFolder('fine')
    harness.sandbox.clearRequestLog()
    const job = startRender({
      project: await dialogue({ Alice: 'emma', Bob: 'george' }),
      outputPath: join(folder, 'book.wav'),
      cache,
      source: upstreamSpeechSource(harness.client),
    })
    await job.done
    expect(await readdir(folder)).toEqual(['book.wav'])
    expect(harness.sandbox.requestLog({ pathPrefix: '/v1/voices' })).toHaveLength(1)
    expect(speechRequests()).toBeGreaterThan(0)
  })
})

function formatMb(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
}
