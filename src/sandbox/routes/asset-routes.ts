import { readFile } from 'node:fs/promises'
import { encodeAudio } from '../audio/encode.js'
import { encodeOggOpus } from '../audio/ogg-opus.js'
import { planSpeech } from '../audio/speech-plan.js'
import { concatSamples, int16BytesToFloat, OUTPUT_SAMPLE_RATE, silence } from '../audio/pcm.js'
import type { ConversationRecord } from '../conversations/conversation-record.js'
import { notFound } from '../server/api-error.js'
import type { ServerEnv } from '../server/context.js'
import { sendBytes } from '../server/respond.js'
import type { Route } from './guards.js'

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

// A recording is the spoken transcript (agent and caller in two voices, tool rows silent), made on
// first request and kept; long transcripts are cut to their first turns (settings.recordingTurns)
// to keep it quick.
async function renderRecording(
  env: ServerEnv,
  record: ConversationRecord,
  format: 'mp3' | 'ogg',
): Promise<Buffer> {
  const parts: Float32Array[] = []
  const spoken = record.messages.filter(
    (message) => message.role === 'user' || message.role === 'assistant',
  )
  for (const message of spoken.slice(0, env.settings.recordingTurns)) {
    const pcm = await speak(
      env,
      message.content,
      message.role === 'assistant' ? 'emma' : 'george',
      'pcm',
    )
    parts.push(int16BytesToFloat(pcm), silence(300, OUTPUT_SAMPLE_RATE))
  }
  if (parts.length === 0) parts.push(silence(1000, OUTPUT_SAMPLE_RATE))
  const samples = concatSamples(parts)
  return format === 'ogg'
    ? encodeOggOpus(samples, OUTPUT_SAMPLE_RATE)
    : encodeAudio('mp3', samples, OUTPUT_SAMPLE_RATE)
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
