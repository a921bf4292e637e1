import type { IncomingMessage } from 'node:http'
import { PassThrough } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import type { HttpResponse } from './http'
import { pumpBody } from './streams'

function responseWith(body: PassThrough): HttpResponse {
  return {
    status: 200,
    headers: {},
    requestId: 'req_test',
    body: body as unknown as IncomingMessage,
    sentAt: 0,
    headersAt: 0,
    lastSocketReadAt: () => 0,
  }
}

/** Starts pumping `body` and returns how the pump settled by the next turn: its error, or 'pending'. */
async function outcomeByNextTurn(body: PassThrough, signal?: AbortSignal): Promise<unknown> {
  let outcome: unknown = 'pending'
  pumpBody({
    res: responseWith(body),
    checker: null,
    stallMs: 3_600_000,
    maxBytes: 1024,
    ...(signal ? { signal } : {}),
    what: 'the audio stream',
  }).catch((error: unknown) => (outcome = error))
  await nextTurn()
  return outcome
}

describe('pumpBody', () => {
  // Why: a cancel that lands between the headers and the pump (while a file is being opened)
  // destroys the body before the pump listens; its error and close events are gone by then.
  // Before, the pump then waited for the stall timer (which does not hold the process), so a
  // CLI Ctrl-C could end without the cleanup that follows the pump.
  it('settles at once, with CANCELLED, for a body destroyed by a cancel before it started', async () => {
    const controller = new AbortController()
    const body = new PassThrough()
    body.on('error', () => undefined)
    controller.abort()
    body.destroy()
    await nextTurn()
    expect(await outcomeByNextTurn(body, controller.signal)).toMatchObject({ code: 'CANCELLED' })
  })

  it('settles at once, with STREAM_TRUNCATED, for a body that closed before it started', async () => {
    const body = new PassThrough()
    body.destroy()
    await nextTurn()
    expect(await outcomeByNextTurn(body)).toMatchObject({ code: 'STREAM_TRUNCATED' })
  })
})
