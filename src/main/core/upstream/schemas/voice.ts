import { z } from 'zod'
import type { Voice, VoiceGender } from '../../../../shared/domain/voice'
import { optionalText, pagingFields } from './common'

function normaliseGender(value: string | null | undefined): VoiceGender {
  const v = (value ?? '').trim().toLowerCase().replace(/[\s-]/g, '_')
  if (v === 'male' || v === 'female') return v
  // `notSpecified` (older), `not_specified` (newer), and anything unknown.
  return 'not_specified'
}

const languageSchema = z.object({
  locale: z.string().min(1),
  preview_audio: optionalText,
})

const modelSchema = z.object({
  name: z.string().min(1),
  languages: z
    .array(languageSchema)
    .nullish()
    .transform((v) => v ?? []),
})

/** One voice as the wire has it (unknown fields ignored), normalised to the domain {@link Voice}. */
export const voiceSchema = z
  .object({
    id: z.string().min(1),
    type: z.string().nullish(),
    display_name: z.string().nullish(),
    name: z.string().nullish(),
    gender: z.string().nullish(),
    locale: optionalText,
    avatar_image: optionalText,
    preview_audio: optionalText,
    tags: z
      .array(z.string())
      .nullish()
      .transform((v) => v ?? []),
    models: z
      .array(modelSchema)
      .nullish()
      .transform((v) => v ?? []),
  })
  .transform((w): Voice => ({
    id: w.id,
    type: w.type === 'personal' ? 'personal' : 'shared',
    displayName: w.display_name?.trim() || w.name?.trim() || w.id,
    gender: normaliseGender(w.gender),
    locale: w.locale,
    avatarUrl: w.avatar_image,
    previewUrl: w.preview_audio,
    tags: w.tags,
    models: w.models.map((m) => ({
      name: m.name,
      languages: m.languages.map((l) => ({ locale: l.locale, previewUrl: l.preview_audio })),
    })),
  }))

/** `GET /v1/voices`: a bare array (older) or a cursor page (newer). */
export const voiceListSchema = z.union([
  z.array(voiceSchema).transform((voices) => ({ voices, nextCursor: null, hasMore: false })),
  z.object({ voices: z.array(voiceSchema), ...pagingFields }).transform((page) => ({
    voices: page.voices,
    nextCursor: page.next_cursor,
    // Some pages give a cursor without has_more: a cursor alone means there is more.
    hasMore: page.has_more ?? page.next_cursor !== null,
  })),
])
