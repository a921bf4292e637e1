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
