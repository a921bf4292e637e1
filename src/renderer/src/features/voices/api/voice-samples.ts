import type { StagedVoiceSample } from '../../../../../shared/ipc/contract'
import { call } from '../../../lib/ipc'

/**
 * Hands a sample's bytes (a dropped file or a microphone recording) to main, which keeps them
 * until the voice is created; the page gets back the staged sample to check and play.
 */
export function stageSample(fileName: string, bytes: Uint8Array): Promise<StagedVoiceSample> {
  return call((api) => api.voices.stageSample({ fileName, bytes: new Uint8Array(bytes) }))
}

/** Opens main's file dialog for a sample; null when the user cancelled it. */
export function chooseSampleFile(): Promise<StagedVoiceSample | null> {
  return call((api) => api.voices.chooseSample())
}

/** Shows a downloaded sample in the system file manager (a path main itself wrote). */
export function revealSample(path: string): Promise<void> {
  return call((api) => api.voices.revealSample({ path }))
}
