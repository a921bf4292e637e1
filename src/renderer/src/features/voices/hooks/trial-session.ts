import { AppError } from '../../../../../shared/errors'
import type { StreamPlayer } from '../../../lib/audio/stream-player'
import { describeError } from '../../../lib/error-messages'
import { cancelVoiceTrial, onVoiceTrialEvents, startVoiceTrial } from '../api/voice-trial'

type TrialEvent =
  | { kind: 'audio'; seq: number; chunk: Uint8Array }
  | { kind: 'ended'; ok: true }
  | { kind: 'ended'; ok: false; error: AppError }

/**
 * One "try with my text" at a time: starts the stream job in main, feeds its chunks to the
 * stream player in order, reports the end (a cut stream is an error), and cancels through
 * jobs:cancel. Events that arrive before main's answer names the job are held, not lost.
 */
export class TrialSession {
  readonly #player: StreamPlayer
  #jobId: string | null = null
  #starting = false
  readonly #early = new Map<string, TrialEvent[]>()
  #unsubscribe: (() => void) | null = null

  constructor(player: StreamPlayer) {
    this.#player = player
  }

  /** Listens to main's trial events; returns the stop function (the workspace's effect). */
  attach(): () => void {
    this.#unsubscribe = onVoiceTrialEvents({
      audio: ({ jobId, seq, chunk }) => this.#deliver(jobId, { kind: 'audio', seq, chunk }),
      ended: (payload) =>
        this.#deliver(
          payload.jobId,
          payload.ok
            ? { kind: 'ended', ok: true }
            : { kind: 'ended', ok: false, error: AppError.fromData(payload.error) },
        ),
    })
    return () => {
      this.cancel()
      this.#unsubscribe?.()
      this.#unsubscribe = null
    }
  }

  get running(): boolean {
    return this.#jobId !== null || this.#starting
  }

  /** Starts speaking `text`; call it from the click (the player starts within the gesture). */
  async start(input: {
    voiceId: string
    voiceName: string
    text: string
    model?: string
  }): Promise<void> {
    this.cancel()
    this.#player.begin(`${input.voiceName}: “${shorten(input.text)}”`)
    this.#starting = true
    this.#early.clear()
    try {
      const { jobId } = await startVoiceTrial({
        voiceId: input.voiceId,
        text: input.text,
        ...(input.model === undefined ? {} : { model: input.model }),
      })
      this.#jobId = jobId
      const early = this.#early.get(jobId) ?? []
      this.#early.clear()
      for (const event of early) this.#apply(event)
    } catch (error) {
      this.#player.fail(messageOf(error))
    } finally {
      this.#starting = false
    }
  }

  /** Stops the sound and cancels the job in main. */
  cancel(): void {
    const jobId = this.#jobId
    this.#jobId = null
    this.#player.stop()
    if (jobId !== null) cancelVoiceTrial(jobId)
  }

  #deliver(jobId: string, event: TrialEvent): void {
    if (this.#jobId === jobId) {
      this.#apply(event)
      return
    }
    if (this.#starting) {
      const held = this.#early.get(jobId) ?? []
      held.push(event)
      this.#early.set(jobId, held)
    }
  }

  #apply(event: TrialEvent): void {
    if (event.kind === 'audio') {
      this.#player.push(event.chunk, event.seq)
      return
    }
    this.#jobId = null
    if (event.ok) this.#player.finish()
    else if (event.error.code === 'CANCELLED') this.#player.stop()
    else this.#player.fail(messageOf(event.error))
  }
}

function shorten(text: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ')
  return trimmed.length > 40 ? `${trimmed.slice(0, 39)}…` : trimmed
}

/** "Title: message" for the player bar. */
export function messageOf(error: unknown): string {
  const description = describeError(error)
  return `${description.title}. ${description.message}`
}
