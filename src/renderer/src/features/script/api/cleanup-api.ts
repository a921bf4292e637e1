import type { OpenedDocument } from '../../../../../shared/domain/script-workspace'
import type {
  CleanupPreview,
  CleanupSettings,
  CleanupTrial,
} from '../../../../../shared/domain/cleanup-rules'
import { AppError } from '../../../../../shared/errors'
import { call } from '../../../lib/ipc'
import { onOpenDocument } from './document-sync'

/**
 * What the clean-up rules would change in the open script (main's copy), nothing applied; not
 * sent at all when `signal` ends while the waiting edits go first.
 */
export function previewCleanup(
  settings: CleanupSettings,
  signal?: AbortSignal,
): Promise<CleanupPreview> {
  return onOpenDocument((document) => {
    // Why: main lets the newest preview of a script cancel the one running. A preview given up
    // while its edits were sent would otherwise reach main after the one now on screen, and
    // cancel it ("Cancelled" shown for the rules the user is looking at).
    if (signal?.aborted === true) {
      return Promise.reject(new AppError('CANCELLED', 'The preview was replaced by a newer one.'))
    }
    return call((api) => api.script.cleanupPreview({ ...document, settings }))
  })
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

/** The names of the user's rule sets, shared by every project. */
export function cleanupRuleSetNames(): Promise<string[]> {
  return call((api) => api.script.listCleanupRuleSets())
}

/** A named rule set's rules (refused with the reason when its file cannot be used). */
export function cleanupRuleSet(name: string): Promise<CleanupSettings> {
  return call((api) => api.script.getCleanupRuleSet({ name }))
}

/** Saves the rules as a named set every project can choose. */
export function saveCleanupRuleSet(name: string, settings: CleanupSettings): Promise<void> {
  return call((api) => api.script.saveCleanupRuleSet({ name, settings }))
}

/** Deletes a named rule set. */
export function deleteCleanupRuleSet(name: string): Promise<void> {
  return call((api) => api.script.deleteCleanupRuleSet({ name }))
}

/** What the rules would change in a manuscript import not opened yet (main's copy as imported). */
export function previewImportCleanup(
  docId: string,
  settings: CleanupSettings,
): Promise<CleanupPreview> {
  return call((api) => api.script.cleanupPreview({ docId, revision: 0, settings }))
}

/** Opens a reviewed manuscript import with the rules accepted: main cleans its copy first. */
export function finishImport(docId: string, settings: CleanupSettings): Promise<OpenedDocument> {
  return call((api) => api.script.finishImport({ docId, settings }))
}
