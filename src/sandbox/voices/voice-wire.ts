import type { ShapeSettings } from '../options.js'
import type { VoiceRecord } from './voice-record.js'

/** A voice as sent on the wire (`GET /v1/voices` item). */
export interface WireVoice {
  id: string
  type: 'shared' | 'personal'
  display_name: string
  gender: string
  locale: string
  avatar_image: string
  preview_audio?: string
  tags?: string[]
  models: Array<{
    name: string
    languages: Array<{ locale: string; preview_audio: string | null }>
  }>
  created_at: string
}

/** Renders a voice in the run's shape generation; `minimal` drops preview_audio and tags as older create answers do. */
export function voiceToWire(
  voice: VoiceRecord,
  baseUrl: string,
  shapes: ShapeSettings,
  minimal = false,
): WireVoice {
  const gender = voice.gender === 'not_specified' ? shapes.gender : voice.gender
  const wire: WireVoice = {
    id: voice.id,
    type: voice.type,
    display_name: voice.displayName,
    gender,
    locale: voice.locale,
    avatar_image: voice.avatar ? `${baseUrl}/assets/avatars/${voice.id}` : '',
    models: voice.models.map((model) => ({
      name: model.name,
      languages: model.locales.map((locale) => ({ locale, preview_audio: null })),
    })),
    created_at: voice.createdAt,
  }
  if (!minimal) {
    wire.preview_audio = `${baseUrl}/assets/previews/${voice.id}.mp3`
    wire.tags = voice.tags
  }
  return wire
}
