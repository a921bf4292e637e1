import { z } from 'zod'
import type { AccountStatus, VerifyResult } from '../domain/account'
import { PLANS, planLimitsSchema } from '../domain/account'
import type { AppInfo } from '../domain/app'
import type { ApiOf } from './contract-types'
import { event, invoke } from './contract-types'

const none = z.undefined()

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

  'jobs:cancel': invoke<{ cancelled: boolean }>()(
    z.object({ jobId: z.uuid() }),
    'Cancels a running job (render, preview stream, download, watch) that this window started.',
  ),
} as const

/** Every event channel main may send to the window that subscribed. */
export const events = {
  'account:changed': event<AccountStatus>(
    'The account status changed (key set or forgotten, plan, base URL, token expiry).',
  ),
} as const

export type Invokes = typeof invokes
export type Events = typeof events
export type InvokeChannel = keyof Invokes
export type EventChannel = keyof Events

/** The typed surface the preload exposes as `window.api`. */
export type Api = ApiOf<Invokes, Events>
