import { ElementPlayer } from './element-player'

/**
 * Plays whole audio files held in memory (previews, samples) through a blob: URL: the page never
 * loads audio from the network. One sound at a time; starting another stops the current one.
 */
export class BytesPlayer extends ElementPlayer {
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
    this.attach(audio, url)
    this.state.set({ status: 'loading', label, positionSec: 0, durationSec: null, error: null })
    try {
      await audio.play()
    } catch (error) {
      if (this.audio !== audio) return
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

  /** Jumps to a time in the current sound (seconds) and plays from there. */
  seek(seconds: number): void {
    if (this.audio === null) return
    this.audio.currentTime = Math.max(0, seconds)
    this.audio.play().catch(() => undefined)
  }

  /** The exact playback position (seconds), read each frame for word highlighting. */
  get currentTime(): number {
    return this.audio?.currentTime ?? 0
  }

  /** Stops and releases the current sound; the state goes back to idle. */
  stop(): void {
    this.release()
    this.state.reset()
  }
}
