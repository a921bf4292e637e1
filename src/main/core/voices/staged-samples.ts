import { randomUUID } from 'node:crypto'
import { MAX_VOICE_SAMPLE_BYTES } from '../../../shared/domain/voice'
import { AppError } from '../../../shared/errors'

/** Largest voice sample VoiceDesk accepts (the service's own limit). */
export const MAX_SAMPLE_BYTES = MAX_VOICE_SAMPLE_BYTES

/** A sample the user chose or recorded, held in main until the voice is created. */
export interface StagedSample {
  id: string
  ownerId: number
  fileName: string
  bytes: Uint8Array
  stagedAt: number
}

const MAX_PER_OWNER = 4
const MAX_AGE_MS = 60 * 60 * 1000

/**
 * Samples waiting to be uploaded, by id. Why ids and not paths or bytes on every call: the page
 * never names a file for main to read, and a 10 MB sample crosses IPC once, not at each retry.
 */
export class StagedSamples {
  readonly #items = new Map<string, StagedSample>()

  /** Keeps a sample for its window; the oldest ones of that window are dropped past a few. */
  stage(ownerId: number, fileName: string, bytes: Uint8Array): StagedSample {
    if (bytes.byteLength === 0) {
      throw new AppError('VALIDATION_FAILED', 'The sample file is empty. Choose a recording.', {
        details: { fields: { sample: 'The file is empty.' } },
      })
    }
    if (bytes.byteLength > MAX_SAMPLE_BYTES) throw sampleTooLarge(bytes.byteLength)
    this.#prune(ownerId)
    const sample: StagedSample = {
      id: randomUUID(),
      ownerId,
      fileName: fileName.trim() === '' ? 'sample' : fileName.trim(),
      bytes,
      stagedAt: Date.now(),
    }
    this.#items.set(sample.id, sample)
    return sample
  }

  /** The sample, when it exists and belongs to that window. */
  take(id: string, ownerId: number): StagedSample {
    const sample = this.#items.get(id)
    if (sample === undefined || sample.ownerId !== ownerId) {
      throw new AppError(
        'VALIDATION_FAILED',
        'The chosen sample is no longer available. Choose or record it again.',
        { details: { fields: { sample: 'Choose or record the sample again.' } } },
      )
    }
    return sample
  }

  /** Forgets a sample (the voice was created). */
  drop(id: string): void {
    this.#items.delete(id)
  }

  #prune(ownerId: number): void {
    const now = Date.now()
    const own: StagedSample[] = []
    for (const [id, sample] of this.#items) {
      if (now - sample.stagedAt > MAX_AGE_MS) this.#items.delete(id)
      else if (sample.ownerId === ownerId) own.push(sample)
    }
    own.sort((a, b) => a.stagedAt - b.stagedAt)
    while (own.length >= MAX_PER_OWNER) {
      const oldest = own.shift()
      if (oldest !== undefined) this.#items.delete(oldest.id)
    }
  }
}

/** The error for a sample over {@link MAX_SAMPLE_BYTES}. */
export function sampleTooLarge(size: number): AppError {
  const mb = (size / 1024 / 1024).toFixed(1)
  return new AppError(
    'VALIDATION_FAILED',
    `The sample is ${mb} MB; the service takes at most 10 MB. Use a shorter recording (10 to 30 seconds is enough) or a compressed format such as MP3.`,
    { details: { fields: { sample: `The file is ${mb} MB; at most 10 MB.` } } },
  )
}
