import { followAudioElement, PlaybackState } from './playback'

/**
 * Plays whole audio files held in memory (previews, samples) through a blob: URL: the page never
 * loads audio from the network. One sound at a time; starting another stops the current one.
 */
export class BytesPlayer {
  readonly state = new PlaybackState()
  #audio: HTMLAudioElement | null = null
  #url: string | null = null
  #detach: (() => void) | null = null

  /** Shows "loading" while the bytes are fetched by the caller. */
  loading(label: string): void {
    this.stop()
    this.state.set({ status: 'loading', label, positionSec: 0, durationSec: null, error: null })
  }

  /** Plays `bytes` (any format the page can decode: MP3, WAV, Ogg...). */
  async play(bytes: Uint8Array, mimeType: string, label: string): Promise<void> {
    this.stop()
    const blob = new Blob([bytes.slice().buffer], { type: mimeType })
    const url = URL.createObjectURL(blob)
    const audio = new Audio()
    audio.preload = 'auto'
    audio.src = url
    this.#audio = audio
    this.#url = url
    this.#detach = followAudioElement(audio, this.state)
    this.state.set({ status: 'loading', label, positionSec: 0, durationSec: null, error: null })
    try {
      await audio.play()
    } catch (error) {
      if (this.#audio !== audio) return
      this.state.set({
        status: 'error',
        error:
          error instanceof DOMException && error.name === 'NotAllowedError'
            ? 'The window did not allow sound to start. Click Play again.'
            : 'This audio could not be played.',
      })
    }
  }

  /** Shows an error that happened before any audio arrived (the fetch failed). */
  fail(label: string, message: string): void {
    this.stop()
    this.state.set({ status: 'error', label, error: message })
  }

  /** Pauses playback (the stream keeps buffering); `resume` continues. */
  pause(): void {
    this.#audio?.pause()
  }

  /** Continues after `pause`. */
  resume(): void {
    this.#audio?.play().catch(() => undefined)
  }

  /** True while paused by `pause` (not ended, not stopped). */
  get paused(): boolean {
    return this.#audio !== null && this.#audio.paused && !this.#audio.ended
  }

  /** Jumps to a time in the current sound (seconds) and plays from there. */
  seek(seconds: number): void {
    if (this.#audio === null) return
    this.#audio.currentTime = Math.max(0, seconds)
    this.#audio.play().catch(() => undefined)
  }

  /** The exact playback position (seconds), read each frame for word highlighting. */
  get currentTime(): number {
    return this.#audio?.currentTime ?? 0
  }

  /** Stops and releases the current sound; the state goes back to idle. */
  stop(): void {
    this.#detach?.()
    this.#detach = null
    if (this.#audio !== null) {
      this.#audio.pause()
      this.#audio.removeAttribute('src')
      this.#audio.load()
      this.#audio = null
    }
    if (this.#url !== null) URL.revokeObjectURL(this.#url)
    this.#url = null
    this.state.reset()
  }
}
