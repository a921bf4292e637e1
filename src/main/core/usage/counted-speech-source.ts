import { billableCharacters } from '../../../shared/domain/billable'
import type { SpeechSource } from '../narration/fetch/speech-source'
import type { UsageRecorder } from './counted-client'
import { notingCredit } from './counted-client'

/**
 * `source` whose every successful synthesis is recorded under `project`. Only answers count: a
 * piece found in the cache never reaches the source, so it is never counted (it is free).
 */
export function countedSpeechSource(
  source: SpeechSource,
  usage: UsageRecorder | undefined,
  project: string,
): SpeechSource {
  if (usage === undefined) return source
  return {
    get maxInFlight() {
      return source.maxInFlight
    },
    ...(source.onServiceBusy ? { onServiceBusy: source.onServiceBusy.bind(source) } : {}),
    ...(source.listVoices ? { listVoices: source.listVoices.bind(source) } : {}),
    async synthesizePiece(request, signal) {
      const result = await notingCredit(usage, () => source.synthesizePiece(request, signal))
      // The service's own count when it gave one; otherwise counted the way it bills.
      const counted =
        result.billableCharacters ??
        billableCharacters({ text: request.input, ssml: /^\s*<speak\b/u.test(request.input) }, null)
      usage.record(project, counted)
      return result
    },
  }
}
