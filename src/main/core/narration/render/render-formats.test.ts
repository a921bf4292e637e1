import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Project } from '../../../../shared/domain/script'
import { createProject } from '../../../../shared/domain/script'
import { AppError } from '../../../../shared/errors'
import { startHarness } from '../../upstream/test/helpers'
import { pauseFrames, summarizeAdts } from '../assemble/aac-frames'
import { openPieceCache } from '../fetch/piece-cache'
import { startRender } from './render-job'
import { planRender } from '../plan/render-plan'
import {
  decodeSamples,
  decodedSeconds,
  probeAudio,
  probedChapters,
} from '../../../testing/test-audio'
import { upstreamSpeechSource } from '../fetch/upstream-speech-source'
import { useServiceAndDir } from '../../../testing/service-dir'
import { startServiceRender } from '../../../testing/service-render'

const testbed = useServiceAndDir('vd-formats-', () =>
  startHarness({ synthThreads: 1 }, { retry: { baseDelayMs: 20, maxDelayMs: 200 } }),
)

const TEXTS = [
  'The lighthouse keeper climbed the stairs at dusk.',
  'Below, the sea was calm and grey.',
  'He lit the lamp and wrote one line in the log.',
  'Ships passed without a sound that night.',
  'In the morning the fog had lifted.',
]

function project(
  texts: string[],
  defaults: Partial<Project['defaults']> = {},
  pauses: (number | undefined)[] = [],
): Project {
  return createProject({
    blocks: texts.map((text, i) => ({
      id: `b${i + 1}`,
      text,
      ...(pauses[i] === undefined ? {} : { pauseAfterMs: pauses[i] }),
    })),
    defaults: { voiceId: 'olivia', format: 'wav', pauseBetweenBlocksMs: 333, ...defaults },
  })
}

function okRequests(): number {
  return testbed.service.sandbox
    .requestLog({ pathPrefix: '/v1/audio/speech' })
    .filter((e) => e.status === 200).length
}

describe('re-rendering by splicing the previous file', () => {
  it.each(['wav', 'pcm'] as const)(
    'copies unchanged stretches of a %s file and gives the bytes of a render from scratch',
    async (format) => {
      const cacheDir = join(testbed.dir, `cache-splice-${format}`)
      const outputPath = join(testbed.dir, `splice.${format}`)
      const source = upstreamSpeechSource(testbed.service.client)
      const first = await startRender({
        project: project(TEXTS, { format }),
        outputPath,
        source,
        cache: await openPieceCache(cacheDir),
      }).done
      expect(first.method).toBe('assembled')

      // One block edited, one removed, a pause changed: unchanged runs move in the file.
      const editedTexts = [TEXTS[0]!, 'Below, the sea was wild and black.', TEXTS[3]!, TEXTS[4]!]
      const edited = project(editedTexts, { format }, [undefined, undefined, 90])
      testbed.service.sandbox.clearRequestLog()
      const cache = await openPieceCache(cacheDir)
      const spliced = await startRender({
        project: edited,
        outputPath,
        source,
        cache,
        subtitles: 'srt',
      }).done
      expect(spliced.method).toBe('splice')
      expect(spliced.requests).toBe(1)
      expect(okRequests()).toBe(1)

      const reference = join(testbed.dir, `reference.${format}`)
      const scratch = await startRender({
        project: edited,
        outputPath: reference,
        source,
        cache,
        subtitles: 'srt',
      }).done
      expect(scratch.method).toBe('assembled')
      expect(Buffer.compare(await readFile(outputPath), await readFile(reference))).toBe(0)
      expect(spliced.durationSeconds).toBe(scratch.durationSeconds)
      expect(spliced.loudness).toEqual(scratch.loudness)
      expect(await readFile(spliced.subtitlesPath!, 'utf8')).toBe(
        await readFile(scratch.subtitlesPath!, 'utf8'),
      )
      expect((await readdir(testbed.dir)).filter((n) => n.endsWith('.partial'))).toEqual([])
    },
  )

  it('gives the bytes of a render from scratch for edits that grow, shrink or only touch the end', async () => {
    const cacheDir = join(testbed.dir, 'cache-splice-shapes')
    const outputPath = join(testbed.dir, 'shapes.wav')
    const source = upstreamSpeechSource(testbed.service.client)
    const cache = await openPieceCache(cacheDir)
    await startRender({ project: project(TEXTS), outputPath, source, cache }).done
    const edits: [string, string[]][] = [
      // The first block longer: everything after it moves later in the file.
      ['first block longer', [`${TEXTS[0]} The wind rose.`, ...TEXTS.slice(1)]],
      // Only the last block changed, shorter: the rest stays where it was, the file is cut.
      ['last block shorter', [...TEXTS.slice(0, 4), 'Fog.']],
      // A block appended: the file only grows at the end.
      ['block appended', [...TEXTS.slice(0, 4), 'Fog.', 'Then the gulls came back.']],
    ]
    for (const [shape, texts] of edits) {
      testbed.service.sandbox.clearRequestLog()
      const spliced = await startRender({ project: project(texts), outputPath, source, cache }).done
      expect(spliced.method, shape).toBe('splice')
      expect(okRequests(), shape).toBe(1)
      const reference = join(testbed.dir, 'shapes-reference.wav')
      await startRender({ project: project(texts), outputPath: reference, source, cache }).done
      expect(Buffer.compare(await readFile(outputPath), await readFile(reference)), shape).toBe(0)
      await rm(reference)
    }
    expect((await readdir(testbed.dir)).filter((n) => n.endsWith('.partial'))).toEqual([])
  })

  it('assembles anew when the previous file was touched since it was written', async () => {
    const cacheDir = join(testbed.dir, 'cache-touched')
    const outputPath = join(testbed.dir, 'touched.wav')
    const source = upstreamSpeechSource(testbed.service.client)
    await startRender({
      project: project(TEXTS),
      outputPath,
      source,
      cache: await openPieceCache(cacheDir),
    }).done
    const later = new Date(Date.now() + 5000)
    await utimes(outputPath, later, later)
    const again = await startRender({
      project: project([...TEXTS.slice(0, 4), 'A different ending.']),
      outputPath,
      source,
      cache: await openPieceCache(cacheDir),
    }).done
    expect(again.method).toBe('assembled')
  })
})

describe('damaged cache entries', () => {
  it('requests a torn piece again instead of using it, and the output is unchanged', async () => {
    const cacheDir = join(testbed.dir, 'cache-torn')
    const source = upstreamSpeechSource(testbed.service.client)
    const p = project(TEXTS.slice(0, 3))
    const first = join(testbed.dir, 'torn-1.wav')
    await startRender({
      project: p,
      outputPath: first,
      source,
      cache: await openPieceCache(cacheDir),
    }).done
    // A power loss after an un-fsynced cache write: the file has its length but no data.
    const piece = planRender(p).pieces[1]!
    const audioPath = join(cacheDir, `${piece.hash}.pcm`)
    await writeFile(audioPath, new Uint8Array((await readFile(audioPath)).byteLength))
    testbed.service.sandbox.clearRequestLog()
    const second = join(testbed.dir, 'torn-2.wav')
    const result = await startRender({
      project: p,
      outputPath: second,
      source,
      cache: await openPieceCache(cacheDir),
    }).done
    expect(result.requests).toBe(1)
    const inputs = testbed.service.sandbox
      .requestLog({ pathPrefix: '/v1/audio/speech' })
      .map((e) => String(e.body?.input))
    expect(inputs).toEqual([piece.request.input])
    expect(Buffer.compare(await readFile(first), await readFile(second))).toBe(0)
  })
})

describe('AAC output', () => {
  it('joins the service AAC frames with silent frames; pauses are whole frames', async () => {
    const cacheDir = join(testbed.dir, 'cache-aac')
    const outputPath = join(testbed.dir, 'story.aac')
    const p = project(TEXTS, { format: 'aac' }, [undefined, 1000, 0, 250])
    const result = await startServiceRender(testbed.service, {
      project: p,
      outputPath,
      cache: await openPieceCache(cacheDir),
      subtitles: 'vtt',
    }).done
    const probe = await probeAudio(outputPath)
    expect(probe).toMatchObject({ codec: 'aac', sampleRate: 24_000, channels: 1 })

    const plan = planRender(p)
    expect(plan.pieces.every((piece) => piece.request.format === 'aac')).toBe(true)
    let frames = 0
    for (const piece of plan.pieces)
      frames += summarizeAdts(await readFile(join(cacheDir, `${piece.hash}.aac`)), 'x').frames
    for (const block of plan.blocks) frames += pauseFrames(block.pauseAfterMs)
    const expected = (frames * 1024) / 24_000
    expect(result.durationSeconds).toBeCloseTo(expected, 9)
    const decoded = await decodedSeconds(outputPath)
    expect(Math.abs(decoded - expected) / expected).toBeLessThan(0.01)

    // Paragraph pauses of 700 ms, then 1000 and 250 ms (0 is no pause): 16, 23 and 6 frames.
    expect(plan.blocks.map((b) => b.pauseAfterMs)).toEqual([700, 1000, 0, 250, 0])
    expect(result.pauseRounding).toMatchObject({ pauses: 3 })
    expect(result.pauseRounding!.frameMs).toBeCloseTo(42.667, 3)
    expect(result.pauseRounding!.maxErrorMs).toBeCloseTo(1000 - 23 * (1024 / 24), 6)
    expect(result.pauseRounding!.maxErrorMs).toBeLessThanOrEqual(result.pauseRounding!.frameMs / 2)
    const asked = 700 + 1000 + 250
    const placed = (16 + 23 + 6) * (1024 / 24)
    expect(result.pauseRounding!.totalErrorMs).toBeCloseTo(placed - asked, 6)
    expect(result.loudness.measuredLufs).toBeNull()

    const vtt = await readFile(result.subtitlesPath!, 'utf8')
    const ends = [...vtt.matchAll(/--> (\d\d):(\d\d):(\d\d)\.(\d{3})/g)].map(
      (m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000,
    )
    expect(ends.length).toBeGreaterThanOrEqual(5)
    expect(Math.max(...ends)).toBeLessThanOrEqual(result.durationSeconds + 0.001)
  })

  it('writes an M4B audiobook from the same AAC pieces: every frame, chapters at the headings, tags, per-chapter tracks', async () => {
    const cacheDir = join(testbed.dir, 'cache-aac')
    const chapters = ['Dusk', 'Dusk', 'Night', 'Night', 'Morning']
    const p = createProject({
      title: 'The Keeper',
      publishing: { author: 'Ada Byrne', narrator: 'Olivia' },
      blocks: TEXTS.map((text, i) => ({ id: `b${i + 1}`, text, chapter: chapters[i] })),
      defaults: { voiceId: 'olivia', format: 'm4b', pauseBetweenBlocksMs: 333 },
    })
    const plan = planRender(p)
    const aacOnly = plan.pieces.every((piece) => piece.request.format === 'aac')
    expect(aacOnly).toBe(true)
    const outputPath = join(testbed.dir, 'keeper.m4b')
    const parts = join(testbed.dir, 'keeper-chapters')
    const result = await startServiceRender(testbed.service, {
      project: p,
      outputPath,
      cache: await openPieceCache(cacheDir),
      split: { mode: 'chapter', dir: parts },
    }).done
    expect(result.format).toBe('m4b')

    // The frames of the pieces (ADTS in the cache) and the pauses, counted independently.
    const framesOf = async (i: number): Promise<number> =>
      summarizeAdts(await readFile(join(cacheDir, `${plan.pieces[i]!.hash}.aac`)), 'x').frames
    const blockFrames: number[] = []
    for (const block of plan.blocks) {
      let n = pauseFrames(block.pauseAfterMs)
      for (const i of block.pieceIndexes) n += await framesOf(i)
      blockFrames.push(n)
    }
    const total = blockFrames.reduce((a, b) => a + b, 0)
    expect(result.durationSeconds).toBeCloseTo((total * 1024) / 24_000, 9)
    expect((await decodeSamples(outputPath)).length).toBe(total * 1024)

    const ms = (frames: number): number => (frames * 1024) / 24_000
    const nightAt = ms(blockFrames[0]! + blockFrames[1]!)
    const morningAt = ms(blockFrames[0]! + blockFrames[1]! + blockFrames[2]! + blockFrames[3]!)
    const marks = await probedChapters(outputPath)
    expect(marks.map((m) => m.title)).toEqual(['Dusk', 'Night', 'Morning'])
    expect(marks[0]!.start).toBe(0)
    expect(marks[1]!.start).toBeCloseTo(nightAt, 3)
    expect(marks[2]!.start).toBeCloseTo(morningAt, 3)

    expect((await readdir(parts)).sort()).toEqual([
      '01 - Dusk.m4b',
      '02 - Night.m4b',
      '03 - Morning.m4b',
    ])
    const probe = await probeAudio(join(parts, '02 - Night.m4b'))
    expect(probe).toMatchObject({ codec: 'aac', sampleRate: 24_000, channels: 1 })
    const nightFile = join(parts, '02 - Night.m4b')
    expect((await decodeSamples(nightFile)).length).toBe((blockFrames[2]! + blockFrames[3]!) * 1024)
  })

  it('refuses AAC with a loudness target, saying what to do instead', async () => {
    const error = await startServiceRender(testbed.service, {
      project: project(TEXTS, { format: 'aac', loudness: { mode: 'target', targetLufs: -16 } }),
      outputPath: join(testbed.dir, 'loud.aac'),
      cache: await openPieceCache(join(testbed.dir, 'cache-aac')),
    }).done.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('VALIDATION_FAILED')
    expect((error as AppError).message).toMatch(/service loudness normalization/)
  })
})

describe('leftovers of a killed render', () => {
  it('removes temp files of the output, its journal and the subtitles it writes, and nothing else', async () => {
    const sub = await mkdtemp(join(testbed.dir, 'left-'))
    const leftovers = [
      '.book.wav.0123456789ab.partial',
      '.book.wav.voicedesk-journal.json.0123456789ab.partial',
      '.book.srt.0123456789ab.partial',
    ]
    // Why the VTT one stays: this render writes no VTT, and book.mp3's render may be writing it.
    const others = [
      '.other.wav.0123456789ab.partial',
      '.book.vtt.0123456789ab.partial',
      'notes.txt',
    ]
    for (const name of [...leftovers, ...others]) await writeFile(join(sub, name), 'x')
    await startServiceRender(testbed.service, {
      project: project(TEXTS.slice(0, 1)),
      outputPath: join(sub, 'book.wav'),
      cache: await openPieceCache(join(testbed.dir, 'cache-left')),
      subtitles: 'srt',
    }).done
    expect((await readdir(sub)).sort()).toEqual([...others, 'book.srt', 'book.wav'].sort())
  })
})
