import { z } from 'zod'
import type { AccountStatus, VerifyResult } from '../domain/account'
import { PLANS, planLimitsSchema } from '../domain/account'
import type { AppInfo } from '../domain/app'
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
    z.object({ voiceId, kind: z.enum(['avatar', 'preview']), locale: z.string().max(35).optional() }),
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
  'voices:downloadSample': invoke<{ path: string; bytes: number; extension: SampleExtension } | null>()(
    z.object({ voiceId, voiceName: z.string().max(200) }),
    "Downloads a personal voice's sample, then asks where to save it (extension from the bytes); written atomically. Null when cancelled.",
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
} as const

export type Invokes = typeof invokes
export type Events = typeof events
export type InvokeChannel = keyof Invokes
export type EventChannel = keyof Events

/** The typed surface the preload exposes as `window.api`. */
export type Api = ApiOf<Invokes, Events>
