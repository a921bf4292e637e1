import { z } from 'zod'
import { AUDIO_FORMATS, type AudioFormat } from '../audio/audio-formats.js'
import { planSpeech, type SpeechPlan } from '../audio/speech-plan.js'
import { emotionsIn, isSsml, SsmlError } from '../audio/ssml.js'
import type { EngineVoice } from '../engine/espeak.js'
import { ApiError, fieldError } from '../server/api-error.js'
import type { VoiceStore } from '../voices/voice-store.js'
import { engineLanguage, MODELS, type VoiceRecord } from '../voices/voice-record.js'

/** Like the service: a voice speaks only the styles its voice data lists (`emotions:` tag). */
function checkEmotions(voice: { id: string; tags: string[] }, input: string): void {
  const offered = voice.tags
    .filter((tag) => tag.startsWith('emotions:'))
    .flatMap((tag) => tag.slice('emotions:'.length).split(','))
  const refused = emotionsIn(input).find((emotion) => !offered.includes(emotion))
  if (refused !== undefined) {
    throw fieldError(
      'input',
      `asks voice ${voice.id} for the emotion "${refused}", which it does not offer`,
    )
  }
}

/** Longest `input` in code points, per endpoint. */
export const MAX_INPUT = { speech: 2_000, stream: 20_000 } as const

const bodySchema = z.looseObject({
  input: z.string({ error: 'is required and must be a string' }),
  voice_id: z.string({ error: 'is required and must be a string' }),
  audio_format: z.string({ error: 'must be a string' }).optional(),
  language: z.string({ error: 'must be a string' }).optional(),
  model: z.string({ error: 'must be a string' }).optional(),
  options: z
    .looseObject({
      loudness_normalization: z.boolean({ error: 'must be a boolean' }).optional(),
      text_normalization: z.boolean({ error: 'must be a boolean' }).optional(),
    })
    .optional(),
})

/** A validated synthesis request, ready to render. */
export interface SynthesisRequest {
  input: string
  voice: VoiceRecord
  engine: EngineVoice
  format: AudioFormat
  plan: SpeechPlan
  ssml: boolean
  loudnessNormalization: boolean
}

/** The parts of a synthesis body kept in the request log (input and voice_id included, nothing secret). */
export function synthesisLogSummary(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const pick = ['input', 'voice_id', 'audio_format', 'model', 'language', 'options']
  return Object.fromEntries(Object.entries(body).filter(([key]) => pick.includes(key)))
}

/**
 * Validates a speech or stream body: field types, input length in code points, format, model,
 * language, voice, and SSML well-formedness. Throws ApiError 400 with `fields` naming the culprit.
 */
export function validateSynthesis(
  body: unknown,
  endpoint: 'speech' | 'stream',
  voices: VoiceStore,
  accountId: string,
): SynthesisRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'bad_request', 'request body must be a JSON object')
  }
  const parsed = bodySchema.safeParse(body)
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
    )
    const [first] = Object.entries(fields)
    throw new ApiError(
      400,
      'validation_failed',
      first ? `${first[0]} ${first[1]}` : 'invalid request',
      fields,
    )
  }
  const request = parsed.data
  if (request.input.trim() === '') throw fieldError('input', 'must not be empty')
  const max = MAX_INPUT[endpoint]
  const length = [...request.input].length
  if (length > max) throw fieldError('input', `must be at most ${max} characters (got ${length})`)
  let format: AudioFormat = endpoint === 'speech' ? 'wav' : 'mp3'
  if (endpoint === 'speech' && request.audio_format !== undefined) {
    const wanted = request.audio_format.toLowerCase()
    if (!(AUDIO_FORMATS as readonly string[]).includes(wanted)) {
      throw fieldError('audio_format', `must be one of ${AUDIO_FORMATS.join(', ')}`)
    }
    format = wanted as AudioFormat
  }
  if (request.model !== undefined && !MODELS[request.model]) {
    throw fieldError('model', `must be one of ${Object.keys(MODELS).join(', ')}`)
  }
  if (request.language !== undefined && !/^[a-z]{2,3}(-[A-Z]{2})?$/.test(request.language)) {
    throw fieldError('language', 'must be a language tag like en-US')
  }
  const voice = voices.find(request.voice_id, accountId)
  if (!voice)
    throw new ApiError(400, 'voice_not_found', `voice ${request.voice_id} does not exist`, {
      voice_id: 'unknown voice',
    })
  if (request.model !== undefined && !voice.models.some((model) => model.name === request.model)) {
    throw fieldError('model', `is not available for voice ${voice.id}`)
  }
  let plan: SpeechPlan
  try {
    plan = planSpeech(request.input, {
      textNormalization: request.options?.text_normalization ?? false,
    })
  } catch (error) {
    if (error instanceof SsmlError) throw fieldError('input', `is malformed SSML: ${error.message}`)
    throw error
  }
  checkEmotions(voice, request.input)
  const engine = { ...voice.engine }
  if (request.language !== undefined && request.language !== voice.locale) {
    // Speak another language with the same voice character: swap the engine language, keep the variant.
    const variant = engine.espeakVoice.split('+')[1]
    engine.espeakVoice = `${engineLanguage(request.language)}${variant ? `+${variant}` : ''}`
  }
  return {
    input: request.input,
    voice,
    engine,
    format,
    plan,
    ssml: isSsml(request.input),
    loudnessNormalization: request.options?.loudness_normalization ?? false,
  }
}
