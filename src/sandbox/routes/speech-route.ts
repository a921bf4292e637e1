import { sendJson } from '../server/respond.js'
import type { Route } from './guards.js'
import { admitSynthesis } from './synthesis-gate.js'
import { validateSynthesis } from './synthesis-request.js'

/** `POST /v1/audio/speech`: the whole file as base64 with billable characters and word speech marks. */
export const speechRoute: Route = {
  method: 'POST',
  pattern: /^\/v1\/audio\/speech$/,
  handler: async (ctx) => {
    const { principal, body, admittedAt, headers } = await admitSynthesis(ctx, 'audio:speech')
    const request = validateSynthesis(body, 'speech', ctx.env.voices, principal.account.id)
    const result = await ctx.env.synth.render({
      items: request.plan.items,
      voice: request.engine,
      format: request.format,
      loudnessNormalization: request.loudnessNormalization,
    })
    const chunks = request.plan.words.map((word, index) => {
      const [startTime, endTime] = result.wordTimes[index] ?? [0, 0]
      return {
        type: 'word',
        start: word.start,
        end: word.end,
        start_time: startTime,
        end_time: endTime,
        value: word.value,
      }
    })
    const first = chunks[0]
    const last = chunks.at(-1)
    const start = first?.start ?? 0
    const end = last?.end ?? 0
    const speechMarks = {
      type: 'sentence',
      start,
      end,
      start_time: first?.start_time ?? 0,
      end_time: last?.end_time ?? 0,
      value: request.ssml
        ? chunks.map((chunk) => chunk.value).join(' ')
        : request.input.slice(start, end),
      chunks,
    }
    // Why hold the answer: with serviceTimeMs set, every request takes exactly that long, so
    // benchmarks can compare a client's makespan against a known theoretical minimum.
    const serviceTime = ctx.env.settings.serviceTimeMs
    if (serviceTime > 0) await ctx.env.timers.sleep(admittedAt + serviceTime - ctx.env.now())
    await sendJson(
      ctx,
      200,
      {
        audio_data: Buffer.from(result.audio).toString('base64'),
        audio_format: request.format,
        billable_characters_count: request.plan.billableCharacters,
        speech_marks: speechMarks,
      },
      headers,
    )
  },
}
