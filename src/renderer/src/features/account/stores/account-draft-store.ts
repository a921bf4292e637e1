import { create } from 'zustand'
import type { Plan } from '../../../../../shared/domain/account'

/** Which credential form the Account screen shows. */
export type CredentialMode = 'apiKey' | 'accessToken'

export interface PlanDraft {
  plan: Plan
  requestsPerSecond: string
  maxInFlight: string
}

interface AccountDraftState {
  /** The base URL being edited; null means "not edited": show the saved value. */
  baseUrlDraft: string | null
  planDraft: PlanDraft | null
  credentialMode: CredentialMode | null
  setBaseUrlDraft: (value: string | null) => void
  setPlanDraft: (value: PlanDraft | null) => void
  setCredentialMode: (mode: CredentialMode) => void
  /** Advanced is open; `focus` names the field an error's action sent the user to. */
  advanced: { open: boolean; focus: 'address' | 'token' | null }
  setAdvanced: (open: boolean, focus?: 'address' | 'token' | null) => void
  /**
   * The credential just saved, as `credential|hint|address`, that the connection card checks
   * once it shows that credential (a save verifies without an extra click); null when none.
   */
  verifyFor: string | null
  setVerifyFor: (key: string | null) => void
  /** The replace-key form is open (also opened by "Paste a new key" on a refused key). */
  replacingKey: boolean
  setReplacingKey: (open: boolean) => void
}

/** What identifies one credential at one address in the window (never the secret itself). */
export function credentialKeyOf(status: {
  credential: string
  keyHint: string | null
  baseUrl: string
}): string {
  return `${status.credential}|${status.keyHint ?? ''}|${status.baseUrl}`
}

/**
 * UI state of the Account screen that should survive switching workspaces. Why no key or token
 * here: secrets live only in the password field until submitted, never in a store.
 */
export const useAccountDraftStore = create<AccountDraftState>((set) => ({
  baseUrlDraft: null,
  planDraft: null,
  credentialMode: null,
  setBaseUrlDraft: (value) => set({ baseUrlDraft: value }),
  setPlanDraft: (value) => set({ planDraft: value }),
  setCredentialMode: (mode) => set({ credentialMode: mode }),
  advanced: { open: false, focus: null },
  setAdvanced: (open, focus = null) => set({ advanced: { open, focus } }),
  verifyFor: null,
  setVerifyFor: (key) => set({ verifyFor: key }),
  replacingKey: false,
  setReplacingKey: (open) => set({ replacingKey: open }),
}))
