import { beforeEach, describe, expect, it } from 'vitest'
import { startTestSandbox, useTestSandbox } from '../testing/sandbox-client.js'
import { parseFaultHeader } from './fault-state.js'

const speech = { input: 'Fault test.', voice_id: 'emma', audio_format: 'pcm' }

const t = useTestSandbox({
  limits: { paid: { synthesisPerSecond: 1000, synthesisConcurrency: 1000 } },
})
beforeEach(() => {
  t.sandbox.clearFaults()
})

async function statuses(count: number, path = '/v1/voices?limit=1'): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < count; i++) {
    const response = await t.call(path)
    await response.arrayBuffer()
    out.push(response.status)
  }
  return out
}

describe('error rate', () => {
  it('answers a seeded share of requests with 5xx, the same sequence for the same seed', async () => {
    t.sandbox.setFaults({ errorRate: 0.3, seed: 42 })
    const first = await statuses(60)
    t.sandbox.setFaults({ seed: 42 })
    const second = await statuses(60)
    expect(second).toEqual(first)
    const failures = first.filter((status) => status >= 500)
    expect(failures.length).toBeGreaterThan(8)
    expect(failures.length).toBeLessThan(30)
    expect(new Set(failures).size).toBeGreaterThan(1)
    t.sandbox.setFaults({ seed: 7 })
    expect(await statuses(60)).not.toEqual(first)
  })

  it('uses a fixed status with a fitting code when errorStatus is set', async () => {
    t.sandbox.setFaults({ errorRate: 1, errorStatus: 503 })
    const response = await t.call('/v1/voices')
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('1')
    const body = (await response.json()) as { error: { code: string } }
    expect(body.error.code).toBe('service_unavailable')
  })
})

describe('429 storm', () => {
  it('answers exactly the next N synthesis requests with 429 rate_limited and Retry-After', async () => {
    t.sandbox.setFaults({ rateLimitStorm: 3, stormRetryAfterSeconds: 2 })
    const results: Array<[number, string | null]> = []
    for (let i = 0; i < 5; i++) {
      const response = await t.call('/v1/audio/speech', { json: speech })
      await response.arrayBuffer()
      results.push([response.status, response.headers.get('retry-after')])
    }
    expect(results).toEqual([
      [429, '2'],
      [429, '2'],
      [429, '2'],
      [200, null],
      [200, null],
    ])
    expect(t.sandbox.faults().rateLimitStorm).toBe(0)
  })

  it('storms only synthesis: other endpoints are untouched', async () => {
    t.sandbox.setFaults({ rateLimitStorm: 1 })
    expect((await t.call('/v1/voices')).status).toBe(200)
    expect((await t.call('/v1/audio/speech', { json: speech })).status).toBe(429)
  })
})

describe('malformed JSON', () => {
  it('cuts the next N JSON answers in half', async () => {
    t.sandbox.setFaults({ malformedJson: 2 })
    const bodies: string[] = []
    for (let i = 0; i < 3; i++) bodies.push(await (await t.call('/v1/voices/george')).text())
    expect(() => JSON.parse(bodies[0] ?? '') as unknown).toThrow()
    expect(() => JSON.parse(bodies[1] ?? '') as unknown).toThrow()
    expect((JSON.parse(bodies[2] ?? '') as { id: string }).id).toBe('george')
    expect(bodies[0]?.length).toBeLessThan((bodies[2]?.length ?? 0) * 0.6)
  })

  it('per request with X-Sandbox-Fault: malformed', async () => {
    const text = await (
      await t.call('/v1/voices/george', { headers: { 'X-Sandbox-Fault': 'malformed' } })
    ).text()
    expect(() => JSON.parse(text) as unknown).toThrow()
  })
})

describe('older error bodies', () => {
  it('plain text', async () => {
    t.sandbox.setFaults({ errorBody: 'text' })
    const response = await t.call('/v1/voices/nobody')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await response.text()).toMatch(/not found/)
    expect(response.headers.get('x-request-id')).toMatch(/^req_/)
  })

  it('empty', async () => {
    const response = await t.call('/v1/voices/nobody', {
      headers: { 'X-Sandbox-Fault': 'error-body=empty' },
    })
    expect(response.status).toBe(404)
    expect(await response.text()).toBe('')
  })

  it('as a shape generation', async () => {
    const older = await startTestSandbox({ shapes: { errorBodies: 'text' } })
    try {
      const response = await older.call('/v1/voices', { auth: 'sk_wrong' })
      expect(response.status).toBe(401)
      expect(await response.text()).toMatch(/invalid API key/)
    } finally {
      await older.sandbox.stop()
    }
  })
})

describe('latency', () => {
  it('adds latency to every /v1 request, per run and per request', async () => {
    t.sandbox.setFaults({ latencyMs: 400 })
    let started = performance.now()
    await (await t.call('/v1/voices/george')).arrayBuffer()
    expect(performance.now() - started).toBeGreaterThanOrEqual(400)
    t.sandbox.clearFaults()
    started = performance.now()
    await (
      await t.call('/v1/voices/george', { headers: { 'X-Sandbox-Fault': 'latency=300' } })
    ).arrayBuffer()
    expect(performance.now() - started).toBeGreaterThanOrEqual(300)
  })

  it('with a path prefix, holds only the requests under it', async () => {
    t.sandbox.setFaults({ latencyMs: 1_500, latencyPathPrefix: '/v1/voices/george' })
    let held = true
    const george = t.call('/v1/voices/george').then(async (response) => {
      held = false
      await response.arrayBuffer()
      return response.status
    })
    expect(await statuses(1)).toEqual([200])
    expect(held).toBe(true)
    expect(await george).toBe(200)
  })

  it('delays the first byte of JSON answers with ttfbMs', async () => {
    t.sandbox.setFaults({ ttfbMs: 350 })
    const started = performance.now()
    await (await t.call('/v1/voices/george')).arrayBuffer()
    expect(performance.now() - started).toBeGreaterThanOrEqual(350)
  })

  it('serviceTimeMs holds every speech answer to that time', async () => {
    const held = await startTestSandbox({ serviceTimeMs: 900 })
    try {
      await held.speech(speech)
      const started = performance.now()
      const { response } = await held.speech(speech)
      expect(response.status).toBe(200)
      expect(performance.now() - started).toBeGreaterThanOrEqual(890)
    } finally {
      await held.sandbox.stop()
    }
  })
})

describe('control endpoint', () => {
  it('POST /sandbox/faults sets, GET reads, DELETE clears; bad input is a 400', async () => {
    const base = t.sandbox.baseUrl
    const set = await fetch(`${base}/sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ errorRate: 1, errorStatus: 500 }),
    })
    expect(set.status).toBe(200)
    expect((await t.call('/v1/voices')).status).toBe(500)
    expect(
      ((await (await fetch(`${base}/sandbox/faults`)).json()) as { errorRate: number }).errorRate,
    ).toBe(1)
    await fetch(`${base}/sandbox/faults`, { method: 'DELETE' })
    expect((await t.call('/v1/voices')).status).toBe(200)
    const bad = await fetch(`${base}/sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify({ errorRate: 2, nonsense: true }),
    })
    expect(bad.status).toBe(400)
  })

  it('parses the per-request header', () => {
    expect(
      parseFaultHeader(
        'truncate=4096, stall=10; status=502, latency=5, ttfb=6, rate-limit, malformed, error-body=text',
      ),
    ).toEqual({
      truncateAfterBytes: 4096,
      stallAfterBytes: 10,
      forcedStatus: 502,
      latencyMs: 5,
      ttfbMs: 6,
      rateLimit: true,
      malformed: true,
      errorBody: 'text',
    })
    expect(parseFaultHeader('truncate=-1, status=200, nonsense')).toEqual({})
  })

  it('X-Sandbox-Fault: status=502 and rate-limit act on that request only', async () => {
    const failed = await t.call('/v1/voices', { headers: { 'X-Sandbox-Fault': 'status=502' } })
    expect(failed.status).toBe(502)
    expect(((await failed.json()) as { error: { code: string } }).error.code).toBe(
      'upstream_failure',
    )
    const limited = await t.call('/v1/audio/speech', {
      json: speech,
      headers: { 'X-Sandbox-Fault': 'rate-limit' },
    })
    expect(limited.status).toBe(429)
    expect((await t.call('/v1/voices')).status).toBe(200)
  })
})
