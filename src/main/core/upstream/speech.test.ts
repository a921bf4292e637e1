import { readdir } from 'node:fs/promises'
import { writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { STREAM_CODECS } from '../../../shared/domain/speech'
import { checkAudio } from '../audio/check'
import { probeDuration } from './test/fixtures'
import type { Harness } from './test/helpers'
import { startHarness } from './test/helpers'
import { closeServer, listenOnLoopback } from '../../testing/loopback-server'
import { useTempDirs } from '../../testing/temp-dir'

const tempDir = useTempDirs('vd-speech-')

const TEXT = 'Hello, and welcome to the studio. We have 55 new voices today.'
let h: Harness
let dir: string
beforeAll(async () => {
  h = await startHarness({ stream: { ttfbMs: 20, chunkBytes: 2048, chunkIntervalMs: 5 } })
  dir = await tempDir()
})
afterEach(() => {
  h.sandbox.clearFaults()
  h.sandbox.setAccount('paid', { outOfCredit: false })
})
afterAll(() => h.stop())

describe('synthesize', () => {
  // Why: the service bills a speech answer once it is made, not once it is read. A render
  // cancelled while a piece's bytes are arriving keeps that piece (in the cache), so a resume does
  // not pay for it again. Before, the abort cut the body off and the answer was lost.
  it('reads a speech answer that is arriving when the caller cancels, and returns it', async () => {
    let release!: () => void
    const released = new Promise<void>((r) => (release = r))
    let halfSent!: () => void
    const half = new Promise<void>((r) => (halfSent = r))
    h.logLines.length = 0
    // Passes the request on to the sandbox, then sends the answer in two halves with a gap the
    // test controls.
    const relay = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        void (async () => {
          const upstream = await fetch(`${h.sandbox.baseUrl}${req.url}`, {
            method: 'POST',
            headers: {
              authorization: req.headers.authorization ?? '',
              'content-type': 'application/json',
            },
            body: Buffer.concat(chunks),
          })
          const body = Buffer.from(await upstream.arrayBuffer())
          res.writeHead(upstream.status, {
            'content-type': upstream.headers.get('content-type') ?? 'application/json',
            'content-length': String(body.byteLength),
            'x-request-id': upstream.headers.get('x-request-id') ?? 'req_relay',
          })
          res.write(body.subarray(0, body.byteLength >> 1), () => halfSent())
          await released
          res.end(body.subarray(body.byteLength >> 1))
        })()
      })
    })
    const relayUrl = await listenOnLoopback(relay)
    try {
      const client = h.makeClient({ baseUrl: relayUrl })
      const controller = new AbortController()
      const run = client.synthesize({
        input: TEXT,
        voiceId: 'george',
        format: 'wav',
        signal: controller.signal,
      })
      await half
      // The client has the headers (its 200 is logged) and half of the body: cancel now.
      await h.logged((l) => l.includes('upstream answer') && l.includes('/v1/audio/speech'))
      controller.abort()
      release()
      const result = await run
      expect(checkAudio('wav', result.audio).ok).toBe(true)
      expect(result.billableCharacters).toBe([...TEXT].length)
      expect(client.scheduler.stats().inFlight).toBe(0)
    } finally {
      await closeServer(relay)
    }
  })

  it('returns complete audio in every format, with speech marks and billing', async () => {
    for (const format of ['wav', 'mp3', 'ogg', 'aac', 'pcm'] as const) {
      const r = await h.client.synthesize({ input: TEXT, voiceId: 'george', format })
      expect(r.format).toBe(format)
      expect(checkAudio(format, r.audio).ok).toBe(true)
      expect(r.billableCharacters).toBe([...TEXT].length)
      expect(r.requestId).toMatch(/^req_/)
      expect(r.speechMarks.words.length).toBeGreaterThan(5)
      const first = r.speechMarks.words[0]!
      expect(TEXT.slice(first.start, first.end)).toBe('Hello,')
      expect(r.speechMarks.sentence!.endMs).toBeGreaterThan(first.endMs)
    }
    const wav = await h.client.synthesize({ input: TEXT, voiceId: 'george', format: 'wav' })
    const path = join(dir, 'probe.wav')
    await writeFile(path, wav.audio)
    // Decoded by ffprobe: about as long as the speech marks say.
    expect(probeDuration(path)! * 1000).toBeGreaterThanOrEqual(wav.speechMarks.sentence!.endMs - 50)
  })

  it('sends the documented body: voice_id, audio_format, language, model, options', async () => {
    await h.client.synthesize({
      input: 'Twenty one',
      voiceId: 'george',
      format: 'mp3',
      language: 'en-US',
      model: 'simba-english',
      options: { textNormalization: true, loudnessNormalization: true },
    })
    const body = h.sandbox.requestLog({ pathPrefix: '/v1/audio/speech' }).at(-1)!.body!
    expect(body).toMatchObject({
      input: 'Twenty one',
      voice_id: 'george',
      audio_format: 'mp3',
      model: 'simba-english',
      language: 'en-US',
      options: { text_normalization: true, loudness_normalization: true },
    })
  })

  it('refuses text over 2,000 code points before sending anything', async () => {
    h.sandbox.clearRequestLog()
    const emoji = '😀'.repeat(2001) // 4002 UTF-16 units, 2001 code points
    await expect(
      h.client.synthesize({ input: emoji, voiceId: 'george', format: 'mp3' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: { input: 'must be at most 2000 characters' } },
    })
    expect(h.sandbox.requestLog({ pathPrefix: '/v1/audio' })).toHaveLength(0)
    // Exactly 2,000 code points is sent (here refused by the service for its unknown voice).
    await expect(
      h.client.synthesize({ input: '😀'.repeat(2000), voiceId: 'nobody', format: 'mp3' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { status: 400, fields: { voice_id: expect.any(String) } },
    })
    expect(h.sandbox.requestLog({ pathPrefix: '/v1/audio' })).toHaveLength(1)
  })

  it('out of credit is PAYMENT_REQUIRED, not retried', async () => {
    h.sandbox.setAccount('paid', { outOfCredit: true })
    h.sandbox.clearRequestLog()
    await expect(
      h.client.synthesize({ input: TEXT, voiceId: 'george', format: 'mp3' }),
    ).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: expect.stringMatching(/out of credit/),
      details: {
        status: 402,
        upstreamCode: 'payment_required',
        requestId: expect.stringMatching(/^req_/),
      },
    })
    expect(h.sandbox.requestLog({ pathPrefix: '/v1/audio' })).toHaveLength(1)
  })

  it('retries 5xx and succeeds; a persistent 5xx ends in UPSTREAM after a few attempts', async () => {
    h.sandbox.setFaults({ errorRate: 0.5, seed: 7 })
    for (let i = 0; i < 4; i++) {
      const r = await h.client.synthesize({
        input: `${TEXT} ${i}`,
        voiceId: 'george',
        format: 'mp3',
      })
      expect(checkAudio('mp3', r.audio).ok).toBe(true)
    }
    h.sandbox.setFaults({ errorRate: 1, errorStatus: 502 })
    h.sandbox.clearRequestLog()
    await expect(
      h.client.synthesize({ input: TEXT, voiceId: 'george', format: 'mp3' }),
    ).rejects.toMatchObject({
      code: 'UPSTREAM',
      retryable: true,
      details: { status: 502, requestId: expect.stringMatching(/^req_/) },
    })
    expect(h.sandbox.requestLog({ pathPrefix: '/v1/audio' })).toHaveLength(4)
  })

  it('a 429 storm pauses the scheduler and the request still completes', async () => {
    const before = h.client.scheduler.stats().rateLimited
    h.sandbox.setFaults({ rateLimitStorm: 2, stormRetryAfterSeconds: 1 })
    const r = await h.client.synthesize({ input: TEXT, voiceId: 'george', format: 'ogg' })
    expect(checkAudio('ogg', r.audio).ok).toBe(true)
    expect(h.client.scheduler.stats().rateLimited - before).toBe(2)
  })

  it('a malformed JSON answer is UPSTREAM with the request id, never garbage audio', async () => {
    h.sandbox.setFaults({ malformedJson: 1 })
    await expect(
      h.client.synthesize({ input: TEXT, voiceId: 'george', format: 'mp3' }),
    ).rejects.toMatchObject({
      code: 'UPSTREAM',
      message: expect.stringMatching(/could not read/),
      details: { requestId: expect.stringMatching(/^req_/) },
    })
  })

  it('reads the audio however the answer spells it; an answer without audio is UPSTREAM', async () => {
    const real = await h.client.synthesize({ input: TEXT, voiceId: 'george', format: 'wav' })
    const base64 = Buffer.from(real.audio).toString('base64')
    // Answers as other encoders write them: pretty-printed, audio first, slashes escaped.
    const answers = [
      JSON.stringify({ audio_format: 'wav', audio_data: base64 }, null, 2),
      `{"audio_data":"${base64}","billable_characters_count":7}`,
      `{"audio_format":"wav","audio_data":"${base64.replaceAll('/', '\\/')}"}`,
      '{"audio_format":"wav","audio_data":""}',
    ]
    const server = createServer((req, res) => {
      req.resume()
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_local1' })
        res.end(answers.shift())
      })
    })
    const local = h.makeClient({ baseUrl: await listenOnLoopback(server) })
    try {
      for (let i = 0; i < 3; i++) {
        const r = await local.synthesize({ input: TEXT, voiceId: 'george', format: 'wav' })
        expect(Buffer.from(r.audio).equals(Buffer.from(real.audio))).toBe(true)
      }
      await expect(
        local.synthesize({ input: TEXT, voiceId: 'george', format: 'wav' }),
      ).rejects.toMatchObject({
        code: 'UPSTREAM',
        message: expect.stringMatching(/audio_data is empty/),
        details: { requestId: 'req_local1' },
      })
    } finally {
      server.close()
    }
  })

  it('plain-text and empty error bodies still map by status', async () => {
    const wrongKey = h.makeClient({
      credential: { kind: 'apiKey', secret: 'sk_not_a_real_key_123456' },
    })
    for (const errorBody of ['text', 'empty'] as const) {
      h.sandbox.setFaults({ errorBody })
      await expect(
        h.client.synthesize({ input: TEXT, voiceId: 'nobody', format: 'mp3' }),
      ).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { status: 400, requestId: expect.stringMatching(/^req_/) },
      })
      const error = await wrongKey
        .synthesize({ input: TEXT, voiceId: 'george', format: 'mp3' })
        .catch((e: unknown) => e)
      expect(error).toMatchObject({
        code: 'AUTH_INVALID',
        message: expect.stringMatching(
          /^The service did not accept the API key\. Check it in Account/,
        ),
        details: { status: 401, requestId: expect.stringMatching(/^req_/) },
      })
      expect((error as { details: { upstreamCode?: string } }).details.upstreamCode).toBeUndefined()
    }
  })
})

describe('stream', () => {
  it('passes every codec on as it arrives, writes a checked file, and ffprobe decodes it', async () => {
    for (const codec of STREAM_CODECS) {
      const chunks: Uint8Array[] = []
      const target = join(dir, `stream.${codec}`)
      const r = await h.client.stream({
        input: TEXT,
        voiceId: 'george',
        codec,
        onChunk: (c) => chunks.push(c),
        toFile: target,
      })
      expect(chunks.length).toBeGreaterThan(1)
      expect(r.bytes).toBe(chunks.reduce((n, c) => n + c.byteLength, 0))
      expect(r).toMatchObject({ codec, path: target, requestId: expect.stringMatching(/^req_/) })
      expect(r.timings.firstChunkMs!).toBeGreaterThanOrEqual(r.timings.firstByteMs!)
      const seconds = probeDuration(target, codec === 'pcm' ? 's16le' : undefined)
      expect(seconds).toBeGreaterThan(1)
    }
    expect(h.sandbox.requestLog({ pathPrefix: '/v1/audio/stream' }).map((e) => e.accept)).toEqual(
      expect.arrayContaining(['audio/mpeg', 'audio/ogg', 'audio/aac', 'audio/pcm']),
    )
  })

  it('a stream cut short is STREAM_TRUNCATED and no file appears, for every codec', async () => {
    for (const codec of STREAM_CODECS) {
      h.sandbox.setFaults({ truncateAfterBytes: 5001 })
      const target = join(dir, `cut.${codec}`)
      let received = 0
      await expect(
        h.client.stream({
          input: TEXT,
          voiceId: 'george',
          codec,
          toFile: target,
          onChunk: (c) => (received += c.byteLength),
        }),
      ).rejects.toMatchObject({
        code: 'STREAM_TRUNCATED',
        details: { requestId: expect.stringMatching(/^req_/) },
      })
      expect(received).toBe(5001)
    }
    expect(
      (await readdir(dir)).filter((f) => f.startsWith('cut.') || f.startsWith('.cut.')),
    ).toEqual([])
  })

  it('a stream cut on an Ogg page boundary is still caught (no end-of-stream page)', async () => {
    const whole: Uint8Array[] = []
    await h.client.stream({
      input: TEXT,
      voiceId: 'george',
      codec: 'ogg',
      onChunk: (c) => whole.push(c),
    })
    const bytes = Buffer.concat(whole)
    // The offset of the third page: a cut exactly between pages.
    let offset = 0
    for (let page = 0; page < 3; page++) {
      const segments = bytes[offset + 26]!
      let body = 0
      for (let i = 0; i < segments; i++) body += bytes[offset + 27 + i]!
      offset += 27 + segments + body
    }
    h.sandbox.setFaults({ truncateAfterBytes: offset })
    await expect(
      h.client.stream({ input: TEXT, voiceId: 'george', codec: 'ogg' }),
    ).rejects.toMatchObject({
      code: 'STREAM_TRUNCATED',
      message: expect.stringMatching(/without its last page/),
    })
  })

  it('a stalled stream is STREAM_TRUNCATED after the stall timeout and the file is discarded', async () => {
    h.sandbox.setFaults({ stallAfterBytes: 3000 })
    const target = join(dir, 'stalled.mp3')
    await expect(
      h.client.stream({
        input: TEXT,
        voiceId: 'george',
        codec: 'mp3',
        toFile: target,
        stallTimeoutMs: 300,
      }),
    ).rejects.toMatchObject({
      code: 'STREAM_TRUNCATED',
      message: expect.stringMatching(/no data for/),
    })
    expect((await readdir(dir)).filter((f) => f.includes('stalled'))).toEqual([])
    expect(h.client.scheduler.stats().inFlight).toBe(0)
  })

  it('cancelling mid-stream stops at once with CANCELLED and frees the slot', async () => {
    h.sandbox.setFaults({ stallAfterBytes: 2048 })
    const controller = new AbortController()
    const target = join(dir, 'cancelled.mp3')
    const logged = h.sandbox.nextRequest({ pathPrefix: '/v1/audio/stream' })
    const run = h.client.stream({
      input: TEXT,
      voiceId: 'george',
      codec: 'mp3',
      toFile: target,
      signal: controller.signal,
      onChunk: () => controller.abort(),
    })
    await expect(run).rejects.toMatchObject({ code: 'CANCELLED' })
    expect((await readdir(dir)).filter((f) => f.includes('cancelled'))).toEqual([])
    expect(h.client.scheduler.stats().inFlight).toBe(0)
    // The service sees the connection go away (it logs the request once it has).
    expect((await logged).aborted).toBe(true)
  })

  it('refuses text over 20,000 code points before sending', async () => {
    await expect(
      h.client.stream({ input: 'a'.repeat(20_001), voiceId: 'george', codec: 'mp3' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' })
  })
})
