import { z } from 'zod'
import { PLANS, planLimitsSchema } from '../../../shared/domain/account'
import { THEME_CHOICES } from '../../../shared/domain/app'
import { cleanupSettingsSchema } from '../../../shared/domain/cleanup-rules'

/** The settings file format version this build writes. */
export const SETTINGS_VERSION = 1

/**
 * The service base URL before the user sets one. Empty: the service's address is not built in; the
 * Account screen asks for it (development runs use the sandbox until then).
 */
export const DEFAULT_BASE_URL = ''

const boundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(200).max(100_000),
  height: z.number().int().min(150).max(100_000),
})
export type WindowBounds = z.infer<typeof boundsSchema>

const recentItemSchema = z.object({
  kind: z.string().min(1).max(64),
  id: z.string().min(1).max(512),
  label: z.string().max(512),
  openedAt: z.string().max(64),
})
export type RecentItem = z.infer<typeof recentItemSchema>

/**
 * Everything VoiceDesk remembers that is not a secret, as stored in `<userData>/settings.json`.
 * Every field has a default, so a file from an older build with fewer fields still loads.
 */
export const settingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION),
  baseUrl: z.string().max(2048).default(DEFAULT_BASE_URL),
  plan: z.enum(PLANS).default('free'),
  /**
   * The user answered which plan their account is on (the service has no way to tell): Account
   * asks once, after the first accepted key, and never again. Older files without it still load;
   * a plan other than Free there counts as answered (account-status.ts).
   */
  planAnswered: z.boolean().default(false),
  /**
   * Why `catch`: limits saved by an older build without bounds (a rate of 1e-7) mean "no custom
   * limits" (the free plan's, until set again), not a reset of every setting.
   */
  customLimits: planLimitsSchema.nullable().default(null).catch(null),
  /**
   * The user's page on the voice service's website, where credit is added (the service's
   * interface names no such address, so the user gives it). Not a secret. Checked again before it
   * is opened (core/account/account-page.ts): this file can be edited by hand.
   */
  accountPage: z.string().max(2048).nullable().default(null).catch(null),
  /** Which keychain entry holds the active credential; the secret itself is never in this file. */
  credential: z.enum(['none', 'apiKey', 'accessToken']).default('none'),
  /**
   * Written by older builds: the origin the saved credential belonged to. No longer read: the
   * origin now lives with the key in its keychain entry (account/keychain-entry.ts), because this
   * copy could be written when the key itself was not. Cleared whenever a credential is saved.
   */
  credentialOrigin: z.string().max(2048).nullable().default(null),
  /**
   * The user forgot the credential while the keychain could not be reached: it is not used, and
   * it is removed from the keychain at the next start that reaches it.
   */
  forgetPending: z.boolean().default(false),
  verifiedAt: z.string().max(64).nullable().default(null),
  window: z
    .object({
      bounds: boundsSchema.nullable().default(null),
      maximized: z.boolean().default(false),
    })
    .default({ bounds: null, maximized: false }),
  recent: z.array(recentItemSchema).max(50).default([]),
  /**
   * The colour theme: follow the OS, or always light or dark. Why `catch`: a choice this build
   * does not know (written by a newer one) means "system", not a reset of every setting.
   */
  theme: z.enum(THEME_CHOICES).default('system').catch('system'),
  /**
   * The clean-up rules last applied, shared by every project (Edit > Clean Up Text… opens with
   * them). Why `catch`: rules a newer build wrote that this one cannot read mean "the defaults",
   * not a reset of every setting.
   */
  cleanupRules: cleanupSettingsSchema.nullable().default(null).catch(null),
})

export type Settings = z.infer<typeof settingsSchema>

/** A fresh settings object with every default. */
export function defaultSettings(): Settings {
  return settingsSchema.parse({ version: SETTINGS_VERSION })
}
