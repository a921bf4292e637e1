import { beforeAll, describe, expect, it } from 'vitest'
import { useAuthorizationRecorder } from '../../testing/loopback-server'
import { createUpstreamClient } from './upstream-client'

/**
 * Defence in depth: the check sits where the Authorization header is attached, so a credential
 * whose binding does not include the request's origin is never sent, whoever built the client.
 */

const KEY = 'not-a-real-key-header-point-7731'
const recorder = useAuthorizationRecorder()
const seen = recorder.seen
let base: string
beforeAll(() => {
  base = recorder.url()
})

describe('the Authorization header goes only to the credential origins', () => {
  it('a credential bound to another origin is refused before any request, naming both hosts', async () => {
    const client = createUpstreamClient({
      baseUrl: base,
      credential: {
        kind: 'apiKey',
        secret: KEY,
        binding: { savedFor: 'https://tts.example', origins: ['https://tts.example'] },
      },
      retry: { maxAttempts: 1 },
    })
    await expect(client.listVoices()).rejects.toMatchObject({
      code: 'AUTH_MISSING',
      message: `The saved key belongs to tts.example. Enter the key for ${new URL(base).host} in Account.`,
    })
    expect(seen).toEqual([])
    client.close()
  })

  it('a credential with no recorded origin goes nowhere', async () => {
    const client = createUpstreamClient({
      baseUrl: base,
      credential: { kind: 'apiKey', secret: KEY, binding: { savedFor: null, origins: [] } },
      retry: { maxAttempts: 1 },
    })
    await expect(client.listVoices()).rejects.toMatchObject({
      code: 'AUTH_MISSING',
      message: expect.stringMatching(/no address recorded/),
    })
    expect(seen).toEqual([])
    client.close()
  })

  it('a credential bound to this origin, or given for this client alone, is sent', async () => {
    for (const credential of [
      { kind: 'apiKey' as const, secret: KEY, binding: { savedFor: base, origins: [base] } },
      { kind: 'apiKey' as const, secret: KEY },
    ]) {
      const client = createUpstreamClient({ baseUrl: `${base}/legacy`, credential })
      expect(await client.listVoices()).toEqual([])
      client.close()
    }
    expect(seen).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`])
  })
})
