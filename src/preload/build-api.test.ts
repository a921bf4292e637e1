import { describe, expect, it } from 'vitest'
import type { Result } from '../shared/errors'
import { invokes } from '../shared/ipc/contract'
import { buildApi } from './build-api'

/** A transport that records what would have crossed into main. */
function recordingTransport() {
  const sent: { channel: string; input: unknown }[] = []
  return {
    sent,
    transport: {
      invoke: (channel: string, input: unknown): Promise<Result<unknown>> => {
        sent.push({ channel, input })
        return Promise.resolve({ ok: true, data: 'from main' })
      },
      subscribe: () => () => {},
    },
  }
}

describe('window.api size check', () => {
  it('refuses a message over its channel limit in the page, before anything is sent to main', async () => {
    const { sent, transport } = recordingTransport()
    const api = buildApi(transport) as unknown as {
      account: { setBaseUrl(input: unknown): Promise<Result<unknown>> }
    }
    const { maxBytes, subject } = invokes['account:setBaseUrl'].limits
    const result = await api.account.setBaseUrl({ baseUrl: 'x'.repeat(maxBytes + 1) })
    expect(sent).toEqual([])
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', details: { limit: { maximum: maxBytes } } },
    })
    expect(!result.ok && result.error.message).toContain(`${subject} can be at most`)
  })

  it('passes a message within its limit through unchanged', async () => {
    const { sent, transport } = recordingTransport()
    const api = buildApi(transport) as unknown as {
      account: { setBaseUrl(input: unknown): Promise<Result<unknown>> }
    }
    const input = { baseUrl: 'http://127.0.0.1:8080' }
    expect(await api.account.setBaseUrl(input)).toEqual({ ok: true, data: 'from main' })
    expect(sent).toEqual([{ channel: 'account:setBaseUrl', input }])
  })
})
