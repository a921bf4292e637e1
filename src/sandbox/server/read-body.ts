import type { IncomingMessage } from 'node:http'
import { ApiError } from './api-error.js'

/** Reads a whole request body up to `limit` bytes; 413 payload_too_large beyond. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
    size += buffer.length
    if (size > limit)
      throw new ApiError(413, 'payload_too_large', `request body exceeds ${limit} bytes`)
    chunks.push(buffer)
  }
  return Buffer.concat(chunks)
}

/** Reads a JSON body; 400 bad_request when it is not JSON. */
export async function readJson(req: IncomingMessage, limit = 1_048_576): Promise<unknown> {
  const body = await readBody(req, limit)
  if (body.length === 0)
    throw new ApiError(400, 'bad_request', 'request body is empty; a JSON object is required')
  try {
    return JSON.parse(body.toString('utf8'))
  } catch {
    throw new ApiError(400, 'bad_request', 'request body is not valid JSON')
  }
}
