import { readFile } from 'node:fs/promises'
import { encodeAudio } from '../audio/encode.js'
import { planSpeech } from '../audio/speech-plan.js'
import { concatSamples, int16BytesToFloat, OUTPUT_SAMPLE_RATE, silence } from '../audio/pcm.js'
import type { ConversationRecord } from '../conversations/conversation-record.js'
import { notFound } from '../server/api-error.js'
import type { ServerEnv } from '../server/context.js'
import { sendBytes } from '../server/respond.js'
import type { Route } from './guards.js'

const RECORDING_TURNS = 12
const recordings = new WeakMap<ConversationRecord, Promise<Buffer>>()

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
// first request and kept; long transcripts are cut to their first turns to keep it quick.
async function renderRecording(env: ServerEnv, record: ConversationRecord): Promise<Buffer> {
  const parts: Float32Array[] = []
  const spoken = record.messages.filter(
    (message) => message.role === 'user' || message.role === 'assistant',
  )
  for (const message of spoken.slice(0, RECORDING_TURNS)) {
    const pcm = await speak(
      env,
      message.content,
      message.role === 'assistant' ? 'emma' : 'george',
      'pcm',
    )
    parts.push(int16BytesToFloat(pcm), silence(300, OUTPUT_SAMPLE_RATE))
  }
  if (parts.length === 0) parts.push(silence(1000, OUTPUT_SAMPLE_RATE))
  return encodeAudio('mp3', concatSamples(parts), OUTPUT_SAMPLE_RATE)
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
      let recording = recordings.get(record)
      if (!recording) {
        recording = renderRecording(ctx.env, record)
        recordings.set(record, recording)
        recording.catch(() => recordings.delete(record))
      }
      await sendBytes(ctx, 200, 'audio/mpeg', await recording)
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
