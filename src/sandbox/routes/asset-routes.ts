import { readFile } from 'node:fs/promises'
import { encodeOggOpus } from '../audio/ogg-opus.js'
import { int16BytesToFloat, OUTPUT_SAMPLE_RATE } from '../audio/pcm.js'
import { planSpeech } from '../audio/speech-plan.js'
import { createStreamEncoder } from '../audio/stream-encoder.js'
import type { ConversationRecord } from '../conversations/conversation-record.js'
import {
  fadeOut,
  planRecording,
  timelinePieces,
  type PlacedClip,
} from '../conversations/recording-timeline.js'
import { notFound } from '../server/api-error.js'
import type { ServerEnv } from '../server/context.js'
import { sendBytes } from '../server/respond.js'
import type { Route } from './guards.js'

/** A turn cut short by the next one fades out over this long. */
const CUT_FADE_MS = 30
/** Silence after the last turn when the call states no duration. */
const TAIL_MS = 300

const recordings = {
  mp3: new WeakMap<ConversationRecord, Promise<Buffer>>(),
  ogg: new WeakMap<ConversationRecord, Promise<Buffer>>(),
}

async function speak(
  env: ServerEnv,
  text: string,
  voiceId: string,
  format: 'mp3' | 'pcm',
): Promise<Uint8Array> {
  const voice = env.voices.findAny(voiceId)
  if (!voice) throw notFound('voice_not_found', `voice ${voiceId}`)
  const plan = planSpeech(text, { textNormalization: true })
  const result = await env.synth.render({
    items: plan.items,
    voice: voice.engine,
    format,
    loudnessNormalization: false,
  })
  return result.audio
}

// A recording is the call as heard: as long as the call's duration_ms (what the service promises,
// and what the app shows next to the player), each spoken turn at its own start time (agent and
// caller in two voices, tool rows silent), cut where the next turn begins. Made on first request
// and kept; only the first spoken turns (settings.recordingTurns) are said, to keep it quick; the
// rest of the call is silence.
async function renderRecording(
  env: ServerEnv,
  record: ConversationRecord,
  format: 'mp3' | 'ogg',
): Promise<Buffer> {
  const plan = planRecording(record, env.settings.recordingTurns)
  const toSamples = (ms: number): number => Math.round((ms / 1000) * OUTPUT_SAMPLE_RATE)
  const clips: PlacedClip[] = []
  for (const turn of plan.turns) {
    const voice = turn.message.role === 'assistant' ? 'emma' : 'george'
    const speech = int16BytesToFloat(await speak(env, turn.message.content, voice, 'pcm'))
    const room = toSamples(turn.maxMs)
    const samples = speech.length > room ? speech.slice(0, room) : speech
    if (samples.length < speech.length) fadeOut(samples, toSamples(CUT_FADE_MS))
    clips.push({ at: toSamples(turn.atMs), samples })
  }
  // Without a stated duration (not expected for a finished call) the last turn ends it.
  const lastEnd = clips.reduce((end, clip) => Math.max(end, clip.at + clip.samples.length), 0)
  const total =
    plan.totalMs === null ? lastEnd + toSamples(TAIL_MS) : Math.max(1, toSamples(plan.totalMs))
  const pieces = timelinePieces(clips, total)
  if (format === 'ogg') return encodeOggOpus(pieces, OUTPUT_SAMPLE_RATE)
  const encoder = await createStreamEncoder('mp3', OUTPUT_SAMPLE_RATE)
  const bytes: Uint8Array[] = []
  for (const piece of pieces) bytes.push(await encoder.push(piece))
  bytes.push(await encoder.finish())
  return Buffer.concat(bytes)
}

/** A conversation's recording (MP3 for the asset link, Ogg/Opus for the API), made once per format and kept. */
export function recordingOf(
  env: ServerEnv,
  record: ConversationRecord,
  format: 'mp3' | 'ogg',
): Promise<Buffer> {
  const cache = recordings[format]
  let recording = cache.get(record)
  if (!recording) {
    recording = renderRecording(env, record, format)
    cache.set(record, recording)
    recording.catch(() => cache.delete(record))
  }
  return recording
}

/** Public assets the API links to: voice previews, conversation recordings, avatars. No credential needed. */
export const assetRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/assets\/previews\/([^/]+)\.mp3$/,
    handler: async (ctx, [id = '']) => {
      const voice = ctx.env.voices.findAny(id)
      if (!voice) throw notFound('voice_not_found', `voice ${id}`)
      const audio = await speak(
        ctx.env,
        `Hello, I am ${voice.displayName}. This is how I sound.`,
        voice.id,
        'mp3',
      )
      await sendBytes(ctx, 200, 'audio/mpeg', audio, { 'Cache-Control': 'public, max-age=3600' })
    },
  },
  {
    method: 'GET',
    pattern: /^\/assets\/recordings\/([^/]+)\.mp3$/,
    handler: async (ctx, [id = '']) => {
      const record = ctx.env.conversations.findAny(id)
      if (!record?.hasRecording) throw notFound('not_found', `recording of ${id}`)
      await sendBytes(ctx, 200, 'audio/mpeg', await recordingOf(ctx.env, record, 'mp3'))
    },
  },
  {
    method: 'GET',
    pattern: /^\/assets\/avatars\/([^/]+)$/,
    handler: async (ctx, [id = '']) => {
      const avatar = ctx.env.voices.findAny(id)?.avatar
      if (!avatar) throw notFound('not_found', `avatar of ${id}`)
      await sendBytes(ctx, 200, avatar.contentType, await readFile(avatar.path))
    },
  },
]
