import { z } from 'zod'
import type { PlaybackWord, RenderPlayback, WaveSlice } from '../domain/render-playback'
import { MAX_AUDIO_CHUNK_BYTES } from '../domain/render-playback'
import type { AccountStatus, VerifyResult } from '../domain/account'
import type { UsageReport } from '../domain/usage'
import { PLANS, planLimitsSchema } from '../domain/account'
import { MAX_ACCOUNT_PAGE_LENGTH } from '../domain/account-page'
import type { AppInfo, MenuCommand, ThemeChoice } from '../domain/app'
import { THEME_CHOICES } from '../domain/app'
import {
  footnoteModeSchema,
  MAX_DOCUMENT_BYTES,
  pageRangeSchema,
  pdfPasswordSchema,
} from '../domain/manuscript'
import type { RenderEstimate } from '../domain/narration'
import type { LexiconImportResult } from '../domain/lexicon-layers'
import {
  MAX_BLOCK_ID,
  MAX_BLOCK_TEXT,
  MAX_BLOCKS,
  MAX_CAST_ENTRIES,
  lexiconEntrySchema,
  MAX_LEXICON_ENTRIES,
  MAX_SCRIPT_TEXT,
  MAX_SPEAKER_NAME,
  MAX_TAKE,
  MAX_TITLE,
  MAX_VOICE_ID,
} from '../domain/script'
import type { LexiconEntry } from '../domain/script'
import { RENDER_FORMATS } from '../domain/speech'
import type { CleanupPreview, CleanupSettings, CleanupTrial } from '../domain/cleanup-rules'
import {
  MAX_CLEANUP_SAMPLE,
  cleanupSettingsSchema,
  ruleSetNameSchema,
} from '../domain/cleanup-rules'
import type {
  BlockAudio,
  BlockMark,
  BlockTake,
  FinishedRender,
  ChoosePdfPages,
  OpenedDocument,
  RecentProject,
  RecoveryOffer,
  RegeneratedTake,
  RenderOverview,
  RenderStatus,
  SavedDocument,
} from '../domain/script-workspace'
import { documentChangesSchema, renderSettingsSchema } from '../domain/script-workspace'
import type {
  ConversationEvent,
  ConversationSnapshot,
  RecentConversations,
  RecordingInfo,
  WatchState,
} from '../domain/conversation-watch'
import { EXPORT_FORMATS } from '../domain/conversation-watch'
import type {
  BatchExportEnded,
  BatchExportProgress,
  EvaluationSummary,
  InboxUpdate,
} from '../domain/conversation-inbox'
import { MAX_BATCH_EXPORT } from '../domain/conversation-inbox'
import type { Agent, ConversationListResult, ConversationStats } from '../domain/conversation-list'
import type {
  ConversationOverview,
  OverviewEnded,
  OverviewProgress,
} from '../domain/conversation-overview'
import { OVERVIEW_PERIODS } from '../domain/conversation-overview'
import type {
  VoiceoverOverlapQuestion,
  VoiceoverPatch,
  VoiceoverProgress,
  VoiceoverProject,
} from '../domain/voiceover'
import {
  MAX_VOICEOVER_LINE,
  VOICEOVER_FITS,
  VOICEOVER_OVERLAP_CHOICES,
  voiceoverAudioSchema,
  voiceoverSettingsSchema,
} from '../domain/voiceover'
import type { SampleExtension, Voice } from '../domain/voice'
import { VOICE_GENDERS } from '../domain/voice'
import type { AppErrorData } from '../errors'
import { atMost, boundedBytes } from '../limits'
import type { ApiOf, InputLimits, PayloadOf } from './contract-types'
import { event, invoke, MESSAGE_VALUE_COST } from './contract-types'

const none = z.undefined()

/** A conversation id as the service issues them (conv_…); checked before it reaches a path or file name. */
const conversationId = z
  .string()
  .trim()
  .min(1, 'Enter a conversation id.')
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'A conversation id has only letters, digits, _ and -.')

/** An open voice-over project, as main named it. */
const voiceoverId = z.uuid()

/** Most evaluation summaries asked for in one call (a screenful of rows, or a page). */
export const MAX_SUMMARY_IDS = 200

/** A time bound of the inbox's date filter (RFC 3339, as the service takes it). */
const listTime = z
  .string()
  .max(40)
  .refine((value) => !Number.isNaN(Date.parse(value)), 'Enter a date and time.')

/** Favourites, recently used voices and consent records kept locally for the Voices workspace. */
export interface VoiceLibrary {
  favorites: string[]
  recent: string[]
  consents: {
    voiceId: string
    fullName: string
    email: string
    createdAt: string
    sampleSha256: string
    deletedAt?: string
  }[]
  /** Set once when the library file was unreadable and set aside. */
  notice: string | null
}

/** Media bytes fetched and cached by main (avatar or preview), shown by the page as a blob: URL. */
export interface VoiceMedia {
  bytes: Uint8Array
  contentType: string | null
}

/** A voice sample held by main until the voice is created; the bytes come back for local checks. */
export interface StagedVoiceSample {
  sampleId: string
  fileName: string
  size: number
  bytes: Uint8Array
}

const voiceId = z.string().min(1).max(MAX_VOICE_ID)
const docId = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9-]{8,64}$/)
const recentId = z
  .string()
  .max(16)
  .regex(/^[0-9a-f]{16}$/)
const blockId = z.string().min(1).max(MAX_BLOCK_ID)
/**
 * An open document as the page has seen it: its id and the revision main's last `saveDraft`
 * answered with (0 when nothing was sent since it opened). Main reads the script from its own
 * copy and refuses a revision it has moved past (CONFLICT, `staleRevision`).
 */
const openDocument = {
  docId,
  revision: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
}

// Input limits. The schemas bound every count and length (the constants of domain/script.ts and
// the `.max()` beside each field); `limits.maxBytes` bounds the whole message, checked before it
// is parsed. Sizes are counted as contract-types.ts InputLimits says.
const KB = 1024
const MB = 1024 * KB
/** Largest sample the page may send (the service takes 10 MB). */
const MAX_SAMPLE_UPLOAD = 10 * MB
/** What a block's fields besides its text weigh in a real script: id, voice, speaker, chapter, flags. */
const BLOCK_FIELDS_BYTES = 400
/** A lexicon entry at its longest: a 200-character term, a 400-character alias and a flag. */
const LEXICON_ENTRY_BYTES = 700
/** A cast entry at its longest: a speaker name and a voice id. */
const CAST_ENTRY_BYTES = MESSAGE_VALUE_COST * 2 + MAX_SPEAKER_NAME + MAX_VOICE_ID
/** Ids, flags, names and URLs: the largest such field is a pasted access token (8 KB). */
const MAX_SMALL_INPUT_BYTES = 64 * KB
/** Every block id of a script, as a list. */
const MAX_BLOCK_LIST_BYTES = MAX_BLOCKS * (MESSAGE_VALUE_COST + MAX_BLOCK_ID)
/**
 * A whole project at its largest: all its text ({@link MAX_SCRIPT_TEXT}), the fields of
 * {@link MAX_BLOCKS} blocks, a full lexicon and cast, and the title and defaults (about 65 MB).
 */
export const MAX_PROJECT_BYTES =
  MAX_SCRIPT_TEXT +
  MAX_BLOCKS * BLOCK_FIELDS_BYTES +
  MAX_LEXICON_ENTRIES * LEXICON_ENTRY_BYTES +
  MAX_CAST_ENTRIES * CAST_ENTRY_BYTES +
  MAX_TITLE +
  MAX_SMALL_INPUT_BYTES

/** A set of clean-up rules: 200 rules of 2,100 characters each, with room for their fields. */
const CLEANUP_INPUT: InputLimits = { maxBytes: 2 * MB, subject: 'A set of clean-up rules' }
/** A call without input: nothing but `undefined` fits. */
const NO_INPUT: InputLimits = { maxBytes: MESSAGE_VALUE_COST, subject: 'This request' }
/** A call with ids, flags, names or URLs. */
const SMALL_INPUT: InputLimits = { maxBytes: MAX_SMALL_INPUT_BYTES, subject: 'This request' }
/** A voice sample from the page with its file name. */
const SAMPLE_INPUT: InputLimits = {
  maxBytes: MAX_SAMPLE_UPLOAD + MAX_SMALL_INPUT_BYTES,
  subject: 'A voice sample',
}
/** A dropped script file's text (the largest script VoiceDesk imports) with its file name. */
const IMPORT_INPUT: InputLimits = {
  maxBytes: MAX_SCRIPT_TEXT + MAX_SMALL_INPUT_BYTES,
  subject: 'A dropped script',
}
/** The conversation ids of a batch export. */
const BATCH_INPUT: InputLimits = {
  maxBytes: MAX_BATCH_EXPORT * (MESSAGE_VALUE_COST + 200) + MAX_SMALL_INPUT_BYTES,
  subject: 'A selection of conversations',
}
/** A dropped Word document or EPUB book (its bytes) with its file name. */
const DOCUMENT_INPUT: InputLimits = {
  maxBytes: MAX_DOCUMENT_BYTES + MAX_SMALL_INPUT_BYTES,
  subject: 'A dropped document',
}
/** An open document's changes: when main asks for all of them, the whole project and its block order. */
const DRAFT_INPUT: InputLimits = {
  maxBytes: MAX_PROJECT_BYTES + MAX_BLOCK_LIST_BYTES + MAX_SMALL_INPUT_BYTES,
  subject: 'A script',
}
/** A whole pronunciation list (the shared dictionary). */
const LEXICON_INPUT: InputLimits = {
  maxBytes: MAX_LEXICON_ENTRIES * LEXICON_ENTRY_BYTES + MAX_SMALL_INPUT_BYTES,
  subject: 'A pronunciation list',
}
/** The ids of a script's blocks. */
const BLOCK_LIST_INPUT: InputLimits = {
  maxBytes: MAX_BLOCK_LIST_BYTES + MAX_SMALL_INPUT_BYTES,
  subject: 'A list of blocks',
}

/**
 * Every invoke channel the renderer may call, `domain:action`, with its input schema and output
 * type. register.ts, the preload and the browser e2e host are all generated from this object.
 */
export const invokes = {
  'app:getInfo': invoke<AppInfo>()(
    none,
    NO_INPUT,
    'Name, version and platform of the app, and whether it runs on the sandbox.',
  ),
  'app:openExternal': invoke<void>()(
    z.object({ url: z.string().min(1).max(2048) }),
    SMALL_INPUT,
    'Opens an http(s) link in the default browser through the one guarded helper; other schemes are refused.',
  ),
  'app:getTheme': invoke<ThemeChoice>()(
    none,
    NO_INPUT,
    'The saved colour theme: system (follow the OS), light or dark.',
  ),
  'app:setTheme': invoke<ThemeChoice>()(
    z.object({ theme: z.enum(THEME_CHOICES) }),
    SMALL_INPUT,
    'Saves the colour theme; native dialogs and menus follow it, and every window gets app:themeChanged.',
  ),
  'app:setMenuState': invoke<void>()(
    z.object({ scriptOpen: z.boolean() }),
    SMALL_INPUT,
    'What this window can do now, so the application menu enables only the items that would act (Save and Render need an open script).',
  ),

  'account:getStatus': invoke<AccountStatus>()(
    none,
    NO_INPUT,
    'What the UI may know about the account: never the key.',
  ),
  'account:setApiKey': invoke<AccountStatus>()(
    z.object({ apiKey: z.string().trim().min(8).max(512) }),
    SMALL_INPUT,
    'Stores an API key in the OS keychain (session only when the keychain is unavailable).',
  ),
  'account:setAccessToken': invoke<AccountStatus>()(
    z.object({ token: z.string().trim().min(16).max(8192) }),
    SMALL_INPUT,
    'Signs in with a pasted access token (JWT); its scope and expiry are read from the token.',
  ),
  'account:forget': invoke<AccountStatus>()(
    none,
    NO_INPUT,
    'Removes the stored key or token from the keychain and memory.',
  ),
  'account:setBaseUrl': invoke<AccountStatus>()(
    z.object({ baseUrl: z.string().trim().min(1).max(2048) }),
    SMALL_INPUT,
    'Sets the service base URL (current or legacy address); https required except on loopback.',
  ),
  'account:setPlan': invoke<AccountStatus>()(
    z.object({ plan: z.enum(PLANS), customLimits: planLimitsSchema.optional() }),
    SMALL_INPUT,
    'Sets the plan, which sets the client-side synthesis limits.',
  ),
  'account:verify': invoke<VerifyResult>()(
    none,
    NO_INPUT,
    'One cheap authenticated call to prove the credential and base URL work.',
  ),
  'account:usage': invoke<UsageReport>()(
    none,
    NO_INPUT,
    'Billable characters this computer sent, by month and project (counted locally: the service has no usage endpoint).',
  ),
  'account:creditAdded': invoke<UsageReport>()(
    none,
    NO_INPUT,
    'The user added credit: forgets the last out-of-credit refusal (the next line sent notes it again if still empty) and returns usage.',
  ),
  'account:setAccountPage': invoke<AccountStatus>()(
    z.object({ url: z.string().max(MAX_ACCOUNT_PAGE_LENGTH).nullable() }),
    SMALL_INPUT,
    'Saves the address of the user’s account page on the service’s website (https only, checked); null or empty forgets it.',
  ),
  'account:openAccountPage': invoke<void>()(
    none,
    NO_INPUT,
    'Opens the saved account page in the default browser. Takes no address: only the one the user saved is ever opened.',
  ),

  'voices:list': invoke<Voice[]>()(
    z.object({ refresh: z.boolean() }),
    SMALL_INPUT,
    'The catalog plus the personal voices of the account, every page followed; cached in main until refreshed.',
  ),
  'voices:listFirst': invoke<{ voices: Voice[]; total: number }>()(
    z.object({ count: z.number().int().min(1).max(200), order: z.enum(['name', 'name-desc']) }),
    SMALL_INPUT,
    'The first voices in name order and the count of all: the first rows, painted before the whole voices:list arrives.',
  ),
  'voices:getLibrary': invoke<VoiceLibrary>()(
    none,
    NO_INPUT,
    'Favourites, recently used voices and consent records (local file), with a notice if it was reset.',
  ),
  'voices:setFavorite': invoke<VoiceLibrary>()(
    z.object({ voiceId, favorite: z.boolean() }),
    SMALL_INPUT,
    'Marks or unmarks a favourite voice.',
  ),
  'voices:markUsed': invoke<VoiceLibrary>()(
    z.object({ voiceId }),
    SMALL_INPUT,
    'Moves a voice to the front of the recently used list (20 kept).',
  ),
  'voices:getMedia': invoke<VoiceMedia | null>()(
    z.object({
      voiceId,
      kind: z.enum(['avatar', 'preview']),
      locale: z.string().max(35).optional(),
    }),
    SMALL_INPUT,
    "A voice's avatar or preview audio, fetched by main and cached on disk; null when the voice has none.",
  ),
  'voices:chooseSample': invoke<StagedVoiceSample | null>()(
    none,
    NO_INPUT,
    'Native open dialog for a voice sample (at most 10 MB); main reads and holds it. Null when cancelled.',
  ),
  'voices:stageSample': invoke<StagedVoiceSample>()(
    z.object({
      fileName: z.string().max(255),
      bytes: boundedBytes(MAX_SAMPLE_UPLOAD, 'A voice sample'),
    }),
    SAMPLE_INPUT,
    'Holds a dropped or recorded sample (bytes from the page, at most 10 MB) until the voice is created.',
  ),
  'voices:create': invoke<Voice>()(
    z.object({
      name: z.string().trim().min(1).max(100),
      gender: z.enum(VOICE_GENDERS),
      locale: z
        .string()
        .max(35)
        .regex(/^[a-z]{2,3}-[A-Z]{2}$/)
        .optional(),
      sampleId: z.uuid(),
      consent: z.object({
        fullName: z.string().trim().min(1).max(200),
        email: z.email().max(320),
        confirmed: z.literal(true),
      }),
    }),
    SMALL_INPUT,
    'Creates a personal voice from a held sample with consent; main re-checks the audio first and keeps a consent record.',
  ),
  'voices:delete': invoke<void>()(
    z.object({ voiceId }),
    SMALL_INPUT,
    'Deletes a personal voice (not retried blindly; a 404 on retry counts as done).',
  ),
  'voices:downloadSample': invoke<{
    path: string
    bytes: number
    extension: SampleExtension
  } | null>()(
    z.object({ voiceId, voiceName: z.string().max(200) }),
    SMALL_INPUT,
    "Downloads a personal voice's sample, then asks where to save it (extension from the bytes); written atomically. Null when cancelled.",
  ),
  'voices:revealSample': invoke<void>()(
    z.object({ path: z.string().min(1).max(4096) }),
    SMALL_INPUT,
    'Shows a sample this window saved (voices:downloadSample) in the file manager; other paths are refused.',
  ),
  'voices:tryText': invoke<{ jobId: string }>()(
    z.object({
      voiceId,
      text: z.string().trim().min(1).max(500),
      model: z.string().max(100).optional(),
      language: z.string().max(35).optional(),
    }),
    SMALL_INPUT,
    'Streams a short line (MP3) in a voice as a job: voices:tryAudio chunks, then voices:tryEnded. Cancel with jobs:cancel.',
  ),

  'script:new': invoke<OpenedDocument>()(none, NO_INPUT, 'A new, empty, unsaved script.'),
  'script:open': invoke<OpenedDocument | ChoosePdfPages | null>()(
    // Strict: every field is optional, so only refusing unknown keys tells a stray object apart.
    z
      .strictObject({
        footnotes: footnoteModeSchema.optional(),
        importOnly: z.boolean().optional(),
        pages: pageRangeSchema.optional(),
        password: pdfPasswordSchema.optional(),
        importId: z.uuid().optional(),
      })
      .optional(),
    SMALL_INPUT,
    'Native open dialog: a project opens as saved, a .txt/Markdown script (dialogue speakers detected), a manuscript (Word, EPUB, PDF, ODT, HTML) as a new import (footnotes left out unless `footnotes` is read). A PDF chosen without `pages` is not read: the answer is `choosePages` (its name and page count) and the window imports the pages chosen with script:retryOpen; a locked PDF without its `password` fails with details.password. With an `importId`, the import reports script:importProgress and script:cancelImport stops it (CANCELLED, nothing opened). `importOnly` offers only the importable files (File > Import). Null when cancelled.',
  ),
  'script:retryOpen': invoke<OpenedDocument>()(
    z.strictObject({
      footnotes: footnoteModeSchema.optional(),
      pages: pageRangeSchema.optional(),
      password: pdfPasswordSchema.optional(),
      importId: z.uuid().optional(),
    }),
    SMALL_INPUT,
    'Imports the file this window last chose in the open dialog, when it waits for its pages (choosePages) or its import failed (a locked PDF, a page range it refused), with a `password` or `pages`: main remembers the path, the page never names one. With an `importId`, progress and cancel as for script:open. NOT_FOUND when no such file is waiting.',
  ),
  'script:openRecent': invoke<OpenedDocument>()(
    z.object({ recentId }),
    SMALL_INPUT,
    'Opens a recent project by its id (main keeps the paths).',
  ),
  'script:listRecent': invoke<RecentProject[]>()(
    none,
    NO_INPUT,
    'Recently opened or saved projects, newest first.',
  ),
  'script:removeRecent': invoke<void>()(
    z.object({ recentId }),
    SMALL_INPUT,
    'Removes an entry from the recent list.',
  ),
  'script:clearRecent': invoke<void>()(
    none,
    NO_INPUT,
    'Empties the recent list (the files are not touched), and the OS list of recent documents.',
  ),
  'script:importDropped': invoke<OpenedDocument>()(
    z.object({
      fileName: z.string().min(1).max(255),
      text: z.string().max(MAX_SCRIPT_TEXT, atMost('A script file', MAX_SCRIPT_TEXT, 'characters')),
    }),
    IMPORT_INPUT,
    'A .txt/Markdown script dropped on the window (its text, read by the page) as a new unsaved script.',
  ),
  'script:importDroppedDocument': invoke<OpenedDocument>()(
    z.object({
      fileName: z.string().min(1).max(255),
      bytes: boundedBytes(MAX_DOCUMENT_BYTES, 'A dropped document'),
      footnotes: footnoteModeSchema.optional(),
      pages: pageRangeSchema.optional(),
      password: pdfPasswordSchema.optional(),
      importId: z.uuid().optional(),
    }),
    DOCUMENT_INPUT,
    'A manuscript document (Word, EPUB, PDF, ODT, HTML) dropped on the window (its bytes, read by the page, at most 50 MB) as a new unsaved script, read off main; a PDF with its `pages` and `password` (a locked PDF without it fails with details.password, and the page asks). With an `importId`, a PDF reports script:importProgress page by page and script:cancelImport stops it (CANCELLED, nothing opened).',
  ),
  'script:cancelImport': invoke<{ cancelled: boolean }>()(
    z.object({ importId: z.uuid() }),
    SMALL_INPUT,
    'Cancels a document import (dropped or opened) this window started with that `importId`; false when none is running.',
  ),
  'script:save': invoke<SavedDocument | null>()(
    z.object({ ...openDocument, as: z.boolean().optional() }),
    SMALL_INPUT,
    "Saves main's copy of the document (at that revision) to its file (atomic, re-read before it replaces the old one); asks where with the native dialog when it has none or `as` is set. Null when cancelled.",
  ),
  'script:exportText': invoke<{ fileName: string; location: string } | null>()(
    z.object(openDocument),
    SMALL_INPUT,
    "File > Export Script…: main's copy of the document (at that revision) written as Markdown or plain text, by the extension chosen in the native save dialog (atomic). Null when cancelled.",
  ),
  'script:saveDraft': invoke<{ revision: number }>()(
    z.object({ docId, changes: documentChangesSchema }),
    DRAFT_INPUT,
    "Applies an open document's block-level changes to main's copy and writes its crash-recovery draft (sent about a second after typing stops, and before any operation on the document). Answers with the revision main's copy is now at.",
  ),
  'script:close': invoke<void>()(
    z.object({ docId }),
    SMALL_INPUT,
    'A clean close: forgets the document and its recovery draft.',
  ),
  'script:getRecovery': invoke<RecoveryOffer[]>()(
    none,
    NO_INPUT,
    'Drafts left by a crash or kill, newest first.',
  ),
  'script:restoreRecovery': invoke<OpenedDocument>()(
    z.object({ docId }),
    SMALL_INPUT,
    'Reopens a recovered draft (unsaved) under its old id.',
  ),
  'script:discardRecovery': invoke<void>()(
    z.object({ docId }),
    SMALL_INPUT,
    'Deletes a recovered draft.',
  ),
  'script:blockStates': invoke<Record<string, BlockMark>>()(
    z.object({
      docId,
      blockIds: z
        .array(z.string().max(MAX_BLOCK_ID))
        .max(MAX_BLOCKS, atMost('A script', MAX_BLOCKS, 'blocks'))
        .optional(),
    }),
    BLOCK_LIST_INPUT,
    "Audio state of an open document's blocks (all or the listed ones), from main's copy as of the last saveDraft: cached, stale since the last render, new, empty or without voice.",
  ),
  'script:cleanupPreview': invoke<CleanupPreview>()(
    z.object({ ...openDocument, settings: cleanupSettingsSchema }),
    CLEANUP_INPUT,
    "What the clean-up rules would change in the document (main's copy at that revision): each rule's count, characters saved and first changes, and the new text of each block they change. Runs on its own thread with a time bound per rule; a newer preview of the same document cancels a running one (CANCELLED). Changes nothing: the page applies the texts as one undoable edit.",
  ),
  'script:cleanupTry': invoke<CleanupTrial>()(
    z.object({
      settings: cleanupSettingsSchema,
      sample: z
        .string()
        .max(MAX_CLEANUP_SAMPLE, atMost('A sample', MAX_CLEANUP_SAMPLE, 'characters')),
    }),
    CLEANUP_INPUT,
    "A sample text after the clean-up rules, for the rules' test field: run on the clean-up thread with its time bound, like a preview.",
  ),
  'script:getCleanupRules': invoke<CleanupSettings | null>()(
    none,
    NO_INPUT,
    'The clean-up rules last applied, shared by every project (null before the first).',
  ),
  'script:saveCleanupRules': invoke<void>()(
    z.object({ settings: cleanupSettingsSchema }),
    CLEANUP_INPUT,
    'Keeps the clean-up rules just applied for the next script (in the settings file).',
  ),
  'script:finishImport': invoke<OpenedDocument>()(
    z.object({ docId, settings: cleanupSettingsSchema }),
    CLEANUP_INPUT,
    "Finishes a manuscript import the page has not opened yet: the clean-up rules accepted in its review run over main's copy (on the clean-up thread, time-bounded) and the cleaned text with the rules becomes the project, under the same id. CONFLICT once the page has edited it. Nothing is sent to the service; script:close instead cancels the import.",
  ),
  'script:listCleanupRuleSets': invoke<string[]>()(
    none,
    NO_INPUT,
    "The names of the user's clean-up rule sets, shared by every project (at most 50), sorted.",
  ),
  'script:getCleanupRuleSet': invoke<CleanupSettings>()(
    z.object({ name: ruleSetNameSchema }),
    SMALL_INPUT,
    "A named rule set's rules, read and checked: NOT_FOUND when there is none of that name; a set file that is larger than 1 MB, not JSON or holds a rule that cannot run is refused (VALIDATION_FAILED, the reason in words) and nothing changes.",
  ),
  'script:saveCleanupRuleSet': invoke<void>()(
    z.object({ name: ruleSetNameSchema, settings: cleanupSettingsSchema }),
    CLEANUP_INPUT,
    'Saves the rules as a named set every project can choose (replacing a set of that name); a 51st set is refused.',
  ),
  'script:deleteCleanupRuleSet': invoke<void>()(
    z.object({ name: ruleSetNameSchema }),
    SMALL_INPUT,
    'Deletes a named rule set (nothing happens when there is none).',
  ),
  'script:estimate': invoke<RenderEstimate>()(
    z.object({ ...openDocument, format: z.enum(RENDER_FORMATS) }),
    SMALL_INPUT,
    'What rendering the document (at that revision) in a format will cost: pieces, cached pieces, requests and billable characters.',
  ),
  'script:renderOverview': invoke<RenderOverview>()(
    z.object({ docId }),
    SMALL_INPUT,
    "The document's running render, a stopped one that can resume, and the last finished one.",
  ),
  'script:startRender': invoke<{ jobId: string; outputName: string } | null>()(
    z.object({
      ...openDocument,
      settings: renderSettingsSchema,
      resume: z.boolean().optional(),
    }),
    SMALL_INPUT,
    "Renders the document (main's copy at that revision) as a job (native save dialog for the file; a resume finishes the stopped render into its file when the settings are the ones it stopped with, else the dialog asks again; NOT_FOUND when no render stopped). Events: script:renderProgress, script:renderEnded. Null when the dialog is cancelled.",
  ),
  'script:chooseCover': invoke<{ path: string; name: string } | null>()(
    z.object({ docId }),
    SMALL_INPUT,
    "Native open dialog for an open document's cover image; the file is read and checked (JPEG or PNG, at most 20 MB) and main remembers it as that document's to read: a cover path in `script:saveDraft` that main did not grant (here, or from the project file the user opened) is refused. Null when cancelled; a bad image is refused with the reason.",
  ),
  'script:revealOutput': invoke<void>()(
    z.object({ docId }),
    SMALL_INPUT,
    "Shows the document's last finished render in the file manager.",
  ),
  'script:openOutput': invoke<void>()(
    z.object({ docId }),
    SMALL_INPUT,
    "Opens the document's last finished render in the default player.",
  ),
  'script:renderPlayback': invoke<RenderPlayback>()(
    z.object({ docId }),
    SMALL_INPUT,
    "The in-app player's view of the document's last finished render: size, media type, waveform peaks (measured as the render wrote the file, or read from a 16-bit WAV/PCM file), chapter marks, whether word timings exist.",
  ),
  'script:renderAudioChunk': invoke<Uint8Array>()(
    z.object({
      docId,
      offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      length: z.number().int().min(1).max(MAX_AUDIO_CHUNK_BYTES),
    }),
    SMALL_INPUT,
    "Up to 4 MiB of the document's last finished render from a byte offset (fewer at the end); the player reads the file chunk by chunk.",
  ),
  'script:renderWaveSlice': invoke<WaveSlice>()(
    z.object({ docId, fromSeconds: z.number().min(0).max(1e7) }),
    SMALL_INPUT,
    "About 3 minutes (at most 4 MiB) of the document's last finished AAC or M4B render as ADTS frames from a time, for the window to decode for the waveform; the next slice starts at its `toSeconds`.",
  ),
  'script:renderWords': invoke<PlaybackWord[]>()(
    z.object({
      docId,
      fromMs: z.number().min(0).max(1e9),
      toMs: z.number().min(0).max(1e9),
    }),
    SMALL_INPUT,
    'The words heard between two times of the last finished render (at most 400), with their place in the script.',
  ),
  'script:preview': invoke<{ jobId: string }>()(
    z.object({
      ...openDocument,
      blockId,
      selection: z
        .object({
          start: z.number().int().min(0).max(MAX_BLOCK_TEXT),
          end: z.number().int().min(0).max(MAX_BLOCK_TEXT),
        })
        .optional(),
    }),
    SMALL_INPUT,
    'Streams a block (or a selection of it) as MP3: script:previewAudio chunks as they arrive, then script:previewEnded. Cancel with jobs:cancel.',
  ),
  'script:auditionLexicon': invoke<{ jobId: string }>()(
    z.object({
      voiceId,
      term: z.string().trim().min(1).max(200),
      alias: z.string().trim().min(1).max(400),
    }),
    SMALL_INPUT,
    'Streams a lexicon entry as it will be spoken (its alias) in a voice, with the preview events.',
  ),
  'script:previewPauses': invoke<{ jobId: string }>()(
    z.object({
      voiceId,
      paragraphMs: z.number().int().min(0).max(60_000),
      headingMs: z.number().int().min(0).max(60_000),
    }),
    SMALL_INPUT,
    "Streams two sample paragraphs in a voice with the paragraph pause between them, then the heading pause (each at most 10 s), with the preview events: Project settings' Preview.",
  ),
  'script:blockAudio': invoke<BlockAudio>()(
    z.object({ ...openDocument, blockId }),
    SMALL_INPUT,
    "A rendered block's audio from the local cache (WAV, no request) with its word timings; NOT_FOUND when not rendered.",
  ),
  'script:takes': invoke<BlockTake[]>()(
    z.object({
      ...openDocument,
      blockId,
      voiceIds: z.array(voiceId).min(2).max(2),
      /** Chosen by the window, so it can stop the request with `script:cancelTakes`. */
      requestId: z.uuid().optional(),
    }),
    SMALL_INPUT,
    'A/B takes of a block in two voices, synthesized into the cache and gain-matched to the same loudness (BS.1770).',
  ),
  'script:regenerateBlock': invoke<RegeneratedTake>()(
    z.object({ ...openDocument, blockId }),
    SMALL_INPUT,
    "Makes a new take of one block (only that block's characters are billed) into the local cache; the block's take names which one the render uses.",
  ),
  'script:blockTakes': invoke<RegeneratedTake[]>()(
    z.object({ ...openDocument, blockId }),
    SMALL_INPUT,
    "The takes of a block's current text kept in the local cache, newest first (at most 5, the chosen one always listed).",
  ),
  'script:takeAudio': invoke<BlockAudio>()(
    z.object({ ...openDocument, blockId, take: z.number().int().min(1).max(MAX_TAKE) }),
    SMALL_INPUT,
    'One take of a block from the local cache (WAV, no request) with its word timings; NOT_FOUND when it is no longer kept.',
  ),
  'script:cancelTakes': invoke<{ cancelled: boolean }>()(
    z.object({ requestId: z.uuid() }),
    SMALL_INPUT,
    'Stops making the A/B takes this window asked for under that request id; no further request is sent (pieces already synthesized stay cached).',
  ),

  'lexicon:getUser': invoke<LexiconEntry[]>()(
    none,
    NO_INPUT,
    'The pronunciations every project shares (the user dictionary, kept by main in the user data folder).',
  ),
  'lexicon:setUser': invoke<LexiconEntry[]>()(
    z.object({
      entries: z
        .array(lexiconEntrySchema)
        .max(MAX_LEXICON_ENTRIES, atMost('A lexicon', MAX_LEXICON_ENTRIES, 'entries')),
    }),
    LEXICON_INPUT,
    'Replaces the shared pronunciations (validated, written atomically, owner-only); answers them as saved.',
  ),
  'lexicon:import': invoke<LexiconImportResult | null>()(
    z.object({ target: z.enum(['project', 'user']) }),
    SMALL_INPUT,
    "Native open dialog for a PLS or CSV pronunciation file, read off main's event loop when large. For `user` its entries are merged into the shared dictionary (the file's win) and saved; for `project` they are answered for the page to add. Entries with only a phonetic spelling are counted in `skipped`. A refused file (not XML, wrong namespace, over 10 MB or 100,000 entries, a DOCTYPE, an empty word) is VALIDATION_FAILED naming the file and line, and changes nothing. Null when cancelled.",
  ),
  'lexicon:export': invoke<{ fileName: string; location: string; count: number } | null>()(
    z.object({
      source: z.enum(['project', 'user']),
      document: z.object(openDocument).optional(),
    }),
    SMALL_INPUT,
    "Writes the open project's pronunciations (main's copy at that revision) or the shared ones as PLS or CSV, by the extension chosen in the native save dialog (atomic). Null when cancelled.",
  ),

  'jobs:cancel': invoke<{ cancelled: boolean }>()(
    z.object({ jobId: z.uuid() }),
    SMALL_INPUT,
    'Cancels a running job (render, preview stream, download, watch) that this window started.',
  ),

  'conversations:open': invoke<ConversationSnapshot & { jobId: string | null }>()(
    z.object({ id: conversationId }),
    SMALL_INPUT,
    'Opens a conversation by id (NOT_FOUND with a clear message when unknown), adds it to the local list and follows it while not final; events bring the changes.',
  ),
  'conversations:close': invoke<{ closed: boolean }>()(
    z.object({ id: conversationId }),
    SMALL_INPUT,
    'Stops following a conversation in this window (no further reads).',
  ),
  'conversations:listRecent': invoke<RecentConversations>()(
    none,
    NO_INPUT,
    'The local list of opened conversations, most recent first (the service has no list).',
  ),
  'conversations:removeRecent': invoke<RecentConversations>()(
    z.object({ id: conversationId }),
    SMALL_INPUT,
    'Removes a conversation from the local list (the conversation itself is untouched).',
  ),
  'conversations:dismissListNotice': invoke<RecentConversations>()(
    none,
    NO_INPUT,
    'Hides the notice about a local list that could not be read at start.',
  ),
  'conversations:setVisibility': invoke<void>()(
    z.object({ hidden: z.boolean() }),
    SMALL_INPUT,
    "The window's visibility: hidden windows are polled every few seconds instead of every second.",
  ),
  'conversations:prepareRecording': invoke<RecordingInfo>()(
    z.object({ id: conversationId }),
    SMALL_INPUT,
    "Downloads (once, into main's cache) the recording of an opened conversation; the page then reads it in chunks.",
  ),
  'conversations:readRecording': invoke<Uint8Array>()(
    z.object({ id: conversationId, offset: z.number().int().min(0) }),
    SMALL_INPUT,
    'One chunk (at most 2 MiB) of a prepared recording, from `offset`.',
  ),
  'conversations:export': invoke<{ path: string; bytes: number } | null>()(
    z.object({ id: conversationId, format: z.enum(EXPORT_FORMATS) }),
    SMALL_INPUT,
    'Exports a conversation (JSON records as received, Markdown or plain text) through the save dialog, written atomically; null when cancelled.',
  ),
  'conversations:list': invoke<ConversationListResult>()(
    // Strict: every field is optional, so only refusing unknown keys tells a stray object apart.
    z.strictObject({
      cursor: z.string().min(1).max(2000).optional(),
      limit: z.number().int().min(1).max(200).optional(),
      agentId: z.string().min(1).max(200).optional(),
      status: z.string().min(1).max(40).optional(),
      startedAfter: listTime.optional(),
      startedBefore: listTime.optional(),
    }),
    SMALL_INPUT,
    "One page of the account's conversations, most recent first, filtered by agent, status and start time (at most 200 rows; follow `nextCursor`). `{served: false}` when the service does not list conversations.",
  ),
  'conversations:agents': invoke<Agent[] | null>()(
    none,
    NO_INPUT,
    'Every voice agent of the account with its name; null when the service has no agent list.',
  ),
  'conversations:stats': invoke<ConversationStats | null>()(
    none,
    NO_INPUT,
    "Counts by status and average duration of the account's conversations; null when not served.",
  ),
  'conversations:evaluationSummaries': invoke<Record<string, EvaluationSummary>>()(
    z.object({
      ids: z
        .array(conversationId)
        .max(MAX_SUMMARY_IDS, atMost('A request', MAX_SUMMARY_IDS, 'conversations')),
    }),
    SMALL_INPUT,
    'Criteria passed of total and the summary text of finished conversations (each read once, then kept in main); ids without evaluations yet are left out.',
  ),
  'conversations:watchInbox': invoke<void>()(
    z.object({ watching: z.boolean() }),
    SMALL_INPUT,
    "Starts (shown) or stops (hidden, left) polling the list of live conversations for this window, within the account's read limit; conversations:inbox events bring the changes.",
  ),
  'conversations:exportBatch': invoke<{ jobId: string; folder: string } | null>()(
    z
      .strictObject({
        ids: z
          .array(conversationId)
          .min(1, 'Select at least one conversation to export.')
          .max(MAX_BATCH_EXPORT, atMost('A selection', MAX_BATCH_EXPORT, 'conversations'))
          .optional(),
        // Or every call these filters match, found by main paging the list (not the rows loaded).
        filter: z
          .strictObject({
            agentId: z.string().min(1).max(200).optional(),
            status: z.string().min(1).max(40).optional(),
            startedAfter: listTime.optional(),
            startedBefore: listTime.optional(),
          })
          .optional(),
      })
      .refine(
        (input) => (input.ids === undefined) !== (input.filter === undefined),
        'Choose the conversations to export: a selection or a filter.',
      ),
    BATCH_INPUT,
    'Asks for a folder (native dialog), then writes a CSV summary and JSONL transcripts there as a job, each file atomically: of the ids given, or of every conversation the filter matches (main pages the list first; progress says `listing` meanwhile). Events: conversations:exportProgress, conversations:exportEnded; cancel with jobs:cancel. Null when the dialog is cancelled.',
  ),
  'conversations:overview': invoke<
    | { ready: true; overview: ConversationOverview }
    | { ready: false; jobId: string; saved: ConversationOverview | null }
  >()(
    z.strictObject({
      days: z.literal(OVERVIEW_PERIODS),
      agentId: z.string().min(1).max(200).nullable(),
      timeZone: z.string().min(1).max(64),
      refresh: z.boolean().optional(),
    }),
    SMALL_INPUT,
    "A period's calls at a glance (per day and outcome, durations, end reasons, pass rate per criterion) for one agent or all, by local day in `timeZone`. Figures read in the last two minutes come back at once; otherwise `saved` holds the figures counted from the calls saved on this computer (null when none reach the period, `saved` says how far they reach) and main brings the calls up to date, newest pages first, as a job: conversations:overviewProgress, conversations:overviewEnded; cancel with jobs:cancel.",
  ),
  'conversations:revealExport': invoke<void>()(
    z.object({ path: z.string().min(1).max(4096) }),
    SMALL_INPUT,
    'Shows a file this window exported (conversations:export, conversations:exportBatch) in the file manager; other paths are refused.',
  ),

  'voiceover:open': invoke<VoiceoverProject | VoiceoverOverlapQuestion | null>()(
    none,
    NO_INPUT,
    'Native open dialog for a subtitle file (SRT, WebVTT, ASS/SSA), read and checked off main: a bad file is refused naming its cue and line, before anything is sent; a file whose only problem is overlapping cues is asked about (voiceover:resolveOverlaps). Null when cancelled.',
  ),
  'voiceover:resolveOverlaps': invoke<VoiceoverProject>()(
    z.object({ pendingId: voiceoverId, choice: z.enum(VOICEOVER_OVERLAP_CHOICES) }),
    SMALL_INPUT,
    'Opens the subtitles voiceover:open asked about: overlapping cues merged into one line, or kept as two lines in their own voices.',
  ),
  'voiceover:openSample': invoke<VoiceoverProject>()(
    none,
    NO_INPUT,
    'Opens the sample subtitles shipped with the app (a short scene for two speakers) as a new voice-over, as voiceover:open would.',
  ),
  'voiceover:openProject': invoke<{
    project: VoiceoverProject
    missingVideo: string | null
  } | null>()(
    none,
    NO_INPUT,
    'Native open dialog for a saved voice-over project: its lines as edited, cast, fit and pace reopened, and its video when it is still where it was saved (else `missingVideo` names it and the project opens without it). A damaged or foreign file is refused with its reason. Null when cancelled.',
  ),
  'voiceover:saveProject': invoke<{ fileName: string } | null>()(
    z.object({ projectId: voiceoverId }),
    SMALL_INPUT,
    "Native save dialog (at the project's last saved place), then writes the project: its lines as edited, cast, fit, pace and the paths of its subtitles and video, which main remembers and the page never sees. Null when cancelled.",
  ),
  'voiceover:chooseVideo': invoke<VoiceoverProject | null>()(
    z.object({ projectId: voiceoverId }),
    SMALL_INPUT,
    "Native open dialog for the project's video (MP4, MOV, MKV, WebM); its length becomes the track's. Null when cancelled.",
  ),
  'voiceover:view': invoke<VoiceoverProject>()(
    z.object({ projectId: voiceoverId }),
    SMALL_INPUT,
    "An open voice-over's lines: each one's slot, its spoken length (measured, or predicted from the voice's pace) and its overflow.",
  ),
  'voiceover:editLine': invoke<VoiceoverPatch>()(
    z.object({
      projectId: voiceoverId,
      cue: z.number().int().min(1).max(1_000_000),
      text: z.string().trim().min(1, 'A line needs words to speak.').max(MAX_VOICEOVER_LINE),
    }),
    SMALL_INPUT,
    "Changes a line's words; only that line is spoken again by the next render. Answers with only the lines whose words or placement changed, and the summary (the page patches its view; a patch whose baseRevision is not the view's means: ask voiceover:view).",
  ),
  'voiceover:setSettings': invoke<VoiceoverPatch>()(
    z.object({ projectId: voiceoverId, settings: voiceoverSettingsSchema }),
    SMALL_INPUT,
    "Changes the voice, how long lines are fitted (faster pace, stretch, shift later lines) or the fastest pace. Answers as voiceover:editLine: only the lines whose plan changed (a line whose only change is the project's fit it takes is left out; the summary carries that fit), and the summary.",
  ),
  'voiceover:setLineFit': invoke<VoiceoverPatch>()(
    z.object({
      projectId: voiceoverId,
      cue: z.number().int().min(1).max(1_000_000),
      fit: z.enum(VOICEOVER_FITS).nullable(),
    }),
    SMALL_INPUT,
    "Gives one line a fit of its own (null: the project's again); the next render speaks only that line again, or none when its natural audio is kept. Answers with only the lines that changed, as voiceover:editLine.",
  ),
  'voiceover:render': invoke<{ jobId: string }>()(
    z.object({ projectId: voiceoverId }),
    SMALL_INPUT,
    'Renders the voice-over track as a job (lines already spoken come from the cache). Events: voiceover:renderProgress, voiceover:renderEnded; cancel with jobs:cancel.',
  ),
  'voiceover:chunk': invoke<Uint8Array>()(
    z.object({
      projectId: voiceoverId,
      file: z.enum(['track', 'video']),
      offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      length: z.number().int().min(1).max(MAX_AUDIO_CHUNK_BYTES),
    }),
    SMALL_INPUT,
    "Up to 4 MiB of the project's rendered track or of its video from a byte offset, for the player.",
  ),
  'voiceover:save': invoke<{ fileName: string } | null>()(
    z.object({
      projectId: voiceoverId,
      originalAudio: z.enum(['keep', 'drop']),
      audio: voiceoverAudioSchema.optional(),
    }),
    SMALL_INPUT,
    "Native save dialog, then writes the video with the voice-over as its first audio track (the picture copied as it is; its own sound kept as a second track or dropped), or the track when there is no video, in the chosen format and level (WAV as spoken by default) through the engine's encoders. Null when cancelled.",
  ),
  'voiceover:saveReport': invoke<{ fileName: string } | null>()(
    z.object({ projectId: voiceoverId }),
    SMALL_INPUT,
    "Native save dialog, then writes the last render's report per line (slot, natural and final length, what was done): JSON for a .json name, readable text otherwise. Null when cancelled.",
  ),
  'voiceover:saveSubtitles': invoke<{ fileName: string } | null>()(
    z.object({ projectId: voiceoverId }),
    SMALL_INPUT,
    'Native save dialog, then writes the subtitles re-timed to the last render (each cue moved to where its line is heard): WebVTT for a .vtt name, SRT otherwise. Null when cancelled.',
  ),
  'voiceover:close': invoke<void>()(
    z.object({ projectId: voiceoverId }),
    SMALL_INPUT,
    'Forgets an open voice-over and its rendered track.',
  ),
} as const

/** Every event channel main may send to the window that subscribed. */
export const events = {
  'account:changed': event<AccountStatus>(
    'The account status changed (key set or forgotten, plan, base URL, token expiry).',
  ),
  'app:themeChanged': event<{ theme: ThemeChoice }>(
    'The colour theme was changed (from the View menu or from a window).',
  ),
  'app:menuCommand': event<MenuCommand>(
    'A menu item or its accelerator was chosen: sent only to the focused window, which runs the same action as its on-screen control.',
  ),
  'voices:tryAudio': event<{ jobId: string; seq: number; chunk: Uint8Array }>(
    'MP3 bytes of a "try with my text" stream, batched, in order (seq counts from 0); never dropped.',
  ),
  'voices:tryEnded': event<
    { jobId: string; ok: true; bytes: number } | { jobId: string; ok: false; error: AppErrorData }
  >('A "try with my text" stream ended: complete (bytes sent) or failed/cancelled.'),
  'conversations:event': event<ConversationEvent>(
    'A webhook-style event derived by the poller (conversation.started, message.created, conversation.ended, evaluation.completed); ids are stable, so a repeat can be dropped.',
  ),
  'conversations:watch': event<WatchState>(
    'How following a conversation goes: following, reconnecting (with the error), waiting for evaluations, done, stopped.',
  ),
  'conversations:recentChanged': event<RecentConversations>(
    'The local list changed (a conversation opened, or its status or duration changed).',
  ),
  'conversations:inbox': event<InboxUpdate>(
    'The inbox poller saw a live conversation change or finish, read the evaluations of a finished one, found the list not served, or failed a poll.',
  ),
  'conversations:exportProgress': event<BatchExportProgress>(
    'Conversations written so far by a batch export (throttled).',
  ),
  'conversations:exportEnded': event<BatchExportEnded>(
    'A batch export ended: its two files, or the error (CANCELLED when stopped; nothing is left under the final names then).',
  ),
  'conversations:overviewProgress': event<OverviewProgress>(
    'Calls listed and evaluations read so far by an overview read (throttled).',
  ),
  'conversations:overviewEnded': event<OverviewEnded>(
    "An overview read ended: the period's figures, or the error (CANCELLED when stopped).",
  ),
  'script:renderProgress': event<RenderStatus>(
    'Progress of a render this window started (throttled), with a pause notice while the network is down.',
  ),
  'script:importProgress': event<{
    importId: string
    done: number
    total: number
    unit?: 'page' | 'section' | 'contents'
  }>(
    "A manuscript being read (dropped or opened): `done` of its `total` pages chosen (a PDF), or `unit` section (an EPUB's parts in reading order), after `unit` contents (0 of 0) while the book's table of contents is read; at most about 200 reports per phase.",
  ),
  'script:renderEnded': event<
    | { jobId: string; docId: string; ok: true; finished: FinishedRender }
    | { jobId: string; docId: string; ok: false; error: AppErrorData }
  >('A render ended: finished (with its report), failed or cancelled.'),
  'script:previewAudio': event<{ jobId: string; seq: number; chunk: Uint8Array }>(
    'MP3 bytes of a block preview, in order (seq counts from 0), as they arrive.',
  ),
  'script:previewEnded': event<
    { jobId: string; ok: true; bytes: number } | { jobId: string; ok: false; error: AppErrorData }
  >('A block preview stream ended: complete, failed or cancelled.'),
  'voiceover:renderProgress': event<VoiceoverProgress>(
    'Progress of a voice-over render this window started (throttled): speaking, fitting, writing.',
  ),
  'voiceover:renderEnded': event<
    | { jobId: string; projectId: string; ok: true; project: VoiceoverProject }
    | { jobId: string; projectId: string; ok: false; error: AppErrorData }
  >('A voice-over render ended: the project with its measured lines, or the error.'),
} as const

export type Invokes = typeof invokes
export type Events = typeof events
export type InvokeChannel = keyof Invokes
export type EventChannel = keyof Events

/**
 * The envelope main sends for any of the given event channels, its payload the contract's: core
 * names the channels it reports on and declares no payload shape of its own.
 */
export type EventOf<C extends EventChannel> = {
  [E in C]: { channel: E; payload: PayloadOf<Events, E> }
}[C]

/** The typed surface the preload exposes as `window.api`. */
export type Api = ApiOf<Invokes, Events>
