import type { VoiceoverProgress, VoiceoverProject } from '../../../shared/domain/voiceover'
import type { AppErrorData } from '../../../shared/errors'
import { toAppErrorData } from '../../../shared/errors'

/** The events a voice-over render sends to the window that started it. */
export type VoiceoverEvent =
  | { channel: 'voiceover:renderProgress'; payload: VoiceoverProgress }
  | {
      channel: 'voiceover:renderEnded'
      payload:
        | { jobId: string; projectId: string; ok: true; project: VoiceoverProject }
        | { jobId: string; projectId: string; ok: false; error: AppErrorData }
    }

/** The end event of a render that failed or was cancelled, its error in plain words. */
export function renderFailed(jobId: string, projectId: string, error: unknown): VoiceoverEvent {
  return {
    channel: 'voiceover:renderEnded',
    payload: {
      jobId,
      projectId,
      ok: false,
      error: toAppErrorData(error, {
        message:
          'The voice-over could not be rendered. Try again; if it keeps failing, restart VoiceDesk.',
        retryable: true,
      }),
    },
  }
}
