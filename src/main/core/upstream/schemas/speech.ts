import { z } from 'zod'
import type { SpeechMark, SpeechMarks } from '../../../../shared/domain/speech'

const markSchema = z.object({
  type: z.string().nullish(),
  start: z.number(),
  end: z.number(),
  start_time: z.number(),
  end_time: z.number(),
  value: z.string().nullish(),
  get chunks() {
    return z.array(markSchema).nullish()
  },
})

type WireMark = z.infer<typeof markSchema>

function toMark(m: WireMark, fallbackType: string): SpeechMark {
  return {
    type: m.type ?? fallbackType,
    start: m.start,
    end: m.end,
    startMs: m.start_time,
    endMs: m.end_time,
    value: m.value ?? '',
  }
}

/** Normalises `speech_marks`: documented as one object, tolerated as an array of sentences. */
export function normaliseSpeechMarks(raw: WireMark | WireMark[] | null | undefined): SpeechMarks {
  if (raw === null || raw === undefined) return { sentence: null, words: [] }
  const sentences = Array.isArray(raw) ? raw : [raw]
  const words = sentences.flatMap((s) => (s.chunks ?? []).map((c) => toMark(c, 'word')))
  const first = sentences[0]
  const last = sentences[sentences.length - 1]
  const sentence =
    first && last
      ? {
          ...toMark(first, 'sentence'),
          end: last.end,
          endMs: last.end_time,
          value: sentences.map((s) => s.value ?? '').join(' '),
        }
      : null
  return { sentence, words }
}

/** `POST /v1/audio/speech` 200 answer. */
export const speechResponseSchema = z.object({
  // Empty when the client lifted the audio out of the body before parsing (json-binary-field.ts);
  // synthesize checks that audio arrived either way.
  audio_data: z.string(),
  audio_format: z.string().nullish(),
  billable_characters_count: z.number().nullish(),
  speech_marks: z.union([markSchema, z.array(markSchema)]).nullish(),
})
