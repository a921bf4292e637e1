import type { ClientRequest, IncomingHttpHeaders, IncomingMessage } from 'node:http'
import http from 'node:http'
import https from 'node:https'
import type { Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import { AppError } from '../../../shared/errors'
import type { OperationContext } from './errors'
import { bodyTooLarge } from './download-limits'
import { networkError, requestIdFromHeaders } from './errors'

/** One outgoing request. Headers are passed as given; the caller adds Authorization. */
export interface HttpRequestInit {
  method: 'GET' | 'POST' | 'DELETE'
  url: URL
  headers: Record<string, string>
  body?: Uint8Array | string
  signal?: AbortSignal
  /** Time allowed from send to the response headers (synthesis can take a while). */
  headersTimeoutMs: number
  /**
   * A successful answer is already paid for once its headers arrive (the service bills the
   * synthesis, not the transfer): an abort after that no longer stops the body, which is read to
   * its end (bounded by the reader's idle timeout) so the caller can keep it. Before the headers,
   * and for any other status, an abort stops the request at once as usual.
   */
  keepPaidAnswer?: boolean
  ctx: OperationContext
}

/** An answer whose headers have arrived; the body is still on the socket. */
export interface HttpResponse {
  status: number
  headers: IncomingHttpHeaders
  requestId: string | undefined
  body: IncomingMessage
  /** performance.now() when the request was handed to the socket, and when headers arrived. */
  sentAt: number
  headersAt: number
  /**
   * performance.now() of the most recent socket read. Read it inside a body `data` handler to get
   * the moment that chunk's bytes came off the socket (bench: the client's added latency).
   */
  lastSocketReadAt(): number
}

/** Sends requests over keep-alive connections (one pool per client). */
export interface HttpTransport {
  send(init: HttpRequestInit): Promise<HttpResponse>
  /** Closes idle pooled connections (in-flight requests finish). */
  close(): void
}

/** The CANCELLED error used everywhere a request is aborted by its caller. */
export function cancelledError(): AppError {
  return new AppError('CANCELLED', 'The request was cancelled.')
}

/** Timestamps the socket's reads, for {@link HttpResponse.lastSocketReadAt}. */
class SocketClock {
  lastReadAt = 0
  private socket: Socket | undefined
  private readonly onData = (): void => {
    this.lastReadAt = performance.now()
  }

  attach(socket: Socket): void {
    this.socket = socket
    // Prepended so the timestamp is taken before the HTTP parser hands bytes to the body.
    socket.prependListener('data', this.onData)
  }

  detach(): void {
    this.socket?.removeListener('data', this.onData)
  }
}

/** The body as bytes, and the headers with its length. */
function encodeBody(init: HttpRequestInit): {
  body: Uint8Array | undefined
  headers: Record<string, string>
} {
  const body =
    init.body === undefined
      ? undefined
      : typeof init.body === 'string'
        ? Buffer.from(init.body, 'utf8')
        : init.body
  const headers: Record<string, string> = { ...init.headers }
  if (body !== undefined) headers['content-length'] = String(body.byteLength)
  return { body, headers }
}

/**
 * The answer whose headers just arrived, handed to the caller with its body still to read. Until
 * the body ends, an abort stops the transfer at once, unless the answer is a paid one the caller
 * asked to keep (see keepPaidAnswer).
 */
function takeAnswer(
  res: IncomingMessage,
  req: ClientRequest,
  init: HttpRequestInit,
  sentAt: number,
  clock: SocketClock,
): HttpResponse {
  const { signal } = init
  const headersAt = performance.now()
  clock.lastReadAt = clock.lastReadAt || headersAt
  const onBodyAbort = (): void => {
    res.destroy(cancelledError())
    req.destroy()
  }
  const done = (): void => {
    clock.detach()
    signal?.removeEventListener('abort', onBodyAbort)
  }
  const status = res.statusCode ?? 0
  const keep = init.keepPaidAnswer === true && status >= 200 && status < 300
  if (!keep) signal?.addEventListener('abort', onBodyAbort, { once: true })
  // Consumers attach their own handlers; this one keeps a late socket error from crashing.
  res.on('error', () => undefined)
  res.once('end', done)
  res.once('close', done)
  return {
    status,
    headers: res.headers,
    requestId: requestIdFromHeaders(res.headers),
    body: res,
    sentAt,
    headersAt,
    lastSocketReadAt: () => clock.lastReadAt,
  }
}

/** Creates the transport with one keep-alive agent per protocol. */
export function createHttpTransport(options: { maxSockets?: number } = {}): HttpTransport {
  const agentOptions = {
    keepAlive: true,
    maxSockets: options.maxSockets ?? 64,
    scheduling: 'lifo' as const,
  }
  const httpAgent = new http.Agent(agentOptions)
  const httpsAgent = new https.Agent(agentOptions)

  function send(init: HttpRequestInit): Promise<HttpResponse> {
    const { signal } = init
    if (signal?.aborted) return Promise.reject(cancelledError())
    const isHttps = init.url.protocol === 'https:'
    const { body, headers } = encodeBody(init)

    return new Promise<HttpResponse>((resolve, reject) => {
      let settled = false
      const clock = new SocketClock()
      const fail = (error: AppError): void => {
        if (settled) return
        settled = true
        clearTimeout(headersTimer)
        signal?.removeEventListener('abort', onAbort)
        clock.detach()
        req.destroy()
        reject(error)
      }
      const onAbort = (): void => fail(cancelledError())

      const request = isHttps ? https.request : http.request
      const req = request(init.url, {
        method: init.method,
        headers,
        agent: isHttps ? httpsAgent : httpAgent,
      })
      const sentAt = performance.now()
      const headersTimer = setTimeout(() => {
        fail(
          new AppError(
            'TIMEOUT',
            `The service did not answer in time while trying to ${init.ctx.operation}. Try again.`,
            { retryable: true },
          ),
        )
      }, init.headersTimeoutMs)
      headersTimer.unref?.()
      signal?.addEventListener('abort', onAbort, { once: true })

      req.on('socket', (socket: Socket) => clock.attach(socket))
      req.on('error', (error) => {
        // Before the headers: nothing reached the caller, a retry is safe for idempotent work.
        fail(networkError(error, init.ctx, true))
      })
      req.on('response', (res) => {
        if (settled) {
          res.destroy()
          return
        }
        settled = true
        clearTimeout(headersTimer)
        signal?.removeEventListener('abort', onAbort)
        resolve(takeAnswer(res, req, init, sentAt, clock))
      })
      req.end(body)
    })
  }

  return {
    send,
    close() {
      httpAgent.destroy()
      httpsAgent.destroy()
    },
  }
}

/**
 * Reads a whole (small) body: JSON answers, error bodies, samples. Fails with NETWORK when the
 * connection drops mid-body, TIMEOUT when no byte comes for `idleTimeoutMs`, and refuses bodies
 * over `maxBytes`.
 */
export function readBody(
  res: HttpResponse,
  options: { maxBytes: number; idleTimeoutMs: number; ctx: OperationContext },
): Promise<Buffer> {
  const body = res.body
  // Why one buffer of the announced length: a speech answer is megabytes, and collecting chunks
  // to join them at the end holds it twice.
  const announced = Number(res.headers['content-length'])
  let whole =
    Number.isSafeInteger(announced) && announced > 0 && announced <= options.maxBytes
      ? Buffer.allocUnsafe(announced)
      : null
  return new Promise<Buffer>((resolve, reject) => {
    let chunks: Buffer[] = []
    let size = 0
    let finished = false
    let timer: NodeJS.Timeout | undefined
    const finish = (error?: AppError): void => {
      if (finished) return
      finished = true
      clearTimeout(timer)
      if (error) {
        body.destroy()
        reject(error)
      } else if (whole && chunks.length === 0) resolve(whole.subarray(0, size))
      else resolve(Buffer.concat(chunks, size))
      // Why let go here: a kept-alive socket's parser holds on to its last response and so to
      // this closure until the next one; the body must not stay alive with it.
      body.off('data', onData)
      whole = null
      chunks = []
    }
    const arm = (): void => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        finish(
          new AppError(
            'TIMEOUT',
            `The service stopped sending its answer while trying to ${options.ctx.operation}. Try again.`,
            { retryable: true, details: res.requestId ? { requestId: res.requestId } : {} },
          ),
        )
      }, options.idleTimeoutMs)
      timer.unref?.()
    }
    arm()
    const onData = (chunk: Buffer): void => {
      size += chunk.byteLength
      if (size > options.maxBytes) {
        finish(
          bodyTooLarge(`the answer to "${options.ctx.operation}"`, options.maxBytes, res.requestId),
        )
        return
      }
      if (whole && size <= whole.byteLength) whole.set(chunk, size - chunk.byteLength)
      else {
        // More than announced (the server lied): keep everything received and join it at the end.
        if (whole && chunks.length === 0) chunks.push(whole.subarray(0, size - chunk.byteLength))
        chunks.push(chunk)
      }
      arm()
    }
    body.on('data', onData)
    body.once('end', () => finish())
    body.once('error', (error) => {
      finish(error instanceof AppError ? error : networkError(error, options.ctx, true))
    })
    body.once('close', () => {
      if (!body.complete) {
        finish(
          networkError(
            Object.assign(new Error('connection closed mid-answer'), { code: 'ECONNRESET' }),
            options.ctx,
            true,
          ),
        )
      }
    })
  })
}
