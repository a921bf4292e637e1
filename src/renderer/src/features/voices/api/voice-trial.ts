import type { Api } from '../../../../../shared/ipc/contract'
import { call, subscribeAll } from '../../../lib/ipc'

/** What the listener of an event receives: the payload the contract declares for it. */
type PayloadOf<On extends (listener: never) => () => void> = Parameters<Parameters<On>[0]>[0]
type TryAudioEvent = PayloadOf<Api['voices']['onTryAudio']>
type TryEndedEvent = PayloadOf<Api['voices']['onTryEnded']>

/** Starts speaking `text` with a voice in main ("try with my text"); resolves with the job id. */
export function startVoiceTrial(input: {
  voiceId: string
  text: string
  model?: string
}): Promise<{ jobId: string }> {
  return call((api) => api.voices.tryText(input))
}

/** Cancels a running job in main; a job that already ended is not an error worth showing. */
export function cancelVoiceTrial(jobId: string): void {
  void call((api) => api.jobs.cancel({ jobId })).catch(() => undefined)
}

/** Listens to the trial's audio chunks and its end; returns the function that stops both. */
export function onVoiceTrialEvents(handlers: {
  audio: (event: TryAudioEvent) => void
  ended: (event: TryEndedEvent) => void
}): () => void {
  return subscribeAll(
    (api) => api.voices.onTryAudio(handlers.audio),
    (api) => api.voices.onTryEnded(handlers.ended),
  )
}
