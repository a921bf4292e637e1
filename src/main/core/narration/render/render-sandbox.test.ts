import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Project } from '../../../../shared/domain/script'
import { createProject } from '../../../../shared/domain/script'
import { AppError } from '../../../../shared/errors'
import { startHarness } from '../../upstream/test/helpers'
import { createUpstreamClient } from '../../upstream/upstream-client'
import { importScript } from '../import/import-script'
import type { PieceCache } from '../fetch/piece-cache'
import { openPieceCache } from '../fetch/piece-cache'
import { journalPathFor } from '../fetch/render-journal'
import { estimateRender, startRender } from './render-job'
import { planRender } from '../plan/render-plan'
import { decodedSeconds, ffmpegIntegratedLufs, probeAudio } from '../../../testing/test-audio'
import { upstreamSpeechSource } from '../fetch/upstream-speech-source'
import { useServiceAndDir } from '../../../testing/service-dir'
import { startServiceRender } from '../../../testing/service-render'

const SCRIPT = `# Chapter One

Hello there. This is the first paragraph, read by the narrator.

Alice: Good morning, Bob.
Bob: Good morning, Alice! How are you today?

# Chapter Two

The end is near. Thank you for listening.
`

const testbed = useServiceAndDir('vd-render-', () =>
  startHarness({ synthThreads: 1 }, { retry: { baseDelayMs: 20, maxDelayMs: 200 } }),
)

async function loadScript(overrides: Partial<Project['defaults']> = {}): Promise<Project> {
  const path = join(testbed.dir, 'script.md')
  await writeFile(path, SCRIPT)
  return importScript(path, {
    cast: { Alice: 'emma', Bob: 'george' },
    defaults: { voiceId: 'olivia', ...overrides },
  })
}

function speechInputs(): string[] {
  return testbed.service.sandbox
    .requestLog({ pathPrefix: '/v1/audio/speech' })
    .filter((e) => e.status === 200)
    .map((e) => String(e.body?.input))
}

/** The expected length: every cached piece's samples plus every pause. */
async function expectedSeconds(project: Project, cacheDir: string): Promise<number> {
  const plan = planRender(project)
  let samples = 0
  for (const piece of plan.pieces)
    samples += (await stat(join(cacheDir, `${piece.hash}.pcm`))).size / 2
  const pauses = plan.blocks.reduce((n, b) => n + b.pauseAfterMs, 0)
  return samples / 24_000 + pauses / 1000
}

describe('rendering against the testbed.service.sandbox', () => {
  let cache: PieceCache
  let cacheDir: string

  beforeAll(async () => {
    cacheDir = join(testbed.dir, 'cache')
    cache = await openPieceCache(cacheDir)
  })

  it.each([
    ['wav', 'pcm_s16le', 24_000, []],
    ['mp3', 'mp3', 24_000, []],
    ['ogg', 'vorbis', 24_000, []],
    ['pcm', 'pcm_s16le', 24_000, ['-f', 's16le', '-ar', '24000', '-ac', '1']],
    ['wav', 'pcm_s16le', 48_000, []],
  ] as const)(
    'renders a multi-voice Markdown script to %s (%s) at %i Hz',
    async (format, codec, rate, args) => {
      const project = await loadScript({ format, sampleRate: rate })
      const outputPath = join(testbed.dir, `story-${rate}.${format}`)
      testbed.service.sandbox.clearRequestLog()
      const before = estimateRender(project, cache)
      const job = startServiceRender(testbed.service, {
        project,
        outputPath,
        cache,
        subtitles: 'srt',
      })
      const result = await job.done
      expect(result.requests).toBe(before.requests)
      expect(speechInputs()).toHaveLength(before.requests)

      const probe = await probeAudio(outputPath, [...args])
      expect(probe.codec).toBe(codec)
      expect(probe.sampleRate).toBe(rate)
      const expected = await expectedSeconds(project, cacheDir)
      const decoded = await decodedSeconds(outputPath, [...args])
      expect(Math.abs(decoded - expected) / expected).toBeLessThan(0.01)
      expect(result.durationSeconds).toBeCloseTo(expected, 6)

      // Three voices were used, in script order.
      const voices = planRender(project).pieces.map((p) => p.request.voiceId)
      expect(voices).toEqual(['olivia', 'emma', 'george', 'olivia'])

      const srt = await readFile(result.subtitlesPath!, 'utf8')
      const times = [
        ...srt.matchAll(/(\d\d):(\d\d):(\d\d),(\d{3}) --> (\d\d):(\d\d):(\d\d),(\d{3})/g),
      ].map((m) => [
        Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000,
        Number(m[5]) * 3600 + Number(m[6]) * 60 + Number(m[7]) + Number(m[8]) / 1000,
      ])
      expect(times.length).toBeGreaterThanOrEqual(5)
      for (let i = 0; i < times.length; i++) {
        const [start, end] = times[i]!
        expect(end).toBeGreaterThan(start!)
        expect(end).toBeLessThanOrEqual(decoded + 0.001)
        if (i > 0) expect(start).toBeGreaterThanOrEqual(times[i - 1]![1]! - 0.001)
      }
      expect(srt).toContain('Good morning, Bob.')
      expect(srt.indexOf('Hello there.')).toBeLessThan(srt.indexOf('Thank you for listening.'))
      expect(result.checks).toEqual([])
      expect(await readdir(testbed.dir)).not.toContain(
        `story-${rate}.${format}.voicedesk-journal.json`,
      )
    },
  )

  it('re-renders after an edit to one block with requests for that block only', async () => {
    const project = await loadScript({ format: 'wav' })
    await startServiceRender(testbed.service, {
      project,
      outputPath: join(testbed.dir, 'edit.wav'),
      cache,
    }).done
    const edited = createProject({
      ...project,
      blocks: project.blocks.map((b, i) =>
        i === 2 ? { ...b, text: 'Good evening, Alice! Fine, thanks.' } : b,
      ),
    })
    expect(estimateRender(edited, cache)).toMatchObject({
      totalPieces: 4,
      cachedPieces: 3,
      requests: 1,
    })
    testbed.service.sandbox.clearRequestLog()
    const result = await startServiceRender(testbed.service, {
      project: edited,
      outputPath: join(testbed.dir, 'edit.wav'),
      cache,
    }).done
    expect(speechInputs()).toEqual(['Good evening, Alice! Fine, thanks.'])
    expect(result.requests).toBe(1)
    expect(result.cachedPieces).toBe(3)
  })

  it('normalizes loudness to a target and reports the measured values', async () => {
    const project = await loadScript({
      format: 'wav',
      loudness: { mode: 'target', targetLufs: -16 },
    })
    const outputPath = join(testbed.dir, 'loud.wav')
    const result = await startServiceRender(testbed.service, {
      project,
      outputPath,
      cache,
    }).done
    expect(result.loudness.measuredLufs).not.toBeNull()
    const measured = await ffmpegIntegratedLufs(outputPath)
    expect(Math.abs(measured - result.loudness.outputLufs!)).toBeLessThan(0.5)
    if (!result.loudness.peakLimited) expect(Math.abs(measured + 16)).toBeLessThan(0.5)
  })

  it('writes one file per chapter beside the whole program', async () => {
    const project = await loadScript({ format: 'wav' })
    const split = join(testbed.dir, 'chapters')
    const result = await startServiceRender(testbed.service, {
      project,
      outputPath: join(testbed.dir, 'book.wav'),
      cache,
      split: { mode: 'chapter', dir: split },
    }).done
    expect((await readdir(split)).sort()).toEqual(['01 - Chapter One.wav', '02 - Chapter Two.wav'])
    // Exact lengths from the WAV sizes (ffmpeg's progress clock only has 10 ms resolution).
    const parts = await Promise.all(
      result.extraFiles.map(async (f) => ((await stat(f)).size - 44) / 2 / 24_000),
    )
    expect(parts.reduce((a, b) => a + b, 0)).toBeCloseTo(result.durationSeconds, 6)
  })
})

describe('failures against the testbed.service.sandbox', () => {
  it('ends a render that cannot get through in a clear, resumable failure, then resumes', async () => {
    const cache = await openPieceCache(join(testbed.dir, 'cache-faults'))
    const project = await loadScript({ format: 'wav', voiceId: 'ava' })
    const outputPath = join(testbed.dir, 'faulty.wav')
    testbed.service.sandbox.clearRequestLog()
    // The first piece succeeds, then every request fails with 5xx until the faults are cleared.
    const source = upstreamSpeechSource(testbed.service.client)
    let calls = 0
    const failing = {
      maxInFlight: 1,
      synthesizePiece: async (...args: Parameters<typeof source.synthesizePiece>) => {
        calls += 1
        if (calls === 2) testbed.service.sandbox.setFaults({ errorRate: 1, errorStatus: 503 })
        return source.synthesizePiece(...args)
      },
    }
    const error = await startRender({
      project,
      outputPath,
      source: failing,
      cache,
      parallelism: 1,
    }).done.catch((e: unknown) => e)
    testbed.service.sandbox.clearFaults()
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).retryable).toBe(true)
    expect((error as AppError).message).toMatch(/run the render again/i)
    expect(await readdir(testbed.dir)).toContain('faulty.wav.voicedesk-journal.json')
    expect(await readdir(testbed.dir)).not.toContain('faulty.wav')
    const firstInput = speechInputs()
    expect(firstInput).toHaveLength(1)

    testbed.service.sandbox.clearRequestLog()
    const result = await startServiceRender(testbed.service, {
      project,
      outputPath,
      cache,
    }).done
    expect(result.cachedPieces).toBe(1)
    expect(speechInputs()).not.toContain(firstInput[0])
    expect(speechInputs()).toHaveLength(3)
    await expect(stat(journalPathFor(outputPath))).rejects.toThrow()
  })

  it('gets through 5xx errors and a 429 storm to a correct file', async () => {
    const cache = await openPieceCache(join(testbed.dir, 'cache-storm'))
    const project = await loadScript({ format: 'wav', voiceId: 'noah' })
    // A testbed.service.client with more patience than the default, as a user on a bad day would configure.
    const patient = createUpstreamClient({
      baseUrl: testbed.service.sandbox.baseUrl,
      credential: { kind: 'apiKey', secret: testbed.service.sandbox.keys.paid },
      retry: { baseDelayMs: 20, maxDelayMs: 200, maxAttempts: 10 },
    })
    testbed.service.sandbox.setFaults({
      rateLimitStorm: 6,
      stormRetryAfterSeconds: 0,
      errorRate: 0.3,
      errorStatus: 502,
    })
    try {
      const outputPath = join(testbed.dir, 'storm.wav')
      const result = await startRender({
        project,
        outputPath,
        source: upstreamSpeechSource(patient),
        cache,
      }).done
      const expected = await expectedSeconds(project, join(testbed.dir, 'cache-storm'))
      expect(Math.abs((await decodedSeconds(outputPath)) - expected) / expected).toBeLessThan(0.01)
      expect(result.checks).toEqual([])
    } finally {
      testbed.service.sandbox.clearFaults()
      patient.close()
    }
  }, 120_000)
})
