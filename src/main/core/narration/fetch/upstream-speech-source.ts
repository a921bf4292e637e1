import type { Voice } from '../../../../shared/domain/voice'
import type { UpstreamClient } from '../../upstream/upstream-client'
import type { SpeechSource } from './speech-source'

/**
 * The narration engine's speech source over the real upstream client: every piece goes through
 * the client's account-wide scheduler (rate and in-flight limits, Retry-After, retries), at a
 * priority below previews so a preview never waits behind a long render. Its voice list is the
 * client's (or the one the caller already holds).
 */
export function upstreamSpeechSource(
  client: UpstreamClient,
  options: {
    priority?: number
    /** The voice list to check against (the app's cached one); default: one read from the client. */
    voices?: (signal?: AbortSignal) => Promise<Voice[]>
  } = {},
): SpeechSource {
  return {
    listVoices:
      options.voices ?? ((signal) => client.listVoices(signal === undefined ? {} : { signal })),
    get maxInFlight() {
      return client.scheduler.stats().limits.maxInFlight
    },
    onServiceBusy: (listener) => client.scheduler.onPause(listener),
    async synthesizePiece(request, signal) {
      const result = await client.synthesize({
        input: request.input,
        voiceId: request.voiceId,
        format: request.format,
        ...(request.language ? { language: request.language } : {}),
        ...(request.model ? { model: request.model } : {}),
        options: {
          textNormalization: request.textNormalization,
          loudnessNormalization: request.loudnessNormalization,
        },
        signal,
        priority: options.priority ?? -1,
      })
      return {
        audio: result.audio,
        speechMarks: result.speechMarks,
        billableCharacters: result.billableCharacters,
        requestId: result.requestId,
      }
    },
  }
}
