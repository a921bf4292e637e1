import type {
  CleanupPreview,
  CleanupSettings,
  CleanupTrial,
} from '../../../../../shared/domain/cleanup-rules'
import { call } from '../../../lib/ipc'
import { onOpenDocument } from './document-sync'

/** What the clean-up rules would change in the open script (main's copy), nothing applied. */
export function previewCleanup(settings: CleanupSettings): Promise<CleanupPreview> {
  return onOpenDocument((document) =>
    call((api) => api.script.cleanupPreview({ ...document, settings })),
  )
}

/** A sample after the clean-up rules, for the rules' test field. */
export function tryCleanup(settings: CleanupSettings, sample: string): Promise<CleanupTrial> {
  return call((api) => api.script.cleanupTry({ settings, sample }))
}

/** The clean-up rules last applied (shared by every project), or null before the first. */
export function savedCleanupRules(): Promise<CleanupSettings | null> {
  return call((api) => api.script.getCleanupRules())
}

/** Keeps the rules just applied for the next time and the next script. */
export function saveCleanupRules(settings: CleanupSettings): Promise<void> {
  return call((api) => api.script.saveCleanupRules({ settings }))
}
