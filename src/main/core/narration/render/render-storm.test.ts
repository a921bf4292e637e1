import { spawn } from 'node:child_process'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { RenderProgress } from '../../../../shared/domain/narration'
import type { Project } from '../../../../shared/domain/script'
import type { AppError } from '../../../../shared/errors'
import { createSynthesisScheduler } from '../../upstream/scheduler'
import type { Harness } from '../../upstream/test/helpers'
import { startHarness } from '../../upstream/test/helpers'
import type { ManualClock } from '../../../testing/manual-clock'
import { createManualClock } from '../../../testing/manual-clock'
import type { UpstreamClient } from '../../upstream/upstream-client'
import { importScript } from '../import/import-script'
import { openPieceCache } from '../fetch/piece-cache'
import { journalPathFor, readJournal } from '../fetch/render-journal'
import type { RenderJob } from './render-job'
import { startRender } from './render-job'
import type { SpeechSource } from '../fetch/speech-source'
import { upstreamSpeechSource } from '../fetch/upstream-speech-source'

const PIECES = 7

let h: Harness
let dir: string
let project: Project

beforeAll(async () => {
  h = await startHarness()
  dir = await mkdtemp(join(tmpdir(), 'vd-storm-'))
  const script = Array.from({ length: PIECES }, (_, i) => `Paragraph ${i + 1} is read here.`)
  await writeFile(join(dir, 'script.md'), script.join('\n\n'))
  project = await importScript(join(dir, 'script.md'), {
    defaults: { voiceId: 'olivia', format: 'wav' },
  })
})
afterEach(() => h.sandbox.clearFaults())
afterAll(async () => {
  await h?.stop()
  await rm(dir, { recursive: true, force: true })
})

/** A client whose waits take no real time, one request at a time so the order is fixed. */
function clientOn(clock: ManualClock, rateLimitBudgetMs?: number): UpstreamClient {
  return h.makeClient({
    clock,
    scheduler: createSynthesisScheduler(
      { requestsPerSecond: 100, maxInFlight: 1 },
      { clock, random: () => 0 },
    ),
    ...(rateLimitBudgetMs === undefined ? {} : { retry: { rateLimitBudgetMs } }),
  })
}

/** The client's speech source; a storm of `storm` 429s starts once `after` pieces came back. */
function stormAfter(client: UpstreamClient, after: number, storm: number): SpeechSource {
  const inner = upstreamSpeechSource(client)
  let answered = 0
  return {
    maxInFlight: 1,
    onServiceBusy: (listener) => inner.onServiceBusy!(listener),
    async synthesizePiece(request, signal) {
      const piece = await inner.synthesizePiece(request, signal)
      answered += 1
      if (answered === after) {
        h.sandbox.setFaults({ rateLimitStorm: storm, stormRetryAfterSeconds: 1 })
      }
      return piece
    },
  }
}

/** Speech answers the sandbox billed (200), per input text. */
function billedPerInput(): Map<string, number> {
  const billed = new Map<string, number>()
  for (const e of h.sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })) {
    if (e.status !== 200) continue
    const input = String(e.body?.input)
    billed.set(input, (billed.get(input) ?? 0) + 1)
  }
  return billed
}

describe('a render through a 429 storm', () => {
  it('waits exactly what the service asks, says so in its progress, and finishes', async () => {
    const clock = createManualClock(undefined, { autoAdvance: true })
    const stormy = stormAfter(clientOn(clock), 2, 12)
    // Before each request, once every earlier piece is announced, read the live time-left
    // estimate (progress events are throttled, so they may skip the snapshot this test needs).
    const estimates: (number | null)[] = []
    const live: { job?: RenderJob } = {}
    let started = 0
    const source: SpeechSource = {
      ...stormy,
      async synthesizePiece(request, signal) {
        started += 1
        while ((live.job?.progress().piecesDone ?? 0) < started - 1) {
          await new Promise((resolve) => setImmediate(resolve))
        }
        if (started > 3) estimates.push(live.job!.progress().etaSeconds)
        return stormy.synthesizePiece(request, signal)
      },
    }
    h.sandbox.clearRequestLog()
    const seen: RenderProgress[] = []
    const t0 = clock.now()
    const job = (live.job = startRender({
      project,
      outputPath: join(dir, 'through.wav'),
      source,
      cache: await openPieceCache(join(dir, 'cache-through')),
      parallelism: 1,
      clock,
    }))
    job.onProgress((p) => seen.push(p))
    const result = await job.done
    expect(result.requests).toBe(PIECES)
    // 12 429s with Retry-After: 1 cost 12 s, not a second more.
    expect(clock.now() - t0).toBe(12_000)
    const waiting = seen.filter((p) => p.busyWaitMs !== null)
    expect(waiting.length).toBeGreaterThan(0)
    // The third request met the storm: no piece came back while the service was busy.
    expect(waiting.every((p) => p.busyWaitMs === 1000 && p.piecesDone <= 2)).toBe(true)
    // Each says when its wait ends on the render's clock, so the window can count it down.
    expect(waiting.every((p) => p.busyUntil! > t0 && p.busyUntil! <= t0 + 12_000)).toBe(true)
    expect(seen.at(-1)).toMatchObject({ phase: 'done', busyWaitMs: null, busyUntil: null })
    // The clock moved only while waiting on the service, so the requests themselves took no time:
    // an estimate that leaves the 12 s out is 0; one that counted them said 16 s after piece 3.
    expect(estimates).toEqual([0, 0, 0, 0])
  })

  it('ends at the budget with RATE_LIMITED naming it; the resume bills no piece twice', async () => {
    const cacheDir = join(dir, 'cache-budget')
    const outputPath = join(dir, 'budget.wav')
    const clock = createManualClock(undefined, { autoAdvance: true })
    h.sandbox.clearRequestLog()
    const first = startRender({
      project,
      outputPath,
      source: stormAfter(clientOn(clock, 30_000), 3, 100_000),
      cache: await openPieceCache(cacheDir),
      parallelism: 1,
      clock,
    })
    const error = (await first.done.catch((e: unknown) => e)) as AppError
    expect(error.code).toBe('RATE_LIMITED')
    expect(error.message).toContain('at most 30 s per request (its rate-limit budget)')
    expect(error.message).toContain('Finished pieces are kept')
    expect(error.details?.requestId).toEqual(expect.any(String))
    expect(first.progress().piecesDone).toBe(3)
    expect((await readJournal(journalPathFor(outputPath)))?.finished).toHaveLength(3)

    // The storm is over: the same render picks up where it stopped.
    h.sandbox.clearFaults()
    const second = await startRender({
      project,
      outputPath,
      source: upstreamSpeechSource(clientOn(createManualClock(undefined, { autoAdvance: true }))),
      cache: await openPieceCache(cacheDir),
    }).done
    expect(second.cachedPieces).toBe(3)
    expect(second.requests).toBe(PIECES - 3)
    const billed = billedPerInput()
    expect(billed.size).toBe(PIECES)
    expect([...billed.values()].every((n) => n === 1)).toBe(true)
    await expect(stat(journalPathFor(outputPath))).rejects.toThrow()
  })
})

describe('a render and the wait the service asks for', () => {
  it('counts a short wait down in its progress, and a cancel ends it at once', async () => {
    const clock = createManualClock()
    const client = clientOn(clock)
    h.sandbox.setFaults({ rateLimitStorm: 1, stormRetryAfterSeconds: 30 })
    const t0 = clock.now()
    const job = startRender({
      project,
      outputPath: join(dir, 'cancelled.wav'),
      source: upstreamSpeechSource(client),
      cache: await openPieceCache(join(dir, 'cache-cancelled')),
      parallelism: 1,
      clock,
    })
    const busy = new Promise<RenderProgress>((resolve) =>
      job.onProgress((p) => {
        if (p.busyWaitMs !== null) resolve(p)
      }),
    )
    const shown = await busy
    expect(shown).toMatchObject({ busyWaitMs: 30_000, busyUntil: t0 + 30_000 })
    job.cancel()
    await expect(job.done).rejects.toMatchObject({ code: 'CANCELLED' })
    // Nothing waited: the clock never moved.
    expect(clock.now()).toBe(t0)
    client.close()
  })

  it('after a wait longer than the budget, the next render ends at once with the same message', async () => {
    // Time moves only when told: the hour's pause is still on when the second render starts.
    const clock = createManualClock()
    const client = clientOn(clock)
    h.sandbox.setFaults({ rateLimitStorm: 1, stormRetryAfterSeconds: 3600 })
    const render = async (name: string): Promise<AppError> =>
      (await startRender({
        project,
        outputPath: join(dir, `${name}.wav`),
        source: upstreamSpeechSource(client),
        cache: await openPieceCache(join(dir, `cache-${name}`)),
        parallelism: 1,
        clock,
      }).done.catch((e: unknown) => e)) as AppError
    const t0 = clock.now()
    const first = await render('long-wait-1')
    expect(first.code).toBe('RATE_LIMITED')
    expect(first.message).toContain('The service asked VoiceDesk to wait 60 min more')
    h.sandbox.clearRequestLog()
    const second = await render('long-wait-2')
    expect(second.code).toBe('RATE_LIMITED')
    expect(second.message).toBe(first.message)
    expect(h.sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })).toHaveLength(0)
    expect(clock.now()).toBe(t0)
    client.close()
  })
})

describe('the command line through a 429 storm', () => {
  it('says the service is busy and how long it waits, then finishes', async () => {
    // One 429 with Retry-After: 1 (one second of real waiting): the whole chain, scheduler to
    // progress line, as a user's terminal log shows it.
    h.sandbox.setFaults({ rateLimitStorm: 1, stormRetryAfterSeconds: 1 })
    const entry = join(process.cwd(), 'src', 'main', 'cli.ts')
    const child = spawn(
      process.execPath,
      [
        ...['--import', 'tsx', entry, 'render', join(dir, 'script.md')],
        ...['--out', join(dir, 'cli.wav'), '--voice', 'olivia'],
      ],
      {
        env: {
          ...process.env,
          VOICEDESK_BASE_URL: h.sandbox.baseUrl,
          VOICEDESK_API_KEY: h.sandbox.keys.paid,
          VOICEDESK_CACHE_DIR: join(dir, 'cache-cli'),
          VOICEDESK_PLAN: 'paid',
          DBUS_SESSION_BUS_ADDRESS: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let err = ''
    child.stderr.on('data', (c: Buffer) => (err += c.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    expect(err).toContain('the service is busy, waiting 1 s')
    expect(code).toBe(0)
  }, 60_000)
})
