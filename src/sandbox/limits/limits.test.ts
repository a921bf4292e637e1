import { afterEach, describe, expect, it } from 'vitest'
import { errorOf, startTestSandbox, type TestSandbox } from '../testing/sandbox-client.js'

const body = { input: 'Limit test.', voice_id: 'emma', audio_format: 'pcm' }
let t: TestSandbox | undefined

afterEach(async () => {
  await t?.sandbox.stop()
  t = undefined
})

async function burst(
  sandbox: TestSandbox,
  count: number,
  key: string,
  path = '/v1/audio/speech',
): Promise<Response[]> {
  return Promise.all(
    Array.from({ length: count }, () => sandbox.call(path, { json: body, auth: key })),
  )
}

async function codes(responses: Response[]): Promise<string[]> {
  return Promise.all(
    responses.map(async (response) =>
      response.status === 200
        ? (await response.arrayBuffer(), 'ok')
        : (await errorOf(response)).code,
    ),
  )
}

function count(list: string[], value: string): number {
  return list.filter((item) => item === value).length
}

describe('synthesis limits', () => {
  it('free plan: 5 simultaneous requests -> 1 accepted, exactly 4 concurrency_limit_reached with Retry-After', async () => {
    t = await startTestSandbox({ serviceTimeMs: 800 })
    const responses = await burst(t, 5, t.sandbox.keys.free)
    for (const response of responses.filter((r) => r.status === 429)) {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    }
    const result = await codes(responses)
    expect(count(result, 'ok')).toBe(1)
    expect(count(result, 'concurrency_limit_reached')).toBe(4)
  })

  it('paid plan: 30 simultaneous requests -> exactly 15 accepted and 15 concurrency_limit_reached', async () => {
    t = await startTestSandbox({ serviceTimeMs: 1500 })
    const result = await codes(await burst(t, 30, t.sandbox.keys.paid))
    expect(count(result, 'ok')).toBe(15)
    expect(count(result, 'concurrency_limit_reached')).toBe(15)
  })

  it('the stream endpoint shares the same in-flight budget', async () => {
    t = await startTestSandbox({ serviceTimeMs: 1500, stream: { ttfbMs: 1500 } })
    const speech = t.call('/v1/audio/speech', { json: body, auth: t.sandbox.keys.free })
    await new Promise((resolve) => setTimeout(resolve, 200))
    const stream = await t.call('/v1/audio/stream', { json: body, auth: t.sandbox.keys.free })
    expect(stream.status).toBe(429)
    expect((await errorOf(stream)).code).toBe('concurrency_limit_reached')
    expect((await speech).status).toBe(200)
  })

  it('rate limit: a burst beyond the bucket gets exactly the excess as rate_limited, integer Retry-After', async () => {
    t = await startTestSandbox({
      limits: { paid: { synthesisPerSecond: 2, synthesisConcurrency: 100 } },
    })
    const responses = await burst(t, 6, t.sandbox.keys.paid)
    const limited = responses.filter((response) => response.status === 429)
    for (const response of limited)
      expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
    const result = await codes(responses)
    expect(count(result, 'ok')).toBe(2)
    expect(count(result, 'rate_limited')).toBe(4)
  })

  it('free plan: one request per second; the next second passes again', async () => {
    // Concurrency raised so that only the rate limit is in play.
    t = await startTestSandbox({ limits: { free: { synthesisConcurrency: 10 } } })
    const first = await codes(await burst(t, 3, t.sandbox.keys.free))
    expect(count(first, 'ok')).toBe(1)
    expect(count(first, 'rate_limited')).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect(await codes(await burst(t, 1, t.sandbox.keys.free))).toEqual(['ok'])
  })

  it('limits are per account, not per key', async () => {
    t = await startTestSandbox({ serviceTimeMs: 1000 })
    const secondKey = t.sandbox.issueApiKey('free')
    const first = t.call('/v1/audio/speech', { json: body, auth: t.sandbox.keys.free })
    await new Promise((resolve) => setTimeout(resolve, 200))
    const other = await t.call('/v1/audio/speech', { json: body, auth: secondKey })
    expect(other.status).toBe(429)
    expect((await errorOf(other)).code).toBe('concurrency_limit_reached')
    // The paid account is not affected by the free account's use.
    expect((await t.call('/v1/audio/speech', { json: body })).status).toBe(200)
    expect((await first).status).toBe(200)
  })

  it('a client that keeps 15 in flight and starts 1/20 s apart never sees a 429 on the paid plan', async () => {
    t = await startTestSandbox({ serviceTimeMs: 400 })
    const sandbox = t
    let inFlight = 0
    const statuses: number[] = []
    const pending: Array<Promise<void>> = []
    for (let i = 0; i < 50; i++) {
      while (inFlight >= 15) await new Promise((resolve) => setTimeout(resolve, 5))
      inFlight++
      pending.push(
        sandbox.call('/v1/audio/speech', { json: body }).then(async (response) => {
          statuses.push(response.status)
          await response.arrayBuffer()
          inFlight--
        }),
      )
      await new Promise((resolve) => setTimeout(resolve, 60))
    }
    await Promise.all(pending)
    expect(statuses).toHaveLength(50)
    expect(statuses.every((status) => status === 200)).toBe(true)
  })

  it('limits can be changed at run time', async () => {
    t = await startTestSandbox({ serviceTimeMs: 600 })
    t.sandbox.setAccount('free', { limits: { synthesisConcurrency: 3, synthesisPerSecond: 10 } })
    const result = await codes(await burst(t, 5, t.sandbox.keys.free))
    expect(count(result, 'ok')).toBe(3)
    expect(count(result, 'concurrency_limit_reached')).toBe(2)
  })
})

describe('conversation read limits', () => {
  it('a burst past the bucket gets exactly the excess as 429 rate_limited', async () => {
    const s = await startTestSandbox({
      limits: { free: { conversationReadBurst: 30, conversationReadsPerSecond: 0.01 } },
    })
    t = s
    const id = s.sandbox.startConversation({ plan: 'free', turnIntervalMs: 60_000 }).id
    const responses = await Promise.all(
      Array.from({ length: 35 }, () =>
        s.call(`/v1/conversations/${id}`, { auth: s.sandbox.keys.free }),
      ),
    )
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(30)
    expect(statuses.filter((status) => status === 429)).toHaveLength(5)
    const limited = responses.find((response) => response.status === 429)
    expect(limited?.headers.get('retry-after')).toMatch(/^\d+$/)
    if (limited) expect((await errorOf(limited)).code).toBe('rate_limited')
    // Synthesis is limited separately.
    expect(
      (await s.call('/v1/audio/speech', { json: body, auth: s.sandbox.keys.free })).status,
    ).toBe(200)
  })

  it('defaults: free 5/s burst 30, paid 20/s burst 60', async () => {
    // Time stands still, so the bucket refills nothing while the 70 requests arrive, however
    // slowly a loaded machine sends them: exactly the burst gets through.
    const frozen = Date.now()
    const s = await startTestSandbox({ now: () => frozen })
    t = s
    const accounts = s.sandbox.state().accounts
    expect(accounts.find((a) => a.plan === 'free')?.limits).toEqual({
      synthesisPerSecond: 1,
      synthesisConcurrency: 1,
      conversationReadsPerSecond: 5,
      conversationReadBurst: 30,
    })
    expect(accounts.find((a) => a.plan === 'paid')?.limits).toEqual({
      synthesisPerSecond: 20,
      synthesisConcurrency: 15,
      conversationReadsPerSecond: 20,
      conversationReadBurst: 60,
    })
    const id = s.sandbox.seededConversations.completed
    const statuses = await Promise.all(
      Array.from({ length: 70 }, () => s.call(`/v1/conversations/${id}`).then((r) => r.status)),
    )
    expect(statuses.filter((status) => status === 200).length).toBe(60)
    expect(statuses.filter((status) => status === 429).length).toBe(10)
  })
})
