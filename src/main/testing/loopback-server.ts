import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { createServer } from 'node:http'

/** Starts `server` on a free port of 127.0.0.1 and resolves with its base URL (`http://127.0.0.1:PORT`). */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Closes `server` (waiting for open connections to end) and resolves once it is closed. */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => server.close(() => resolve()))
}

/**
 * A stand-in service for one test file that answers every request with an empty JSON list and
 * writes down the Authorization header each request carried (undefined when none), so a test can
 * prove where a credential went and where it did not. It listens before the file's first test,
 * forgets what it saw before each test, and closes after the last. Call once at the top level.
 */
export function useAuthorizationRecorder(): {
  /** The recorder's base URL; read it inside a test or hook. */
  url: () => string
  /** The Authorization headers received in this test, oldest first. */
  seen: Array<string | undefined>
} {
  const seen: Array<string | undefined> = []
  const server = createServer((req, res) => {
    seen.push(req.headers.authorization)
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('[]')
  })
  let base = ''
  beforeAll(async () => {
    base = await listenOnLoopback(server)
  })
  afterAll(() => closeServer(server))
  beforeEach(() => {
    seen.length = 0
  })
  return { url: () => base, seen }
}
