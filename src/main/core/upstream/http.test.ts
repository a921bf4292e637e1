import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HttpRequestInit } from './http'
import { createHttpTransport, readBody } from './http'

const payload = randomBytes(3 * 1024 * 1024 + 17)
let server: Server
let base: string
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/announced') {
      res.writeHead(200, { 'content-length': String(payload.byteLength) })
      res.end(payload)
    } else if (req.url === '/chunked') {
      res.writeHead(200)
      for (let at = 0; at < payload.byteLength; at += 100_000) {
        res.write(payload.subarray(at, at + 100_000))
      }
      res.end()
    } else {
      // Announces more than it sends, then hangs up.
      res.writeHead(200, { 'content-length': String(payload.byteLength) })
      res.write(payload.subarray(0, 1000), () => res.destroy())
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.close()
})

const ctx = { operation: 'read a test body', host: '127.0.0.1' }
const get = (path: string): HttpRequestInit => ({
  method: 'GET',
  url: new URL(path, base),
  headers: {},
  headersTimeoutMs: 5000,
  ctx,
})

describe('readBody', () => {
  it('reads announced and chunked bodies whole, and lets go of the response afterwards', async () => {
    const transport = createHttpTransport()
    try {
      for (const path of ['/announced', '/chunked']) {
        const res = await transport.send(get(path))
        const body = await readBody(res, { maxBytes: 8 * 1024 * 1024, idleTimeoutMs: 5000, ctx })
        expect(body.equals(payload)).toBe(true)
        // A kept-alive socket holds its last response: nothing of the body may hang on it.
        expect(res.body.listenerCount('data')).toBe(0)
      }
    } finally {
      transport.close()
    }
  })

  it('an answer cut short of its announced length is a network failure, not a short body', async () => {
    const transport = createHttpTransport()
    try {
      const res = await transport.send(get('/cut'))
      await expect(
        readBody(res, { maxBytes: 8 * 1024 * 1024, idleTimeoutMs: 5000, ctx }),
      ).rejects.toMatchObject({ code: 'NETWORK' })
    } finally {
      transport.close()
    }
  })
})
