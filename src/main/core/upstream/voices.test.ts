import { readdir, readFile } from 'node:fs/promises'
import http from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Harness } from './test/helpers'
import { startHarness } from './test/helpers'
import { toneWav } from './test/fixtures'
import { createUpstreamClient } from './upstream-client'
import { closeServer, listenOnLoopback } from '../../testing/loopback-server'
import { useTempDirs } from '../../testing/temp-dir'

const tempDir = useTempDirs('vd-voices-')

const consent = { fullName: 'Ada Lovelace', email: 'ada@example.com' }
let sample: Uint8Array
let dir: string
beforeAll(async () => {
  sample = toneWav(3)
  dir = await tempDir()
})

function newVoice(name: string) {
  return {
    name,
    gender: 'female' as const,
    locale: 'en-GB',
    sample: { bytes: sample, fileName: 'me.wav', contentType: 'audio/wav' },
    consent,
  }
}

describe('voices on the newer generation (paged list, not_specified, 201)', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness({ shapes: 'newer', pageSize: 7 })
  })
  afterAll(() => h.stop())

  it('follows cursors to the end and normalises every voice', async () => {
    const voices = await h.client.listVoices()
    expect(voices.length).toBe(44)
    expect(new Set(voices.map((v) => v.id)).size).toBe(44)
    const pages = h.sandbox
      .requestLog({ pathPrefix: '/v1/voices' })
      .filter((e) => e.method === 'GET')
    expect(pages.length).toBe(Math.ceil(44 / 7))
    for (const v of voices) {
      expect(['male', 'female', 'not_specified']).toContain(v.gender)
      expect(v.avatarUrl === null || v.avatarUrl.length > 0).toBe(true)
      expect(Array.isArray(v.tags) && Array.isArray(v.models)).toBe(true)
    }
    expect(voices.some((v) => v.models.length > 0 && v.models[0]!.languages.length > 0)).toBe(true)
  })

  it('creates (201), lists, downloads the sample and deletes a personal voice', async () => {
    const created = await h.client.createVoice(newVoice('Studio Ada'))
    expect(created).toMatchObject({
      type: 'personal',
      displayName: 'Studio Ada',
      gender: 'female',
      locale: 'en-GB',
    })
    const create = h.sandbox.requestLog({ pathPrefix: '/v1/voices', method: 'POST' }).at(-1)!
    expect(create.status).toBe(201)
    expect((await h.client.listVoices()).some((v) => v.id === created.id)).toBe(true)

    const target = join(dir, 'ada-sample.wav')
    const file = await h.client.downloadVoiceSample(created.id, target)
    expect(file).toMatchObject({ path: target, extension: 'wav', bytes: sample.byteLength })
    expect(new Uint8Array(await readFile(target))).toEqual(sample)

    await h.client.deleteVoice(created.id)
    expect((await h.client.listVoices()).some((v) => v.id === created.id)).toBe(false)
    await expect(h.client.deleteVoice(created.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(new RegExp(`^No voice with id ${created.id}\\.`)),
      details: { status: 404, requestId: expect.stringMatching(/^req_/) },
    })
  })

  it('a missing sample is NOT_FOUND and leaves no file behind', async () => {
    const target = join(dir, 'nothing.wav')
    await expect(h.client.downloadVoiceSample('george', target)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    expect((await readdir(dir)).filter((f) => f.includes('nothing'))).toEqual([])
  })

  it('CONFLICT at the personal voice cap, PAYMENT_REQUIRED without cloning', async () => {
    h.sandbox.setAccount('paid', { maxPersonalVoices: 0 })
    await expect(h.client.createVoice(newVoice('One too many'))).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'You have reached the maximum number of personal voices. Delete one and try again.',
      details: { upstreamCode: 'too_many_voices' },
    })
    h.sandbox.setAccount('paid', { maxPersonalVoices: 10 })
    const free = h.makeClient({ credential: { kind: 'apiKey', secret: h.sandbox.keys.free } })
    await expect(free.createVoice(newVoice('Free try'))).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message:
        'Your plan does not include voice cloning. Upgrade the plan to create personal voices.',
    })
  })

  it('sends an Idempotency-Key and never retries a creation blindly', async () => {
    h.sandbox.setFaults({ errorRate: 1, errorStatus: 503 })
    try {
      await expect(h.client.createVoice(newVoice('No retry'))).rejects.toMatchObject({
        code: 'UPSTREAM',
        details: { status: 503 },
      })
    } finally {
      h.sandbox.clearFaults()
    }
    const posts = h.sandbox
      .requestLog({ pathPrefix: '/v1/voices', method: 'POST' })
      .filter((e) => e.status === 503)
    expect(posts).toHaveLength(1)
  })
})

describe('voices on the older generation (bare array, notSpecified, 200)', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness({ shapes: 'older' })
  })
  afterAll(() => h.stop())

  it('reads the bare array and the older gender spelling', async () => {
    const voices = await h.client.listVoices()
    expect(voices.length).toBe(44)
    expect(voices.some((v) => v.gender === 'not_specified')).toBe(true)
    expect(voices.every((v) => v.type === 'shared')).toBe(true)
  })

  it('accepts 200 on create, and works on the legacy base address too', async () => {
    const legacy = h.makeClient({ baseUrl: h.sandbox.legacyBaseUrl })
    const created = await legacy.createVoice(newVoice('Legacy Ada'))
    expect(created.displayName).toBe('Legacy Ada')
    expect(h.sandbox.requestLog({ method: 'POST' }).at(-1)).toMatchObject({
      status: 200,
      legacy: true,
    })
    expect((await legacy.listVoices()).some((v) => v.id === created.id)).toBe(true)
    await legacy.deleteVoice(created.id)
  })
})

describe('voice creation whose answer is lost', () => {
  let h: Harness
  let proxy: http.Server
  let proxyUrl: string
  beforeAll(async () => {
    h = await startHarness()
    // Forwards to the sandbox, waits for its answer, then drops the connection instead of
    // answering: the voice exists upstream but the client never hears about it.
    proxy = http.createServer((req, res) => {
      const upstream = http.request(
        new URL(req.url ?? '/', h.sandbox.baseUrl),
        { method: req.method, headers: req.headers },
        (answer) => {
          if (req.method === 'POST') {
            answer.resume()
            answer.on('end', () => res.socket?.destroy())
          } else {
            res.writeHead(answer.statusCode ?? 500, answer.headers)
            answer.pipe(res)
          }
        },
      )
      req.pipe(upstream)
    })
    proxyUrl = await listenOnLoopback(proxy)
  })
  afterAll(async () => {
    await closeServer(proxy)
    await h.stop()
  })

  it('reconciles by listing and returns the voice that was created, once', async () => {
    const client = createUpstreamClient({
      baseUrl: proxyUrl,
      credential: { kind: 'apiKey', secret: h.sandbox.keys.paid },
      retry: { baseDelayMs: 10 },
    })
    try {
      const voice = await client.createVoice(newVoice('Lost Answer'))
      expect(voice).toMatchObject({ displayName: 'Lost Answer', type: 'personal' })
      const posts = h.sandbox.requestLog({ pathPrefix: '/v1/voices', method: 'POST' })
      expect(posts).toHaveLength(1)
      const all = await h.client.listVoices()
      expect(all.filter((v) => v.displayName === 'Lost Answer')).toHaveLength(1)
    } finally {
      client.close()
    }
  })
})
