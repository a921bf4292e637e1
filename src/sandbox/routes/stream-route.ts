import type { AudioFormat } from '../audio/audio-formats.js'
import { CONTENT_TYPES } from '../audio/audio-formats.js'
import { int16BytesToFloat, OUTPUT_SAMPLE_RATE } from '../audio/pcm.js'
import { splitPlan } from '../audio/plan-pieces.js'
import { createStreamEncoder } from '../audio/stream-encoder.js'
import type { RenderResult } from '../engine/render.js'
import { beforeFirstByte } from '../server/respond.js'
import type { Route } from './guards.js'
import { PacedWriter } from './paced-writer.js'
import { admitSynthesis } from './synthesis-gate.js'
import { validateSynthesis } from './synthesis-request.js'

type StreamFormat = Exclude<AudioFormat, 'wav'>

const ACCEPTED: Record<string, StreamFormat> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/ogg': 'ogg',
  'audio/aac': 'aac',
  'audio/pcm': 'pcm',
  'audio/l16': 'pcm',
}

/** The stream codec chosen by `Accept`: the first listed type the service streams; audio/mpeg otherwise. */
export function streamFormat(accept: string | undefined): StreamFormat {
  for (const part of (accept ?? '').split(',')) {
    const [type = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    if (params.some((param) => /^q=0(\.0*)?$/.test(param))) continue
    const format = ACCEPTED[type]
    if (format) return format
  }
  return 'mp3'
}

/**
 * `POST /v1/audio/stream`: synthesizes the text piece by piece (a short first piece for a quick
 * first byte), encodes each piece as it arrives, and sends the bytes in small paced chunks.
 */
export const streamRoute: Route = {
  method: 'POST',
  pattern: /^\/v1\/audio\/stream$/,
  handler: async (ctx) => {
    const { principal, body } = await admitSynthesis(ctx, 'audio:stream')
    const request = validateSynthesis(body, 'stream', ctx.env.voices, principal.account.id)
    const format = streamFormat(ctx.req.headers.accept)
    const pieces = splitPlan(request.plan.items)
    const render = (index: number): Promise<RenderResult> | null => {
      const items = pieces[index]
      if (!items) return null
      const job = {
        items,
        voice: request.engine,
        format: 'pcm' as const,
        loudnessNormalization: request.loudnessNormalization,
      }
      const promise = ctx.env.synth.render(job)
      promise.catch(() => undefined)
      return promise
    }
    let next = render(0)
    // Errors before the first byte are ordinary error answers: render the first piece before the head.
    const first = next ? await next : null
    const encoder = await createStreamEncoder(format, OUTPUT_SAMPLE_RATE)
    await ctx.env.timers.sleep(ctx.env.settings.streamTtfbMs)
    await beforeFirstByte(ctx)
    if (ctx.res.destroyed) {
      encoder.abandon()
      return
    }
    ctx.res.writeHead(200, { 'Content-Type': CONTENT_TYPES[format], 'Cache-Control': 'no-store' })
    ctx.res.flushHeaders()
    const writer = new PacedWriter(ctx)
    for (let index = 0; index < pieces.length; index++) {
      const piece = index === 0 ? first : next ? await next : null
      next = render(index + 1)
      if (!piece) break
      if (!(await writer.write(await encoder.push(int16BytesToFloat(piece.audio))))) {
        encoder.abandon()
        return
      }
    }
    if (await writer.write(await encoder.finish())) writer.end()
  },
}
