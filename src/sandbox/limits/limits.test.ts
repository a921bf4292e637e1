import { afterEach, describe, expect, it } from 'vitest'
import {
  createManualClock,
  nextTimerArmed,
  type ManualClock,
} from '../../main/testing/manual-clock.js'
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

/**
 * Sends `requests` at once to a sandbox whose time is `clock` and whose speech answers are held for
 * `serviceMs`. Once every request is either answered (refused) or held (its service-time timer is
 * armed), time moves on by `serviceMs` so the held ones finish. Why: with time standing still, the
 * first request is in flight for as long as the test says, however slowly a loaded machine sends
 * the others, so the counts are exact.
 */
async function heldTogether(
  clock: ManualClock,
  serviceMs: number,
  requests: Array<() => Promise<Response>>,
): Promise<Response[]> {
  let settled = 0
  let allSettled = (): void => undefined
  const everyOneSettled = new Promise<void>((resolve) => (allSettled = resolve))
  const settle = (): void => {
    settled += 1
    if (settled === requests.length) allSettled()
  }
  const stopListening = clock.onArm((ms) => {
    if (ms === serviceMs) settle()
  })
  const responses = requests.map((send) =>
    send().then((response) => {
      // Only a refusal answers while time stands still; a held request answers after the move.
      if (response.status !== 200) settle()
      return response
    }),
  )
  await everyOneSettled
  stopListening()
  clock.advance(serviceMs)
  return Promise.all(responses)
}

/** A burst of `n` speech requests with `key`, held together (see `heldTogether`). */
function heldBurst(
  s: TestSandbox,
  clock: ManualClock,
  serviceMs: number,
  n: number,
  key: string,
): Promise<Response[]> {
  const send = (): Promise<Response> => s.call('/v1/audio/speech', { json: body, auth: key })
  return heldTogether(
    clock,
    serviceMs,
    Array.from({ length: n }, () => send),
  )
}

describe('synthesis limits', () => {
  it('free plan: 5 simultaneous requests -> 1 accepted, exactly 4 concurrency_limit_reached with Retry-After', async () => {
    const clock = createManualClock()
    t = await startTestSandbox({ serviceTimeMs: 800, clock })
    const responses = await heldBurst(t, clock, 800, 5, t.sandbox.keys.free)
    for (const response of responses.filter((r) => r.status === 429)) {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    }
    const result = await codes(responses)
    expect(count(result, 'ok')).toBe(1)
    expect(count(result, 'concurrency_limit_reached')).toBe(4)
  })

  it('paid plan: 30 simultaneous requests -> exactly 15 accepted and 15 concurrency_limit_reached', async () => {
    const clock = createManualClock()
    t = await startTestSandbox({ serviceTimeMs: 1500, clock })
    const result = await codes(await heldBurst(t, clock, 1500, 30, t.sandbox.keys.paid))
    expect(count(result, 'ok')).toBe(15)
    expect(count(result, 'concurrency_limit_reached')).toBe(15)
  })

  it('the stream endpoint shares the same in-flight budget', async () => {
    const clock = createManualClock()
    t = await startTestSandbox({ serviceTimeMs: 1500, stream: { ttfbMs: 1500 }, clock })
    const held = nextTimerArmed(clock, 1500)
    const speech = t.call('/v1/audio/speech', { json: body, auth: t.sandbox.keys.free })
    await held
    const stream = await t.call('/v1/audio/stream', { json: body, auth: t.sandbox.keys.free })
    expect(stream.status).toBe(429)
    expect((await errorOf(stream)).code).toBe('concurrency_limit_reached')
    clock.advance(1500)
    expect((await speech).status).toBe(200)
  })

  it('rate limit: a burst beyond the bucket gets exactly the excess as rate_limited, integer Retry-After', async () => {
    // Time stands still, so the bucket refills nothing however slowly the six arrive.
    t = await startTestSandbox({
      limits: { paid: { synthesisPerSecond: 2, synthesisConcurrency: 100 } },
      clock: createManualClock(),
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
    const clock = createManualClock()
    t = await startTestSandbox({ limits: { free: { synthesisConcurrency: 10 } }, clock })
    const first = await codes(await burst(t, 3, t.sandbox.keys.free))
    expect(count(first, 'ok')).toBe(1)
    expect(count(first, 'rate_limited')).toBe(2)
    clock.advance(1100)
    expect(await codes(await burst(t, 1, t.sandbox.keys.free))).toEqual(['ok'])
  })

  it('limits are per account, not per key', async () => {
    const clock = createManualClock()
    t = await startTestSandbox({ serviceTimeMs: 1000, clock })
    const secondKey = t.sandbox.issueApiKey('free')
    const firstHeld = nextTimerArmed(clock, 1000)
    const first = t.call('/v1/audio/speech', { json: body, auth: t.sandbox.keys.free })
    await firstHeld
    const other = await t.call('/v1/audio/speech', { json: body, auth: secondKey })
    expect(other.status).toBe(429)
    expect((await errorOf(other)).code).toBe('concurrency_limit_reached')
    // The paid account is not affected by the free account's use: admitted and held too.
    const paidHeld = nextTimerArmed(clock, 1000)
    const paid = t.call('/v1/audio/speech', { json: body })
    await paidHeld
    clock.advance(1000)
    expect((await paid).status).toBe(200)
    expect((await first).status).toBe(200)
  })

  it('a client that keeps 15 in flight and starts 1/20 s apart never sees a 429 on the paid plan', async () => {
    const clock = createManualClock()
    t = await startTestSandbox({ serviceTimeMs: 400, clock })
    const sandbox = t
    const inFlight = new Set<Promise<void>>()
    const statuses: number[] = []
    const pending: Array<Promise<void>> = []
    for (let i = 0; i < 50; i++) {
      while (inFlight.size >= 15) await Promise.race(inFlight)
      const held = nextTimerArmed(clock, 400)
      const request = sandbox.call('/v1/audio/speech', { json: body }).then(async (response) => {
        statuses.push(response.status)
        await response.arrayBuffer()
        inFlight.delete(request)
      })
      inFlight.add(request)
      pending.push(request)
      // The next start is 60 ms later on the sandbox's clock, once this one is admitted and held
      // (or refused, which the final check reports).
      await Promise.race([held, request])
      clock.advance(60)
    }
    clock.advance(400)
    await Promise.all(pending)
    expect(statuses).toHaveLength(50)
    expect(statuses.every((status) => status === 200)).toBe(true)
  })

  it('limits can be changed at run time', async () => {
    const clock = createManualClock()
    t = await startTestSandbox({ serviceTimeMs: 600, clock })
    t.sandbox.setAccount('free', { limits: { synthesisConcurrency: 3, synthesisPerSecond: 10 } })
    const result = await codes(await heldBurst(t, clock, 600, 5, t.sandbox.keys.free))
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
