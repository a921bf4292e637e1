import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import type { Sandbox } from '../../src/sandbox/index'

/** How many voices the paid account can list, read straight from the sandbox over HTTP. */
export async function sandboxVoiceCount(sandbox: Sandbox): Promise<number> {
  let count = 0
  let cursor: string | null = null
  for (;;) {
    const url = new URL(`${sandbox.baseUrl}/v1/voices`)
    if (cursor !== null) url.searchParams.set('cursor', cursor)
    const response = await fetch(url, { headers: { Authorization: `Bearer ${sandbox.keys.paid}` } })
    if (!response.ok) throw new Error(`sandbox voice list answered ${response.status}`)
    const body = (await response.json()) as
      unknown[] | { voices: unknown[]; next_cursor: string | null; has_more: boolean }
    if (Array.isArray(body)) return body.length
    count += body.voices.length
    if (!body.has_more || body.next_cursor === null) return count
    cursor = body.next_cursor
  }
}

/** A real access token from the sandbox's token endpoint (POST /v1/auth/token, form-encoded). */
export async function issueAccessToken(
  sandbox: Sandbox,
  scope: string,
  apiKey = sandbox.keys.paid,
): Promise<{ token: string; expiresIn: number }> {
  const response = await fetch(`${sandbox.baseUrl}/v1/auth/token`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${apiKey}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
  })
  if (!response.ok) throw new Error(`sandbox token endpoint answered ${response.status}`)
  const body = (await response.json()) as { access_token: string; expires_in: number }
  return { token: body.access_token, expiresIn: body.expires_in }
}

/** A loopback port that nothing listens on (bound, then released). */
export async function closedLoopbackPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((done) => server.close(() => done()))
  return port
}
