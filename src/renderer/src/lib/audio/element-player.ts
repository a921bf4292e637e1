import { followAudioElement, PlaybackState } from './playback'

/**
 * What the in-memory players share: one audio element at a time on a blob: URL, its events
 * followed into `state`, and the pause controls. Subclasses decide where the bytes come from.
 */
export abstract class ElementPlayer {
  readonly state = new PlaybackState()
  #audio: HTMLAudioElement | null = null
  #url: string | null = null
  #detach: (() => void) | null = null

  /** The element playing now, if any. */
  protected get audio(): HTMLAudioElement | null {
    return this.#audio
  }

  /** Makes `audio` (playing the blob: `url`) the current sound and follows its events. */
  protected attach(audio: HTMLAudioElement, url: string): void {
    this.#audio = audio
    this.#url = url
    this.#detach = followAudioElement(audio, this.state)
  }

  /** Stops the current element and frees its URL; the state is left to the caller. */
  protected release(): void {
    this.#detach?.()
    this.#detach = null
    if (this.#audio !== null) {
      this.#audio.pause()
      this.#audio.removeAttribute('src')
      this.#audio.load()
    }
    if (this.#url !== null) URL.revokeObjectURL(this.#url)
    this.#audio = null
    this.#url = null
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
}
