import { z } from 'zod'
import { atMost, boundedRecord, limitSentence } from '../limits'
import { cleanupSettingsSchema } from './cleanup-rules'
import { DELIVERY_PRESET_IDS } from './delivery'
import { mp3EncodingSchema } from './mp3-encoding'
import { RENDER_FORMATS } from './speech'
import { markProblem, textMarksSchema } from './text-marks'

/** The `format` tag of a project file; anything else is not a VoiceDesk project. */
export const PROJECT_FILE_FORMAT = 'voicedesk-project'

/** The project file version this build writes and the newest it can read. */
export const PROJECT_FILE_VERSION = 1

/** Output sample rates the narration engine produces (24 kHz is the service's own rate). */
export const OUTPUT_SAMPLE_RATES = [24_000, 44_100, 48_000] as const
export type OutputSampleRate = (typeof OUTPUT_SAMPLE_RATES)[number]

/** Most characters in one block: a whole 100,000-word book (about 600 KB) fits, since a .txt with no blank lines becomes one block. */
export const MAX_BLOCK_TEXT = 1_000_000
/** Most blocks in a script: a 100,000-word book has a few thousand paragraphs, a dialogue script one block per line. */
export const MAX_BLOCKS = 100_000
/** Most characters of text in a whole script: the largest script file VoiceDesk imports (20 MB, about 30 books). */
export const MAX_SCRIPT_TEXT = 20 * 1024 * 1024
/** Most marks in a whole script: every word of a long book marked once, with room to spare. */
export const MAX_SCRIPT_MARKS = 500_000
/** Most speakers in a cast: a play or an audio drama has a handful to a few hundred. */
export const MAX_CAST_ENTRIES = 500
/** Most pronunciation entries: the names and terms of a long series, with room to spare. */
export const MAX_LEXICON_ENTRIES = 10_000
/** Longest block id: the editor's ids are UUIDs (36 characters). */
export const MAX_BLOCK_ID = 100
/** Longest voice id the service issues, with room to spare. */
export const MAX_VOICE_ID = 200
/** Longest speaker name in a cast ("NAME: line" in a script). */
export const MAX_SPEAKER_NAME = 100
/** Longest title or chapter heading. */
export const MAX_TITLE = 500

const voiceIdSchema = z.string().trim().min(1).max(MAX_VOICE_ID)
const languageSchema = z
  .string()
  .max(35)
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
  format: z.enum(RENDER_FORMATS).default('wav'),
  sampleRate: z.union([z.literal(24_000), z.literal(44_100), z.literal(48_000)]).default(24_000),
  /** MP3 only; absent = variable bitrate. */
  mp3: mp3EncodingSchema.optional(),
  /** Silence after a block that continues the same paragraph (dialogue lines, split text). */
  pauseBetweenBlocksMs: pauseSchema.default(300),
  /** Silence after the last block of a paragraph. */
  pauseBetweenParagraphsMs: pauseSchema.default(700),
  /**
   * Silence where a heading starts a new chapter (a heading is not spoken); absent = the
   * paragraph pause.
   */
  pauseAfterHeadingMs: pauseSchema.optional(),
  /** Silence between two blocks of different speakers; absent = the block or paragraph pause. */
  pauseBetweenSpeakersMs: pauseSchema.optional(),
  textNormalization: z.boolean().default(false),
  /** Asks the service to normalize each request (-14 LUFS); independent of `loudness`. */
  serviceLoudnessNormalization: z.boolean().default(false),
  loudness: loudnessSchema.default({ mode: 'service' }),
  /**
   * A delivery preset (ACX, podcast...): its level and true-peak ceiling replace `loudness`, and
   * every file written is checked against it (see delivery.ts).
   */
  preset: z.enum(DELIVERY_PRESET_IDS).optional(),
})
export type ProjectDefaults = z.infer<typeof projectDefaultsSchema>

/**
 * One lexicon entry: every whole-word occurrence of `term` is spoken as `alias` (sent as
 * `<sub alias>`). Case-insensitive unless `matchCase`; whitespace in a phrase matches any run of
 * whitespace.
 */
export const lexiconEntrySchema = z.object({
  term: z
    .string()
    .trim()
    .min(1)
    .max(200, atMost('A lexicon term', 200, 'characters')),
  alias: z
    .string()
    .trim()
    .min(1)
    .max(400, atMost('A lexicon alias', 400, 'characters')),
  matchCase: z.boolean().default(false),
})
export type LexiconEntry = z.infer<typeof lexiconEntrySchema>

/** One block of a script: its text, how it is spoken, and the silence after it. */
/** Highest take number a block may name (takes are numbered as they are made). */
export const MAX_TAKE = 1_000_000

export const scriptBlockSchema = z
  .object({
    id: z.string().min(1).max(MAX_BLOCK_ID),
    /** Plain text, or SSML when `ssml` is true (a `<speak>` root is added when missing). */
    text: z.string().max(MAX_BLOCK_TEXT, atMost('A block', MAX_BLOCK_TEXT, 'characters')),
    ssml: z.boolean().default(false),
    /** Explicit voice; wins over `speaker` and the project default. */
    voiceId: voiceIdSchema.optional(),
    /** A cast name (from dialogue `NAME: line`); resolved through the project's cast. */
    speaker: z
      .string()
      .min(1)
      .max(MAX_SPEAKER_NAME, atMost('A speaker name', MAX_SPEAKER_NAME, 'characters'))
      .optional(),
    language: languageSchema,
    model: z.string().min(1).max(100).optional(),
    /** Exact silence after this block; absent = the project's block or paragraph pause. */
    pauseAfterMs: pauseSchema.optional(),
    /** True when this block ends a paragraph (the paragraph pause follows it). */
    endsParagraph: z.boolean().default(true),
    /** The chapter this block belongs to (Markdown heading), for per-chapter output. */
    chapter: z
      .string()
      .max(MAX_TITLE, atMost('A chapter heading', MAX_TITLE, 'characters'))
      .optional(),
    /**
     * The take of this block the render uses: 2 and up name a regenerated take (its own cache
     * entry); absent is the first take.
     */
    take: z.number().int().min(2).max(MAX_TAKE).optional(),
    /**
     * How spans of a plain block are spoken (emphasis, emotion, pace, pitch, volume, "say it as",
     * pauses), as ranges of `text`; compiled to SSML only by main's planning. Ignored on an SSML
     * block, whose own tags say it.
     */
    marks: textMarksSchema.optional(),
  })
  .check((ctx) => {
    // Why here and not only in the editor: main plans from these offsets, and a mark past the
    // text would put a tag where no text is; a window may send anything.
    const marks = ctx.value.marks
    if (marks === undefined) return
    for (let i = 0; i < marks.length; i++) {
      const problem = markProblem(marks[i]!, ctx.value.text.length)
      if (problem === null) continue
      ctx.issues.push({
        code: 'custom',
        path: ['marks', i],
        input: marks[i],
        message: `A mark of this block ${problem}: reopen the script or remove the mark.`,
      })
      return
    }
  })
export type ScriptBlock = z.infer<typeof scriptBlockSchema>
export type ScriptBlockInput = z.input<typeof scriptBlockSchema>

/** The blocks of a script, in order. */
export const scriptBlocksSchema = z
  .array(scriptBlockSchema)
  .max(MAX_BLOCKS, atMost('A script', MAX_BLOCKS, 'blocks'))

/** Longest author, narrator, album or genre tag. */
export const MAX_TAG_TEXT = 500
/** Longest comment tag. */
export const MAX_TAG_COMMENT = 2000
/** Longest cover image path. */
export const MAX_COVER_PATH = 4096

const tagText = (subject: string, max = MAX_TAG_TEXT) =>
  z
    .string()
    .trim()
    .max(max, atMost(subject, max, 'characters'))
    .default('')

/**
 * What the finished files say about the book, beside the project's title: written as ID3v2.4 in
 * MP3, Vorbis comments in Ogg and MP4 atoms in M4B. Empty text is left out of the files.
 */
export const publishingSchema = z.object({
  author: tagText('An author'),
  narrator: tagText('A narrator'),
  /** The book, series or show; a per-chapter file's album (the title when empty). */
  album: tagText('An album'),
  genre: tagText('A genre'),
  year: z.number().int().min(1000).max(9999).optional(),
  comment: tagText('A comment', MAX_TAG_COMMENT),
  /** A JPEG or PNG file, read when a render starts. */
  coverPath: z
    .string()
    .min(1)
    .max(MAX_COVER_PATH, atMost('A cover path', MAX_COVER_PATH, 'characters'))
    .optional(),
})
export type Publishing = z.infer<typeof publishingSchema>

/** The parts of a project besides its blocks (also sent alone when only they changed). */
export const projectMetaSchema = z.object({
  title: z
    .string()
    .max(MAX_TITLE, atMost('A title', MAX_TITLE, 'characters'))
    .default(''),
  defaults: projectDefaultsSchema.default(() => projectDefaultsSchema.parse({})),
  /** Speaker name (as written in the script) -> voice id. */
  cast: boundedRecord(z.string().min(1).max(MAX_SPEAKER_NAME), voiceIdSchema, {
    max: MAX_CAST_ENTRIES,
    subject: 'A cast',
    unit: 'speakers',
  }).default({}),
  lexicon: z
    .array(lexiconEntrySchema)
    .max(MAX_LEXICON_ENTRIES, atMost('A lexicon', MAX_LEXICON_ENTRIES, 'entries'))
    .default([]),
  publishing: publishingSchema.default(() => publishingSchema.parse({})),
  /** The clean-up rules last applied to this project (absent before the first). */
  cleanup: cleanupSettingsSchema.optional(),
})

/**
 * A whole project: defaults, cast, lexicon and the ordered blocks (the file body). Its text is at
 * most {@link MAX_SCRIPT_TEXT} characters in all, so every project main opens can be sent back.
 */
export const projectSchema = z
  .object({
    format: z.literal(PROJECT_FILE_FORMAT),
    version: z.literal(PROJECT_FILE_VERSION),
    ...projectMetaSchema.shape,
    blocks: scriptBlocksSchema,
  })
  .check((ctx) => {
    let total = 0
    let marks = 0
    for (const block of ctx.value.blocks) {
      total += block.text.length
      marks += block.marks?.length ?? 0
    }
    if (marks > MAX_SCRIPT_MARKS) {
      ctx.issues.push({
        code: 'too_big',
        origin: 'array',
        maximum: MAX_SCRIPT_MARKS,
        inclusive: true,
        path: ['blocks'],
        input: ctx.value.blocks,
        message: limitSentence('A script', MAX_SCRIPT_MARKS, 'marks', marks),
      })
    }
    if (total <= MAX_SCRIPT_TEXT) return
    ctx.issues.push({
      code: 'too_big',
      origin: 'string',
      maximum: MAX_SCRIPT_TEXT,
      inclusive: true,
      path: ['blocks'],
      input: ctx.value.blocks,
      message: limitSentence('A script', MAX_SCRIPT_TEXT, 'characters of text', total),
    })
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
