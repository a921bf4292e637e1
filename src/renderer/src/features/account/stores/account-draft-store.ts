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
}))
