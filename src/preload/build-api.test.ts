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

describe('window.api links need a click', () => {
  type LinkApi = { app: { openExternal(input: unknown): Promise<Result<unknown>> } }

  it('refuses app:openExternal without a user gesture, before anything is sent to main', async () => {
    const { sent, transport } = recordingTransport()
    const api = buildApi({ ...transport, hasUserGesture: () => false }) as unknown as LinkApi
    const result = await api.app.openExternal({ url: 'https://example.com/help' })
    expect(sent).toEqual([])
    expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } })
    expect(!result.ok && result.error.message).toContain('only when you click it')
  })

  it('refuses it when the host cannot tell whether there was a gesture', async () => {
    const { sent, transport } = recordingTransport()
    const api = buildApi(transport) as unknown as LinkApi
    expect((await api.app.openExternal({ url: 'https://example.com/help' })).ok).toBe(false)
    expect(sent).toEqual([])
  })

  it('sends it on with a gesture, and other channels never ask for one', async () => {
    const { sent, transport } = recordingTransport()
    let gesture = true
    const api = buildApi({ ...transport, hasUserGesture: () => gesture }) as unknown as LinkApi & {
      account: { getStatus(): Promise<Result<unknown>> }
    }
    expect(await api.app.openExternal({ url: 'https://example.com/help' })).toEqual({
      ok: true,
      data: 'from main',
    })
    gesture = false
    expect((await api.account.getStatus()).ok).toBe(true)
    expect(sent.map((s) => s.channel)).toEqual(['app:openExternal', 'account:getStatus'])
  })
})
