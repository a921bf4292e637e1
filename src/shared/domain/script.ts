import { z } from 'zod'
import { SPEECH_FORMATS } from './speech'

/** The `format` tag of a project file; anything else is not a VoiceDesk project. */
export const PROJECT_FILE_FORMAT = 'voicedesk-project'

/** The project file version this build writes and the newest it can read. */
export const PROJECT_FILE_VERSION = 1

/** Output sample rates the narration engine produces (24 kHz is the service's own rate). */
export const OUTPUT_SAMPLE_RATES = [24_000, 44_100, 48_000] as const
export type OutputSampleRate = (typeof OUTPUT_SAMPLE_RATES)[number]

const voiceIdSchema = z.string().trim().min(1).max(200)
const languageSchema = z
  .string()
  .regex(/^[a-z]{2,3}-[A-Z]{2}$/, 'must look like en-US')
  .optional()
const pauseSchema = z.number().int().min(0).max(60_000)

/**
 * Loudness of the finished file: `service` keeps what the service delivers (optionally with its
 * own normalization), `target` measures integrated loudness (ITU-R BS.1770) and applies one gain.
 */
export const loudnessSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('service') }),
  z.object({ mode: z.literal('target'), targetLufs: z.number().min(-40).max(-5) }),
])
export type LoudnessSetting = z.infer<typeof loudnessSchema>

/** Project-wide defaults every block falls back on. */
export const projectDefaultsSchema = z.object({
  voiceId: voiceIdSchema.optional(),
  language: languageSchema,
  model: z.string().min(1).max(100).optional(),
  format: z.enum(SPEECH_FORMATS).default('wav'),
  sampleRate: z.union([z.literal(24_000), z.literal(44_100), z.literal(48_000)]).default(24_000),
  /** Silence after a block that continues the same paragraph (dialogue lines, split text). */
  pauseBetweenBlocksMs: pauseSchema.default(300),
  /** Silence after the last block of a paragraph. */
  pauseBetweenParagraphsMs: pauseSchema.default(700),
  textNormalization: z.boolean().default(false),
  /** Asks the service to normalize each request (-14 LUFS); independent of `loudness`. */
  serviceLoudnessNormalization: z.boolean().default(false),
  loudness: loudnessSchema.default({ mode: 'service' }),
})
export type ProjectDefaults = z.infer<typeof projectDefaultsSchema>

/**
 * One lexicon entry: every whole-word occurrence of `term` is spoken as `alias` (sent as
 * `<sub alias>`). Case-insensitive unless `matchCase`; whitespace in a phrase matches any run of
 * whitespace.
 */
export const lexiconEntrySchema = z.object({
  term: z.string().trim().min(1).max(200),
  alias: z.string().trim().min(1).max(400),
  matchCase: z.boolean().default(false),
})
export type LexiconEntry = z.infer<typeof lexiconEntrySchema>

/** One block of a script: its text, how it is spoken, and the silence after it. */
export const scriptBlockSchema = z.object({
  id: z.string().min(1).max(100),
  /** Plain text, or SSML when `ssml` is true (a `<speak>` root is added when missing). */
  text: z.string().max(1_000_000),
  ssml: z.boolean().default(false),
  /** Explicit voice; wins over `speaker` and the project default. */
  voiceId: voiceIdSchema.optional(),
  /** A cast name (from dialogue `NAME: line`); resolved through the project's cast. */
  speaker: z.string().min(1).max(100).optional(),
  language: languageSchema,
  model: z.string().min(1).max(100).optional(),
  /** Exact silence after this block; absent = the project's block or paragraph pause. */
  pauseAfterMs: pauseSchema.optional(),
  /** True when this block ends a paragraph (the paragraph pause follows it). */
  endsParagraph: z.boolean().default(true),
  /** The chapter this block belongs to (Markdown heading), for per-chapter output. */
  chapter: z.string().max(500).optional(),
})
export type ScriptBlock = z.infer<typeof scriptBlockSchema>
export type ScriptBlockInput = z.input<typeof scriptBlockSchema>

/** A whole project: defaults, cast, lexicon and the ordered blocks (the file body). */
export const projectSchema = z.object({
  format: z.literal(PROJECT_FILE_FORMAT),
  version: z.literal(PROJECT_FILE_VERSION),
  title: z.string().max(500).default(''),
  defaults: projectDefaultsSchema.default(() => projectDefaultsSchema.parse({})),
  /** Speaker name (as written in the script) -> voice id. */
  cast: z.record(z.string().min(1).max(100), voiceIdSchema).default({}),
  lexicon: z.array(lexiconEntrySchema).max(10_000).default([]),
  blocks: z.array(scriptBlockSchema).max(100_000),
})
export type Project = z.infer<typeof projectSchema>
export type ProjectInput = z.input<typeof projectSchema>

/** Builds a valid project from partial parts (defaults filled in, blocks validated). */
export function createProject(parts: Omit<ProjectInput, 'format' | 'version'>): Project {
  return projectSchema.parse({
    ...parts,
    format: PROJECT_FILE_FORMAT,
    version: PROJECT_FILE_VERSION,
  })
}
