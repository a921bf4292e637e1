import type { AudioFormat } from '../audio/encode.js'
import { CONTENT_TYPES } from '../audio/encode.js'
import type { RequestContext } from '../server/context.js'
import { beforeFirstByte } from '../server/respond.js'
import type { Route } from './guards.js'
import { admitSynthesis } from './synthesis-gate.js'
import { validateSynthesis } from './synthesis-request.js'

const ACCEPTED: Record<string, AudioFormat> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/ogg': 'ogg',
  'audio/aac': 'aac',
  'audio/pcm': 'pcm',
  'audio/l16': 'pcm',
}

/** The stream codec chosen by `Accept`: the first listed type the service streams; audio/mpeg otherwise. */
export function streamFormat(accept: string | undefined): AudioFormat {
  for (const part of (accept ?? '').split(',')) {
    const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    if (params.some((param) => /^q=0(\.0*)?$/.test(param))) continue
    const format = ACCEPTED[type]
    if (format) return format
  }
  return 'mp3'
}

function waitForDrain(ctx: RequestContext): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      ctx.res.off('drain', done)
      ctx.res.off('close', done)
      resolve()
    }
    ctx.res.once('drain', done)
    ctx.res.once('close', done)
  })
}

/** `POST /v1/audio/stream`: the audio in small chunks over time, with stall and truncation faults. */
export const streamRoute: Route = {
  method: 'POST',
  pattern: /^\/v1\/audio\/stream$/,
  handler: async (ctx) => {
    const { principal, body } = await admitSynthesis(ctx, 'audio:stream')
    const request = validateSynthesis(body, 'stream', ctx.env.voices, principal.account.id)
    const format = streamFormat(ctx.req.headers.accept)
    const { audio } = await ctx.env.synth.render({
      items: request.plan.items,
      voice: request.engine,
      format,
      loudnessNormalization: request.loudnessNormalization,
    })
    const { streamTtfbMs, streamChunkBytes, streamChunkIntervalMs } = ctx.env.settings
    await ctx.env.timers.sleep(streamTtfbMs)
    await beforeFirstByte(ctx)
    if (ctx.res.destroyed) return
    ctx.res.writeHead(200, { 'Content-Type': CONTENT_TYPES[format], 'Cache-Control': 'no-store' })
    ctx.res.flushHeaders()
    const { stallAfterBytes, truncateAfterBytes } = ctx.faults
    let offset = 0
    while (offset < audio.byteLength) {
      if (ctx.res.destroyed) return
      // A stall keeps the connection open with no more bytes; a truncation ends it cleanly early.
      // After the first byte the service has no in-band error, so neither is announced.
      if (stallAfterBytes !== null && offset >= stallAfterBytes) return
      if (truncateAfterBytes !== null && offset >= truncateAfterBytes) break
      let end = Math.min(audio.byteLength, offset + streamChunkBytes)
      if (stallAfterBytes !== null) end = Math.min(end, Math.max(stallAfterBytes, offset + 1))
      if (truncateAfterBytes !== null) end = Math.min(end, Math.max(truncateAfterBytes, offset + 1))
      const chunk = audio.subarray(offset, end)
      offset = end
      if (!ctx.res.write(chunk)) await waitForDrain(ctx)
      if (offset < audio.byteLength) await ctx.env.timers.sleep(streamChunkIntervalMs)
    }
    ctx.res.end()
  },
}
