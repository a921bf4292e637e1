import { z } from 'zod'
import type { AccountStatus, VerifyResult } from '../domain/account'
import { PLANS, planLimitsSchema } from '../domain/account'
import type { AppInfo } from '../domain/app'
import type { RenderEstimate } from '../domain/narration'
import { projectSchema } from '../domain/script'
import type {
  BlockAudio,
  BlockAudioState,
  BlockTake,
  FinishedRender,
  OpenedDocument,
  RecentProject,
  RecoveryOffer,
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
import type { SampleExtension, Voice } from '../domain/voice'
import { VOICE_GENDERS } from '../domain/voice'
import type { AppErrorData } from '../errors'
import type { ApiOf } from './contract-types'
import { event, invoke } from './contract-types'

const none = z.undefined()

/** A conversation id as the service issues them (conv_…); checked before it reaches a path or file name. */
const conversationId = z
  .string()
  .trim()
  .min(1, 'Enter a conversation id.')
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, 'A conversation id has only letters, digits, _ and -.')

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

const voiceId = z.string().min(1).max(200)
const docId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/)
const recentId = z.string().regex(/^[0-9a-f]{16}$/)
/** Largest dropped script text (a 100,000-word book is about 600 KB). */
const MAX_SCRIPT_TEXT = 20 * 1024 * 1024
/** Largest sample the page may send (the service takes 10 MiB). */
const MAX_SAMPLE_UPLOAD = 10 * 1024 * 1024

/**
 * Every invoke channel the renderer may call, `domain:action`, with its input schema and output
 * type. register.ts, the preload and the browser e2e host are all generated from this object.
 */
export const invokes = {
  'app:getInfo': invoke<AppInfo>()(
    none,
    'Name, version and platform of the app, and whether it runs on the sandbox.',
  ),
  'app:openExternal': invoke<void>()(
    z.object({ url: z.string().min(1).max(2048) }),
    'Opens an http(s) link in the default browser through the one guarded helper; other schemes are refused.',
  ),

  'account:getStatus': invoke<AccountStatus>()(
    none,
    'What the UI may know about the account: never the key.',
  ),
  'account:setApiKey': invoke<AccountStatus>()(
    z.object({ apiKey: z.string().trim().min(8).max(512) }),
    'Stores an API key in the OS keychain (session only when the keychain is unavailable).',
  ),
  'account:setAccessToken': invoke<AccountStatus>()(
    z.object({ token: z.string().trim().min(16).max(8192) }),
    'Signs in with a pasted access token (JWT); its scope and expiry are read from the token.',
  ),
  'account:forget': invoke<AccountStatus>()(
    none,
    'Removes the stored key or token from the keychain and memory.',
  ),
  'account:setBaseUrl': invoke<AccountStatus>()(
    z.object({ baseUrl: z.string().trim().min(1).max(2048) }),
    'Sets the service base URL (current or legacy address); https required except on loopback.',
  ),
  'account:setPlan': invoke<AccountStatus>()(
    z.object({ plan: z.enum(PLANS), customLimits: planLimitsSchema.optional() }),
    'Sets the plan, which sets the client-side synthesis limits.',
  ),
  'account:verify': invoke<VerifyResult>()(
    none,
    'One cheap authenticated call to prove the credential and base URL work.',
  ),

  'voices:list': invoke<Voice[]>()(
    z.object({ refresh: z.boolean() }),
    'The catalog plus the personal voices of the account, every page followed; cached in main until refreshed.',
  ),
  'voices:getLibrary': invoke<VoiceLibrary>()(
    none,
    'Favourites, recently used voices and consent records (local file), with a notice if it was reset.',
  ),
  'voices:setFavorite': invoke<VoiceLibrary>()(
    z.object({ voiceId, favorite: z.boolean() }),
    'Marks or unmarks a favourite voice.',
  ),
  'voices:markUsed': invoke<VoiceLibrary>()(
    z.object({ voiceId }),
    'Moves a voice to the front of the recently used list (20 kept).',
  ),
  'voices:getMedia': invoke<VoiceMedia | null>()(
    z.object({
      voiceId,
      kind: z.enum(['avatar', 'preview']),
      locale: z.string().max(35).optional(),
    }),
    "A voice's avatar or preview audio, fetched by main and cached on disk; null when the voice has none.",
  ),
  'voices:chooseSample': invoke<StagedVoiceSample | null>()(
    none,
    'Native open dialog for a voice sample (at most 10 MB); main reads and holds it. Null when cancelled.',
  ),
  'voices:stageSample': invoke<StagedVoiceSample>()(
    z.object({
      fileName: z.string().max(255),
      bytes: z
        .instanceof(Uint8Array)
        .refine((b) => b.byteLength > 0, 'The file is empty.')
        .refine((b) => b.byteLength <= MAX_SAMPLE_UPLOAD, 'The file is larger than 10 MB.'),
    }),
    'Holds a dropped or recorded sample (bytes from the page, at most 10 MB) until the voice is created.',
  ),
  'voices:create': invoke<Voice>()(
    z.object({
      name: z.string().trim().min(1).max(100),
      gender: z.enum(VOICE_GENDERS),
      locale: z
        .string()
        .regex(/^[a-z]{2,3}-[A-Z]{2}$/)
        .optional(),
      sampleId: z.uuid(),
      consent: z.object({
        fullName: z.string().trim().min(1).max(200),
        email: z.email().max(320),
        confirmed: z.literal(true),
      }),
    }),
    'Creates a personal voice from a held sample with consent; main re-checks the audio first and keeps a consent record.',
  ),
  'voices:delete': invoke<void>()(
    z.object({ voiceId }),
    'Deletes a personal voice (not retried blindly; a 404 on retry counts as done).',
  ),
  'voices:downloadSample': invoke<{
    path: string
    bytes: number
    extension: SampleExtension
  } | null>()(
    z.object({ voiceId, voiceName: z.string().max(200) }),
    "Downloads a personal voice's sample, then asks where to save it (extension from the bytes); written atomically. Null when cancelled.",
  ),
  'voices:revealSample': invoke<void>()(
    z.object({ path: z.string().min(1).max(4096) }),
    'Shows a sample this window saved (voices:downloadSample) in the file manager; other paths are refused.',
  ),
  'voices:tryText': invoke<{ jobId: string }>()(
    z.object({
      voiceId,
      text: z.string().trim().min(1).max(500),
      model: z.string().max(100).optional(),
      language: z.string().max(35).optional(),
    }),
    'Streams a short line (MP3) in a voice as a job: voices:tryAudio chunks, then voices:tryEnded. Cancel with jobs:cancel.',
  ),

  'script:new': invoke<OpenedDocument>()(none, 'A new, empty, unsaved script.'),
  'script:open': invoke<OpenedDocument | null>()(
    none,
    'Native open dialog: a project opens as saved, a .txt/Markdown script as a new import (dialogue speakers detected). Null when cancelled.',
  ),
  'script:openRecent': invoke<OpenedDocument>()(
    z.object({ recentId }),
    'Opens a recent project by its id (main keeps the paths).',
  ),
  'script:listRecent': invoke<RecentProject[]>()(
    none,
    'Recently opened or saved projects, newest first.',
  ),
  'script:removeRecent': invoke<void>()(
    z.object({ recentId }),
    'Removes an entry from the recent list.',
  ),
  'script:importDropped': invoke<OpenedDocument>()(
    z.object({ fileName: z.string().min(1).max(255), text: z.string().max(MAX_SCRIPT_TEXT) }),
    'A .txt/Markdown script dropped on the window (its text, read by the page) as a new unsaved script.',
  ),
  'script:save': invoke<SavedDocument | null>()(
    z.object({ docId, project: projectSchema, as: z.boolean().optional() }),
    "Saves to the document's file (atomic, re-read before it replaces the old one); asks where with the native dialog when it has none or `as` is set. Null when cancelled.",
  ),
  'script:saveDraft': invoke<void>()(
    z.object({ docId, changes: documentChangesSchema }),
    "Applies an open document's block-level changes to main's copy and writes its crash-recovery draft (sent about a second after typing stops, only when something changed).",
  ),
  'script:close': invoke<void>()(
    z.object({ docId }),
    'A clean close: forgets the document and its recovery draft.',
  ),
  'script:getRecovery': invoke<RecoveryOffer[]>()(
    none,
    'Drafts left by a crash or kill, newest first.',
  ),
  'script:restoreRecovery': invoke<OpenedDocument>()(
    z.object({ docId }),
    'Reopens a recovered draft (unsaved) under its old id.',
  ),
  'script:discardRecovery': invoke<void>()(z.object({ docId }), 'Deletes a recovered draft.'),
  'script:blockStates': invoke<Record<string, BlockAudioState>>()(
    z.object({
      docId,
      blockIds: z.array(z.string().max(100)).max(100_000).optional(),
    }),
    "Audio state of an open document's blocks (all or the listed ones), from main's copy as of the last saveDraft: cached, stale since the last render, new, empty or without voice.",
  ),
  'script:estimate': invoke<RenderEstimate>()(
    z.object({ project: projectSchema }),
    'What a render will cost: pieces, cached pieces, requests and billable characters.',
  ),
  'script:renderOverview': invoke<RenderOverview>()(
    z.object({ docId }),
    "The document's running render, a stopped one that can resume, and the last finished one.",
  ),
  'script:startRender': invoke<{ jobId: string; outputName: string } | null>()(
    z.object({
      docId,
      project: projectSchema,
      settings: renderSettingsSchema,
      resume: z.boolean().optional(),
    }),
    'Renders the script as a job (native save dialog for the file; a resume reuses the last target). Events: script:renderProgress, script:renderEnded. Null when the dialog is cancelled.',
  ),
  'script:revealOutput': invoke<void>()(
    z.object({ docId }),
    "Shows the document's last finished render in the file manager.",
  ),
  'script:openOutput': invoke<void>()(
    z.object({ docId }),
    "Opens the document's last finished render in the default player.",
  ),
  'script:preview': invoke<{ jobId: string }>()(
    z.object({
      project: projectSchema,
      blockId: z.string().min(1).max(100),
      selection: z
        .object({ start: z.number().int().min(0), end: z.number().int().min(0) })
        .optional(),
    }),
    'Streams a block (or a selection of it) as MP3: script:previewAudio chunks as they arrive, then script:previewEnded. Cancel with jobs:cancel.',
  ),
  'script:auditionLexicon': invoke<{ jobId: string }>()(
    z.object({
      voiceId,
      term: z.string().trim().min(1).max(200),
      alias: z.string().trim().min(1).max(400),
    }),
    'Streams a lexicon entry as it will be spoken (its alias) in a voice, with the preview events.',
  ),
  'script:blockAudio': invoke<BlockAudio>()(
    z.object({ project: projectSchema, blockId: z.string().min(1).max(100) }),
    "A rendered block's audio from the local cache (WAV, no request) with its word timings; NOT_FOUND when not rendered.",
  ),
  'script:takes': invoke<BlockTake[]>()(
    z.object({
      project: projectSchema,
      blockId: z.string().min(1).max(100),
      voiceIds: z.array(voiceId).min(2).max(2),
      /** Chosen by the window, so it can stop the request with `script:cancelTakes`. */
      requestId: z.uuid().optional(),
    }),
    'A/B takes of a block in two voices, synthesized into the cache and gain-matched to the same loudness (BS.1770).',
  ),
  'script:cancelTakes': invoke<{ cancelled: boolean }>()(
    z.object({ requestId: z.uuid() }),
    'Stops making the A/B takes this window asked for under that request id; no further request is sent (pieces already synthesized stay cached).',
  ),

  'jobs:cancel': invoke<{ cancelled: boolean }>()(
    z.object({ jobId: z.uuid() }),
    'Cancels a running job (render, preview stream, download, watch) that this window started.',
  ),

  'conversations:open': invoke<ConversationSnapshot & { jobId: string | null }>()(
    z.object({ id: conversationId }),
    'Opens a conversation by id (NOT_FOUND with a clear message when unknown), adds it to the local list and follows it while not final; events bring the changes.',
  ),
  'conversations:close': invoke<{ closed: boolean }>()(
    z.object({ id: conversationId }),
    'Stops following a conversation in this window (no further reads).',
  ),
  'conversations:listRecent': invoke<RecentConversations>()(
    none,
    'The local list of opened conversations, most recent first (the service has no list).',
  ),
  'conversations:removeRecent': invoke<RecentConversations>()(
    z.object({ id: conversationId }),
    'Removes a conversation from the local list (the conversation itself is untouched).',
  ),
  'conversations:dismissListNotice': invoke<RecentConversations>()(
    none,
    'Hides the notice about a local list that could not be read at start.',
  ),
  'conversations:setVisibility': invoke<void>()(
    z.object({ hidden: z.boolean() }),
    "The window's visibility: hidden windows are polled every few seconds instead of every second.",
  ),
  'conversations:prepareRecording': invoke<RecordingInfo>()(
    z.object({ id: conversationId }),
    "Downloads (once, into main's cache) the recording of an opened conversation; the page then reads it in chunks.",
  ),
  'conversations:readRecording': invoke<Uint8Array>()(
    z.object({ id: conversationId, offset: z.number().int().min(0) }),
    'One chunk (at most 2 MiB) of a prepared recording, from `offset`.',
  ),
  'conversations:export': invoke<{ path: string; bytes: number } | null>()(
    z.object({ id: conversationId, format: z.enum(EXPORT_FORMATS) }),
    'Exports a conversation (JSON records as received, Markdown or plain text) through the save dialog, written atomically; null when cancelled.',
  ),
} as const

/** Every event channel main may send to the window that subscribed. */
export const events = {
  'account:changed': event<AccountStatus>(
    'The account status changed (key set or forgotten, plan, base URL, token expiry).',
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
  'script:renderProgress': event<RenderStatus>(
    'Progress of a render this window started (throttled), with a pause notice while the network is down.',
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
} as const

export type Invokes = typeof invokes
export type Events = typeof events
export type InvokeChannel = keyof Invokes
export type EventChannel = keyof Events

/** The typed surface the preload exposes as `window.api`. */
export type Api = ApiOf<Invokes, Events>
